import type { Transaction } from 'kysely';
import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { DB } from '../../db/schema.ts';
import type { SessionActor } from '../../lib/authorization.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { forgetRecordKey } from '../../data/auditoria/claves-repository.ts';
import { borrarAvisosDeInscriptos } from '../../data/avisos/avisos-repository.ts';
import { borrarSolicitudesDeInscriptos } from '../../data/solicitudes/solicitudes-repository.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import { changedFields, rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { personalChanges } from '../auditoria/personal-changes.ts';
import { anonimizarSorteosDelCiclo } from '../anonimizacion/anonimizar-sorteos.ts';
import { cicloAbierto } from '../ciclos/ciclo-scope.ts';
import { congeladosEnCurso } from '../sorteos/lista-congelada.ts';

/**
 * Deletes one enrolment inside the caller's transaction (the list's "Eliminar" and the duplicates screen's, which
 * records its resolution in the same transaction): its cycle must be open and the record not in a raffle under
 * way; the audit keeps field names and keyed digests, the record's key is forgotten, its messages and its online application's documents go, and a raffle
 * already closed keeps only the child's initials and huella (decision 0024). Returns the deleted row.
 */
export async function eliminarInscripto(
  tx: Transaction<DB>,
  actor: SessionActor,
  id: string,
  now: string,
): Promise<repo.InscriptoRow> {
  const row = await repo.findById(tx, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  await cicloAbierto(tx, row.ciclo_id);
  if ((await congeladosEnCurso(tx, row.ciclo_id))?.has(id)) {
    throw new AppError('CONFLICT', INSCRIPTO_MSG.enSorteoNoEliminar);
  }
  await repo.remove(tx, id);
  const snapshot = {
    ...rowData(row),
    funcionario: row.funcionario,
    estado: row.estado,
    numeroInscripcion: row.numero_inscripcion,
  };
  // Field names and keyed digests only: no child's value enters the append-only chain (docs/privacy.md).
  const cambios = await personalChanges(tx, id, changedFields(snapshot, {}));
  await appendAudit(tx, { fecha: now, usuario: actor.username, accion: 'eliminar', inscripto_id: id, cambios });
  await forgetRecordKey(tx, id);
  await borrarAvisosDeInscriptos(tx, [id]);
  await borrarSolicitudesDeInscriptos(tx, [id]);
  await anonimizarSorteosDelCiclo(tx, row.ciclo_id, () => (_n, _i, m) => m.inscriptoId !== id, now);
  return row;
}
