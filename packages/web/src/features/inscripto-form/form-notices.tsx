import Alert from 'react-bootstrap/Alert';
import type { Role } from '@inscripciones/shared/roles.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** Why the form is read-only: the guest sees the general notice, anyone else that the record is not theirs. */
export function readOnlyNotice(readOnly: boolean, role: Role | undefined): string | null {
  if (!readOnly) return null;
  return role === 'visitado'
    ? INSCRIPTO_MSG.readOnlyNotice
    : `${INSCRIPTO_MSG.noEditPermission} esta inscripción: solo podés editar las que creaste o tenés asignadas.`;
}

/** The notices above the form's progress (the place for any further line about the record's context). */
export function FormNotices({ readOnly, role }: { readOnly: boolean; role: Role | undefined }) {
  const notice = readOnlyNotice(readOnly, role);
  return (
    notice && (
      <Alert variant="info" role="status">
        {notice}
      </Alert>
    )
  );
}
