import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { FIELD_OPTIONS, SI_NO, type Option } from '@inscripciones/shared/inscriptos/options.ts';
import { fieldId, fieldLabel, useFormUi } from './form-ui.ts';
import { DatoReservado } from './dato-reservado.tsx';
import type { FormValues } from './form-values.ts';

/**
 * The inputs of the enrolment form. Every one has a visible label (FIELD_LABELS unless given), required
 * ones carry a visual "*" and aria-required, and a field reported missing gets aria-invalid and its
 * message linked with aria-describedby. Read-only mode disables them through the section's <fieldset>.
 */

export type Name = FieldPath<FormValues>;

interface CommonProps {
  name: Name;
  /** Defaults to FIELD_LABELS[name]. */
  label?: ReactNode;
  hint?: ReactNode;
  /** Overrides the "missing" message of the section check. */
  error?: string | null;
  required?: boolean;
  className?: string;
}

export function RequiredMark() {
  return (
    <span className="text-danger" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

/** Ids, required flag and error of a field, shared by every control. */
function useFieldMeta({ name, error, required, hint }: CommonProps) {
  const ui = useFormUi();
  const id = fieldId(ui.idPrefix, name);
  const isRequired = required ?? ui.isRequired(name);
  const message = error === undefined ? ui.fieldError(name) : (error ?? undefined);
  const hintId = hint ? `${id}-ayuda` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  return {
    id,
    reserved: ui.reserved?.has(name) ?? false,
    isRequired,
    message,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

function Hint({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <Form.Text id={id} className="d-block">
      {children}
    </Form.Text>
  );
}

export function FieldError({
  id,
  message,
  alert = false,
}: {
  id: string | undefined;
  message?: string;
  alert?: boolean;
}) {
  if (!id || !message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role={alert ? 'alert' : undefined}>
      {message}
    </div>
  );
}

type TextKind = 'text' | 'textarea' | 'phone' | 'income' | 'digits';

/** Characters each kind keeps while typing (SPEC 2: phones digits only; income digits and dot). */
const FILTERS: Partial<Record<TextKind, (s: string) => string>> = {
  phone: (s) => s.replace(/\D/g, ''),
  digits: (s) => s.replace(/\D/g, ''),
  income: (s) => s.replace(/[^\d.]/g, ''),
};

export function TextInput(props: CommonProps & { kind?: TextKind; maxLength?: number; autoComplete?: string }) {
  const { name, label, hint, kind = 'text', maxLength, autoComplete = 'off', className = 'mb-3' } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  const filter = FILTERS[kind];
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <Form.Group className={className} controlId={meta.id}>
      <Form.Label>
        {label ?? fieldLabel(name)}
        {meta.isRequired && <RequiredMark />}
      </Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const common = {
            name: field.name,
            value: typeof field.value === 'string' ? field.value : '',
            onBlur: field.onBlur,
            maxLength,
            autoComplete,
            'aria-required': meta.isRequired || undefined,
            'aria-invalid': meta.message ? true : undefined,
            'aria-describedby': meta.describedBy,
            isInvalid: !!meta.message,
          };
          if (kind === 'textarea') {
            return (
              <Form.Control
                {...common}
                ref={field.ref}
                as="textarea"
                rows={3}
                onChange={(event) => field.onChange(event.target.value)}
              />
            );
          }
          return (
            <Form.Control
              {...common}
              ref={field.ref}
              type={kind === 'phone' ? 'tel' : 'text'}
              inputMode={kind === 'phone' || kind === 'digits' ? 'numeric' : kind === 'income' ? 'decimal' : undefined}
              onChange={(event) => field.onChange(filter ? filter(event.target.value) : event.target.value)}
            />
          );
        }}
      />
      <Hint id={meta.hintId}>{hint}</Hint>
      <FieldError id={meta.errorId} message={meta.message} />
    </Form.Group>
  );
}

export function SelectInput(
  props: CommonProps & { options?: readonly Option[]; placeholder?: string; onValueChange?: (value: string) => void },
) {
  const { name, label, hint, placeholder = 'Seleccioná una opción', className = 'mb-3', onValueChange } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  const options = props.options ?? FIELD_OPTIONS[name] ?? [];
  if (meta.reserved)
    return <DatoReservado id={meta.id} label={props.label ?? fieldLabel(props.name)} className={props.className} />;
  return (
    <Form.Group className={className} controlId={meta.id}>
      <Form.Label>
        {label ?? fieldLabel(name)}
        {meta.isRequired && <RequiredMark />}
      </Form.Label>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const current = typeof field.value === 'string' ? field.value : '';
          // A stored value no longer in the list (an old catalogue name) stays visible and selected.
          const extra = current !== '' && !options.some((o) => o.value === current);
          return (
            <Form.Select
              ref={field.ref}
              name={field.name}
              value={current}
              onChange={(event) => {
                field.onChange(event.target.value);
                onValueChange?.(event.target.value);
              }}
              onBlur={field.onBlur}
              aria-required={meta.isRequired || undefined}
              aria-invalid={meta.message ? true : undefined}
              aria-describedby={meta.describedBy}
              isInvalid={!!meta.message}
            >
              <option value="">{placeholder}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
              {extra && <option value={current}>{current}</option>}
            </Form.Select>
          );
        }}
      />
      <Hint id={meta.hintId}>{hint}</Hint>
      <FieldError id={meta.errorId} message={meta.message} />
    </Form.Group>
  );
}

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

/** A year chosen from a window (SPEC 9 centre years), as text in the form. */
export function YearSelect(props: CommonProps & { min: number; max: number }) {
  const { min, max, ...rest } = props;
  const years: Option[] = [];
  for (let y = max; y >= min; y -= 1) years.push({ value: String(y), label: String(y) });
  return <SelectInput {...rest} options={years} placeholder="Año" />;
}
