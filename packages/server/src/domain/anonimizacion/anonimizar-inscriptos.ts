import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { anonymise, type Anonimizada } from '../../data/inscriptos/retencion-repository.ts';
import { forgetRecordKeys } from '../../data/auditoria/claves-repository.ts';
import { borrarSolicitudesDeInscriptos } from '../../data/solicitudes/solicitudes-repository.ts';

/**
 * Anonymises enrolments inside the caller's transaction (docs/privacy.md, decision 0017): the records are
 * rewritten (their sibling CIs go with them) and their audit keys deleted, so their digests in the chain can no
 * longer be checked against anything; their online applications are deleted with their documents. Returns the ids rewritten (a concurrent anonymisation may have taken some).
 */
export async function anonimizarInscriptos(
  tx: Transaction<DB>,
  rows: readonly Anonimizada[],
  usuario: string,
  now: string,
): Promise<string[]> {
  const done = await anonymise(tx, rows, usuario, now);
  await forgetRecordKeys(tx, done);
  // The online application they came from goes with its documents (decision 0038).
  await borrarSolicitudesDeInscriptos(tx, done);
  return done;
}
