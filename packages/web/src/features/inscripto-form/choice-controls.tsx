import { Controller, useFormContext } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { SI_NO, type Option } from '@inscripciones/shared/inscriptos/options.ts';
import { FIELD_OPTIONS } from '@inscripciones/shared/inscriptos/field-options.ts';
import { DatoReservado } from './dato-reservado.tsx';
import { FieldError, Hint, RequiredMark, useFieldMeta, type CommonProps } from './field-meta.tsx';
import { fieldLabel } from './form-ui.ts';
import type { FormValues } from './form-values.ts';

/** The choice inputs of the enrolment form (radios and check boxes); see field-meta.tsx for the common rules. */

/** A group of radio buttons (one choice) in a fieldset whose legend is the label. */
export function RadioGroup(props: CommonProps & { options?: readonly Option[]; inline?: boolean }) {
  const { name, label, hint, inline = true, className = 'mb-3' } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  const options = props.options ?? FIELD_OPTIONS[name] ?? [];
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset
          className={className}
          role="radiogroup"
          aria-required={meta.isRequired || undefined}
          aria-invalid={meta.message ? true : undefined}
          aria-describedby={meta.describedBy}
          aria-labelledby={`${meta.id}-legend`}
        >
          <legend id={`${meta.id}-legend`} className="form-label fs-6 mb-1">
            {label ?? fieldLabel(name)}
            {meta.isRequired && <RequiredMark />}
          </legend>
          {options.map((o, index) => (
            <Form.Check
              key={o.value}
              type="radio"
              inline={inline}
              id={`${meta.id}-${o.value}`}
              name={field.name}
              label={o.label}
              value={o.value}
              checked={field.value === o.value}
              onChange={() => field.onChange(o.value)}
              onBlur={field.onBlur}
              ref={index === 0 ? field.ref : undefined}
              isInvalid={!!meta.message}
            />
          ))}
          <Hint id={meta.hintId}>{hint}</Hint>
          <FieldError id={meta.errorId} message={meta.message} />
        </fieldset>
      )}
    />
  );
}

/** A boolean field answered Sí / No with radio buttons (SPEC 2: "yes/no radio"). */
export function BooleanRadio(props: CommonProps & { onValueChange?: (value: boolean) => void }) {
  const { name, label, hint, className = 'mb-3', onValueChange } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  const [si, no] = SI_NO;
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className={className} role="radiogroup" aria-labelledby={`${meta.id}-legend`}>
          <legend id={`${meta.id}-legend`} className="form-label fs-6 mb-1">
            {label ?? fieldLabel(name)}
          </legend>
          {[
            { option: si, value: true },
            { option: no, value: false },
          ].map(({ option, value }) => (
            <Form.Check
              key={String(value)}
              type="radio"
              inline
              id={`${meta.id}-${String(value)}`}
              name={field.name}
              label={option?.label}
              checked={field.value === value}
              onChange={() => {
                field.onChange(value);
                onValueChange?.(value);
              }}
              onBlur={field.onBlur}
              ref={value ? field.ref : undefined}
            />
          ))}
          <Hint id={meta.hintId}>{hint}</Hint>
        </fieldset>
      )}
    />
  );
}

/** One check box for a boolean field. */
export function Checkbox(props: CommonProps) {
  const { name, label, hint, className = 'mb-2' } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <div className={className}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Form.Check
            type="checkbox"
            id={meta.id}
            label={label ?? fieldLabel(name)}
            aria-describedby={meta.describedBy}
            ref={field.ref}
            name={field.name}
            checked={field.value === true}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
          />
        )}
      />
      <Hint id={meta.hintId}>{hint}</Hint>
    </div>
  );
}

/** Several check boxes for a list field (razonElegirInstitucion). */
export function CheckboxGroup(props: CommonProps & { options?: readonly Option[] }) {
  const { name, label, hint, className = 'mb-3' } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  const options = props.options ?? FIELD_OPTIONS[name] ?? [];
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
        return (
          <fieldset className={className} aria-describedby={meta.describedBy} aria-labelledby={`${meta.id}-legend`}>
            <legend id={`${meta.id}-legend`} className="form-label fs-6 mb-1">
              {label ?? fieldLabel(name)}
              {meta.isRequired && <RequiredMark />}
              {meta.isRequired && <span className="visually-hidden"> (obligatorio: al menos una)</span>}
            </legend>
            {options.map((o, index) => (
              <Form.Check
                key={o.value}
                type="checkbox"
                id={`${meta.id}-${o.value}`}
                name={field.name}
                label={o.label}
                value={o.value}
                checked={chosen.includes(o.value)}
                onChange={(event) =>
                  field.onChange(
                    // Kept in the list's order.
                    options
                      .map((opt) => opt.value)
                      .filter((v) => (v === o.value ? event.target.checked : chosen.includes(v))),
                  )
                }
                onBlur={field.onBlur}
                ref={index === 0 ? field.ref : undefined}
                isInvalid={!!meta.message}
              />
            ))}
            <Hint id={meta.hintId}>{hint}</Hint>
            <FieldError id={meta.errorId} message={meta.message} />
          </fieldset>
        );
      }}
    />
  );
}
