import { Controller, useFormContext } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ULTIMO_CENTRO_SELECCIONE, type Option } from '@inscripciones/shared/inscriptos/options.ts';
import { FIELD_OPTIONS } from '@inscripciones/shared/inscriptos/field-options.ts';
import { DatoReservado } from './dato-reservado.tsx';
import { FieldError, Hint, RequiredMark, useFieldMeta, type CommonProps } from './field-meta.tsx';
import { fieldLabel, useFormUi } from './form-ui.ts';
import type { FormValues } from './form-values.ts';

/** The text and list inputs of the enrolment form; the choice inputs live in choice-controls.tsx. */
export { BooleanRadio, Checkbox, CheckboxGroup, RadioGroup } from './choice-controls.tsx';
export { FieldError, RequiredMark, type Name } from './field-meta.tsx';

type TextKind = 'text' | 'textarea' | 'phone' | 'income' | 'digits' | 'email';

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
              type={kind === 'phone' ? 'tel' : kind === 'email' ? 'email' : 'text'}
              inputMode={
                kind === 'phone' || kind === 'digits'
                  ? 'numeric'
                  : kind === 'income'
                    ? 'decimal'
                    : kind === 'email'
                      ? 'email'
                      : undefined
              }
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
  const { name, label, hint, className = 'mb-3', onValueChange } = props;
  const { control } = useFormContext<FormValues>();
  const meta = useFieldMeta(props);
  // A read-only form asks nothing: an empty list says it was not answered instead of "Seleccioná…".
  const placeholder = useFormUi().readOnly
    ? INSCRIPTO_MSG.noAnswer
    : (props.placeholder ?? INSCRIPTO_MSG.selectPlaceholder);
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
          // The old placeholder stored as a value counts as empty (SPEC 5): it shows as today's placeholder.
          const empty = current === '' || current === ULTIMO_CENTRO_SELECCIONE;
          // A stored value no longer in the list (an old catalogue name) stays visible and selected.
          const extra = !empty && !options.some((o) => o.value === current);
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
              <option value={empty ? current : ''}>{placeholder}</option>
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

/** A year chosen from a window (SPEC 9 centre years), as text in the form. */
export function YearSelect(props: CommonProps & { min: number; max: number }) {
  const { min, max, ...rest } = props;
  const years: Option[] = [];
  for (let y = max; y >= min; y -= 1) years.push({ value: String(y), label: String(y) });
  return <SelectInput {...rest} options={years} placeholder="Año" />;
}
