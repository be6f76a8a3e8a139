import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { displayCi, displayDate, fullName } from './list-format.ts';
import { LockIcon } from './lock-icon.tsx';
import { WithTooltip } from './with-tooltip.tsx';

export type ListItem = TInscriptoList['items'][number];

/** One enrolment of the list, with the actions this user may take on it (SPEC 2). */
export function InscriptoRow({
  item,
  user,
  cerrado,
  onDelete,
}: {
  item: ListItem;
  user: TSessionUser;
  /** Its admission cycle is closed: read-only for everyone (docs/decisions/0014). */
  cerrado: boolean;
  onDelete: () => void;
}) {
  const nombre = fullName(item);
  const readOnly = !can(user, 'inscriptos:create') || cerrado;
  const canEdit = canEditInscripto(user, { createdBy: item.createdBy, funcionario: item.funcionario });
  const showDelete = can(user, 'inscriptos:delete');
  const who = <span className="visually-hidden"> la inscripción de {nombre}</span>;

  return (
    <tr>
      <td>
        {item.numeroInscripcion ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{INSCRIPTO_MSG.noNumber}</span>
          </>
        )}
      </td>
      <td>{nombre}</td>
      <td className="text-nowrap">{displayCi(item)}</td>
      <td>{displayDate(item.fechaInscripcion)}</td>
      <td>
        {item.estado === 'finalizado' ? (
          <Badge bg="success">{INSCRIPTO_MSG.badgeFinalized}</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            {INSCRIPTO_MSG.badgePending}
          </Badge>
        )}
      </td>
      <td className="text-nowrap">
        {readOnly ? (
          <span className="inscriptos-readonly-icon" title={INSCRIPTO_MSG.readOnlyIcon}>
            <LockIcon />
            <span className="visually-hidden">{INSCRIPTO_MSG.readOnlyIcon}</span>
          </span>
        ) : (
          <div className="d-flex gap-2">
            {canEdit ? (
              <Link to={`/inscriptos/${encodeURIComponent(item.id)}`} className="btn btn-sm btn-outline-primary">
                Editar{who}
              </Link>
            ) : (
              <WithTooltip text={INSCRIPTO_MSG.noEditPermission}>
                <button type="button" className="btn btn-sm btn-outline-secondary app-unavailable" aria-disabled="true">
                  Editar{who}
                </button>
              </WithTooltip>
            )}
            {showDelete && (
              <Button variant="outline-danger" size="sm" onClick={onDelete}>
                Eliminar{who}
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
