import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import {
  birthDateError,
  birthDateWindow,
  formatDateDMY,
  isIsoDate,
  parseDateDMY,
} from '@inscripciones/shared/inscriptos/dates.ts';
import { maskDateDMY } from './date-mask.ts';
import { FieldError, RequiredMark } from './field-controls.tsx';
import { DatoReservado } from './dato-reservado.tsx';
import { fieldId, fieldLabel, useFormUi } from './form-ui.ts';
import type { FormValues } from './form-values.ts';

/**
 * SPEC 2 and 9: the birth date is typed DD/MM/YYYY (masked: maskDateDMY) and must fall in the window of birthDateWindow. The
 * form keeps YYYY-MM-DD once the text is a real date (the stored format) and the text as typed until then,
 * so the shared birthDateError reports an unfinished or impossible date as invalid.
 */
export function BirthDateField() {
  const ui = useFormUi();
  const { control } = useFormContext<FormValues>();
  const [touched, setTouched] = useState(false);
  const name = 'fechaNacimiento';
  const id = fieldId(ui.idPrefix, name);
  const required = ui.isRequired(name);
  const { min, max } = birthDateWindow(ui.today);
  // Withheld from the guest, who reads what the public may.
  if (ui.reserved?.has(name)) return <DatoReservado id={id} label={fieldLabel(name)} />;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const value = field.value;
        const shown = isIsoDate(value) ? formatDateDMY(value) : value;
        const missing = value === '' ? ui.fieldError(name) : undefined;
        const ruleError = touched || isIsoDate(value) ? birthDateError(value, ui.today) : null;
        const error = missing ?? ruleError ?? undefined;
        return (
          <Form.Group className="mb-3" controlId={id}>
            <Form.Label>
              {fieldLabel(name)}
              {required && <RequiredMark />}
            </Form.Label>
            <Form.Control
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="DD/MM/AAAA"
              maxLength={10}
              value={shown}
              onChange={(event) => {
                const text = maskDateDMY(event.target.value);
                field.onChange(parseDateDMY(text) ?? text);
              }}
              onBlur={() => {
                setTouched(true);
                field.onBlur();
              }}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={[`${id}-ayuda`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
              isInvalid={!!error}
            />
            <Form.Text id={`${id}-ayuda`} className="d-block">
              Formato DD/MM/AAAA, entre el {formatDateDMY(min)} y el {formatDateDMY(max)}.
            </Form.Text>
            <FieldError id={error ? `${id}-error` : undefined} message={error} alert={!missing} />
          </Form.Group>
        );
      }}
    />
  );
}
