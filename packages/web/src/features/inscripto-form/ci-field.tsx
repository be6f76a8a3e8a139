import { useState, type ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { CI_LENGTH, ciCheckDigitWarning, ciError, formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { CiAviso } from '../../lib/ci-aviso.tsx';
import { FieldError, RequiredMark, type Name } from './field-controls.tsx';
import { fieldId, fieldLabel, useFormUi } from './form-ui.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

interface CiFieldProps {
  name: Name;
  label?: ReactNode;
  /** The student's own CI: required, with the hint, the valid mark and the duplicate check. */
  main?: boolean;
}

/**
 * SPEC 2 and 5 "CI": digits only, at most 8 kept, shown as X.XXX.XXX-X (formatCi) while the form keeps
 * the bare digits. The shared validator's message shows once 8 digits are typed or the field is left;
 * a valid one shows "Cédula válida ✓" (unless another enrolment has it), and a wrong check digit is a
 * note that never blocks (foreign documents) and replaces the valid mark.
 */
export function CiField({ name, label, main = false }: CiFieldProps) {
  const ui = useFormUi();
  const check = main ? ui.ciCheck : undefined;
  const { control } = useFormContext();
  const [touched, setTouched] = useState(false);
  const id = fieldId(ui.idPrefix, name);
  const required = main && ui.isRequired(name);

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const digits = typeof field.value === 'string' ? field.value : '';
        const complete = digits.length === CI_LENGTH;
        const missing = ui.fieldError(name) !== undefined;
        const ruleError = complete || touched || missing ? ciError(digits) : null;
        // Reported missing by "Siguiente" (the section's message is the announcement), or a live rule error
        // or duplicate (announced here).
        const missingError = missing && digits === '' ? (main ? INSCRIPTO_MSG.ciRequired : ui.fieldError(name)) : null;
        const liveError = ruleError ?? (main && complete ? check?.duplicate : null) ?? null;
        const error = missingError ?? liveError ?? undefined;
        const warning = complete && !error ? ciCheckDigitWarning(digits) : null;
        // One state at a time: a wrong check digit is not "válida".
        const valid = main && complete && !error && !warning && !check?.checking;
        const anteriores = main && complete && !error ? (check?.anteriores ?? []) : [];
        const describedBy = [
          anteriores.length ? `${id}-anteriores` : null,
          main ? `${id}-ayuda` : null,
          error ? `${id}-error` : null,
          valid ? `${id}-valida` : null,
          warning ? `${id}-aviso` : null,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <Form.Group className="mb-3" controlId={id}>
            <Form.Label>
              {label ?? fieldLabel(name)}
              {required && <RequiredMark />}
            </Form.Label>
            <Form.Control
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="X.XXX.XXX-X"
              value={formatCi(digits)}
              onChange={(event) => field.onChange(event.target.value.replace(/\D/g, '').slice(0, CI_LENGTH))}
              onBlur={() => {
                setTouched(true);
                field.onBlur();
              }}
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              isInvalid={!!error}
              isValid={valid}
            />
            {main && (
              <Form.Text id={`${id}-ayuda`} className="d-block">
                {INSCRIPTO_MSG.ciHint}
              </Form.Text>
            )}
            <FieldError id={error ? `${id}-error` : undefined} message={error} alert={!missingError} />
            {main && complete && !error && check?.checking && (
              <div className="form-text" role="status">
                Verificando cédula...
              </div>
            )}
            {valid && (
              <div id={`${id}-valida`} className="valid-feedback d-block" role="status">
                {INSCRIPTO_MSG.ciValid}
              </div>
            )}
            {warning && <CiAviso fieldId={id} ci={digits} />}
            {anteriores.length > 0 && (
              <div id={`${id}-anteriores`} className="form-text text-info-emphasis" role="status">
                {anteriores.join('. ')}
              </div>
            )}
          </Form.Group>
        );
      }}
    />
  );
}
