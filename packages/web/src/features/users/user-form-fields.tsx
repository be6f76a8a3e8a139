import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** aria-describedby for a field: its hint (if any) and its error (if any). */
export function describedBy(fieldId: string, invalid: boolean, hint = false): string | undefined {
  return [hint ? `${fieldId}-ayuda` : null, invalid ? `${fieldId}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A field's error, announced, with the id describedBy points to. */
export function FieldFeedback({ fieldId, message }: { fieldId: string; message: string | undefined }) {
  return message ? (
    <Form.Control.Feedback type="invalid" id={`${fieldId}-error`} role="alert">
      {message}
    </Form.Control.Feedback>
  ) : null;
}

interface UserTextFieldProps extends Pick<
  ComponentProps<typeof Form.Control>,
  'type' | 'autoComplete' | 'autoCapitalize' | 'spellCheck' | 'placeholder'
> {
  fieldId: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Whether the field has an error, and its message if it has one. */
  invalid: boolean;
  error: string | undefined;
  required?: boolean;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
}

/** One text input of the user form, labelled, with its hint and error tied to it for screen readers. */
export function UserTextField({
  fieldId,
  label,
  registration,
  invalid,
  error,
  required = true,
  hint,
  ...control
}: UserTextFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={fieldId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...control}
        aria-required={required ? 'true' : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy(fieldId, invalid, hint !== undefined)}
        isInvalid={invalid}
        {...registration}
      />
      <FieldFeedback fieldId={fieldId} message={error} />
      {hint !== undefined && <Form.Text id={`${fieldId}-ayuda`}>{hint}</Form.Text>}
    </Form.Group>
  );
}
