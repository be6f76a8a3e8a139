import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * Destinations that opted out of informational messages (table `avisos_bajas`, migration 0028, decision
 * 0029), by channel and keyed digest of the normalised destination: Kysely only.
 */

/** Idempotent: a second opt-out of the same destination changes nothing. */
export async function insertBaja(db: Executor, canal: AvisoCanal, huella: string, ahora: string): Promise<void> {
  await db
    .insertInto('avisos_bajas')
    .values({ canal, huella, creado_en: ahora })
    .onConflict((oc) => oc.columns(['canal', 'huella']).doNothing())
    .execute();
}

export async function existeBaja(db: Executor, canal: AvisoCanal, huella: string): Promise<boolean> {
  const row = await db
    .selectFrom('avisos_bajas')
    .select('huella')
    .where('canal', '=', canal)
    .where('huella', '=', huella)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these digests opted out (one query for a claimed batch), as `canal:huella`. */
export async function bajasEntre(
  db: Executor,
  destinos: readonly { canal: AvisoCanal; huella: string }[],
): Promise<Set<string>> {
  if (destinos.length === 0) return new Set();
  const rows = await db
    .selectFrom('avisos_bajas')
    .select(['canal', 'huella'])
    .where(
      'huella',
      'in',
      destinos.map((d) => d.huella),
    )
    .execute();
  return new Set(rows.map((r) => `${r.canal}:${r.huella}`));
}
