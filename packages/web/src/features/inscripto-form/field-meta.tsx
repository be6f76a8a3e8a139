import type { ReactNode } from 'react';
import type { FieldPath } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { fieldId, useFormUi } from './form-ui.ts';
import type { FormValues } from './form-values.ts';

/**
 * The inputs of the enrolment form. Every one has a visible label (FIELD_LABELS unless given), required
 * ones carry a visual "*" and aria-required, and a field reported missing gets aria-invalid and its
 * message linked with aria-describedby. Read-only mode disables them through the section's <fieldset>.
 */

export type Name = FieldPath<FormValues>;

export interface CommonProps {
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
export function useFieldMeta({ name, error, required, hint }: CommonProps) {
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

export function Hint({ id, children }: { id: string | undefined; children: ReactNode }) {
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
