import Alert from 'react-bootstrap/Alert';
import type { Role } from '@inscripciones/shared/roles.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

/**
 * Why the form is read-only: its admission cycle is closed (docs/decisions/0014); else the guest sees the
 * general notice, anyone else that the record is not theirs.
 */
export function readOnlyNotice(
  readOnly: boolean,
  role: Role | undefined,
  cicloCerrado: string | null = null,
): string | null {
  if (!readOnly) return null;
  if (cicloCerrado !== null) return CICLO_MSG.cerradoBanner(cicloCerrado);
  return role === 'visitado' ? INSCRIPTO_MSG.readOnlyNotice : INSCRIPTO_MSG.notYoursNotice;
}

/** The notices above the form's progress (the place for any further line about the record's context). */
export function FormNotices({
  readOnly,
  role,
  cicloCerrado = null,
}: {
  readOnly: boolean;
  role: Role | undefined;
  /** The name of the record's admission cycle when it is closed. */
  cicloCerrado?: string | null;
}) {
  const notice = readOnlyNotice(readOnly, role, cicloCerrado);
  return (
    notice && (
      <Alert variant="info" role="status">
        {notice}
      </Alert>
    )
  );
}

/** What the "*" means; a read-only form has no marks and no note. */
export function RequiredNote() {
  return (
    <p className="small text-body-secondary">
      Los campos marcados con <span className="text-danger">*</span> son obligatorios.
    </p>
  );
}
