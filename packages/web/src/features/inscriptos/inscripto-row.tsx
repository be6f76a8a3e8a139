import { Link } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { displayCi, displayDate, fullName } from './list-format.ts';
import { WithTooltip } from './with-tooltip.tsx';

export type ListItem = TInscriptoList['items'][number];

/**
 * One enrolment of the list, with the actions this user may take on it (SPEC 2). Whoever may read the list
 * may open the record: the name is a link and "Ver" is always there. Each cell names
 * its column (data-label) for the card layout of narrow screens.
 */
export function InscriptoRow({
  item,
  user,
  cerrado,
  onDelete,
  selected,
  onSelect,
}: {
  item: ListItem;
  user: TSessionUser;
  /** Its admission cycle is closed: read-only for everyone (docs/decisions/0014). */
  cerrado: boolean;
  onDelete: () => void;
  /** Row selection (administrators: export or print the selection); undefined when not offered. */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
}) {
  const nombre = fullName(item);
  const readOnly = !can(user, 'inscriptos:create') || cerrado;
  const canEdit = canEditInscripto(user, { createdBy: item.createdBy, funcionario: item.funcionario });
  const showDelete = can(user, 'inscriptos:delete') && !cerrado;
  const editable = !readOnly && canEdit;
  const href = `/inscriptos/${encodeURIComponent(item.id)}`;
  const who = <span className="visually-hidden"> la inscripción de {nombre}</span>;
  const sibling = item.coincidencia;

  return (
    <tr className={selected ? 'table-active' : undefined}>
      <td data-label="N° Inscripción" className="inscriptos-table__numero">
        {onSelect && (
          <input
            type="checkbox"
            className="form-check-input inscriptos-select"
            checked={selected ?? false}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={INSCRIPTO_MSG.selectRow(nombre)}
          />
        )}
        {item.numeroInscripcion ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{INSCRIPTO_MSG.noNumber}</span>
          </>
        )}
      </td>
      <td data-label="Nombre" className="inscriptos-table__nombre">
        <Link to={href}>{nombre}</Link>
        {sibling && (
          <div className="small text-body-secondary">
            {INSCRIPTO_MSG.siblingMatch(sibling.nombre, sibling.ci ? formatCi(sibling.ci) : '')}
          </div>
        )}
      </td>
      <td data-label="Cédula" className="text-nowrap">
        {displayCi(item)}
      </td>
      <td data-label="Fecha inscripción">{displayDate(item.fechaInscripcion)}</td>
      <td data-label="Estado" className="inscriptos-table__estado">
        {item.estado === 'finalizado' ? (
          <Badge bg="success">{INSCRIPTO_MSG.badgeFinalized}</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            {INSCRIPTO_MSG.badgePending}
          </Badge>
        )}
      </td>
      <td className="text-nowrap inscriptos-table__acciones">
        <div className="d-flex flex-wrap gap-2">
          {/* On a phone's card one way in: "Editar" where the user may edit, "Ver" elsewhere (no disabled
              "Editar" on every card). At table width SPEC 2's disabled "Editar" with its tooltip stays. */}
          <Link
            to={href}
            className={`btn btn-sm btn-outline-secondary${editable ? ' inscriptos-table__solo-tabla' : ''}`}
          >
            {INSCRIPTO_MSG.view}
            {who}
          </Link>
          {!readOnly &&
            (canEdit ? (
              <Link to={href} className="btn btn-sm btn-outline-primary">
                Editar{who}
              </Link>
            ) : (
              <WithTooltip text={INSCRIPTO_MSG.noEditPermission}>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary app-unavailable inscriptos-table__solo-tabla"
                  aria-disabled="true"
                >
                  Editar{who}
                </button>
              </WithTooltip>
            ))}
          {showDelete && (
            <Button variant="outline-danger" size="sm" onClick={onDelete}>
              Eliminar{who}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}
