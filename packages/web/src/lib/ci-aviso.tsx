import { ciCheckDigitWarning } from '@inscripciones/shared/inscriptos/ci.ts';

/** The id of the warning under the CI field `fieldId`, for its aria-describedby (only while it is shown). */
export const ciAvisoId = (fieldId: string, ci: unknown) =>
  ciCheckDigitWarning(typeof ci === 'string' ? ci : null) ? `${fieldId}-aviso` : undefined;

/**
 * The non-blocking warning of a CI whose check digit does not match (the shared rule): staff entry, the
 * families' online form and its verification show the same words, and none of them stops a save.
 */
export function CiAviso({ fieldId, ci }: { fieldId: string; ci: unknown }) {
  const aviso = ciCheckDigitWarning(typeof ci === 'string' ? ci : null);
  if (!aviso) return null;
  return (
    <div id={`${fieldId}-aviso`} className="form-text text-warning-emphasis">
      {aviso}
    </div>
  );
}
