import type { Executor } from '../../db/executor.ts';

/**
 * What anonymising a cycle reads and rewrites of its raffles (domain/anonimizacion/anonimizar-sorteos.ts,
 * docs/decisions/0024): the closed raffles with a public list, their frozen list and their stored acta.
 */

/** The cycle's closed raffles with a public list (migration 0013 on): salt, frozen list and stored acta. */
export function closedWithPublicList(db: Executor, cicloId: string) {
  return db
    .selectFrom('sorteos')
    .innerJoin('sorteo_contenidos', 'sorteo_contenidos.sorteo_id', 'sorteos.id')
    .leftJoin('sorteo_actas', 'sorteo_actas.sorteo_id', 'sorteos.id')
    .select(['sorteos.id', 'sorteos.sal', 'sorteo_contenidos.participantes', 'sorteo_actas.acta_json'])
    .where('sorteos.ciclo_id', '=', cicloId)
    .where('sorteos.estado', '!=', 'activo')
    .where('sorteos.sal', 'is not', null)
    .where('sorteos.lista_publica_hash', 'is not', null)
    .execute();
}

/** The frozen list rewritten, with its new SHA-256. */
export async function rewriteParticipantes(db: Executor, sorteoId: string, participantes: string, hash: string) {
  await db.updateTable('sorteo_contenidos').set({ participantes }).where('sorteo_id', '=', sorteoId).execute();
  await db.updateTable('sorteos').set({ participantes_hash: hash }).where('id', '=', sorteoId).execute();
}

/** The stored acta rewritten: its JSON, the JSON's SHA-256 and the PDF drawn from it (base64). */
export async function rewriteActa(db: Executor, sorteoId: string, actaJson: string, sha: string, pdf: string) {
  await db
    .updateTable('sorteo_actas')
    .set({ acta_json: actaJson, acta_sha256: sha, acta_pdf: pdf })
    .where('sorteo_id', '=', sorteoId)
    .execute();
}
