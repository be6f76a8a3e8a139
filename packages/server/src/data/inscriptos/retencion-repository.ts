import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/** Kysely only: the rows anonymisation reads and rewrites, and its setting (`configuracion`, key 'retencion'). */

export const CLAVE_RETENCION = 'retencion';

export function rowsOfCiclo(db: Executor, cicloId: string) {
  return db.selectFrom('inscriptos').selectAll().where('ciclo_id', '=', cicloId).orderBy('id').execute();
}

export function findSetting(db: Executor) {
  return db.selectFrom('configuracion').selectAll().where('clave', '=', CLAVE_RETENCION).executeTakeFirst();
}

/** One row, written whole: an upsert, so two first saves at once do not collide. */
export async function saveSetting(db: Executor, valor: string, usuario: string, now: string): Promise<void> {
  await db
    .insertInto('configuracion')
    .values({ clave: CLAVE_RETENCION, valor, version: 1, actualizado_por: usuario, actualizado_en: now })
    .onConflict((oc) =>
      oc.column('clave').doUpdateSet((eb) => ({
        valor,
        actualizado_por: usuario,
        actualizado_en: now,
        version: eb('configuracion.version', '+', 1),
      })),
    )
    .execute();
}

export interface Anonimizada {
  id: string;
  datos: string;
  estrato: string;
  condicional: number;
}

/**
 * Rewrites the records and returns the ids it rewrote: no CI, no searchable name, only the kept fields, the derived values frozen. Their
 * sibling CIs and audit keys go (with the key, their audit digests can no longer be checked against anything).
 */
export async function anonymise(
  tx: Transaction<DB>,
  rows: readonly Anonimizada[],
  usuario: string,
  now: string,
): Promise<string[]> {
  const done: string[] = [];
  for (const r of rows) {
    const result = await tx
      .updateTable('inscriptos')
      .set((eb) => ({
        ci: null,
        nombre_busqueda: '',
        hermanos_busqueda: '',
        datos: r.datos,
        anonimizado_en: now,
        estrato_conservado: r.estrato,
        condicional_conservado: r.condicional,
        updated_by: usuario,
        updated_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', r.id)
      // A concurrent anonymisation that got there first: this one leaves the record alone.
      .where('anonimizado_en', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) done.push(r.id);
  }
  const ids = done;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await tx.deleteFrom('inscripto_hermanos').where('inscripto_id', 'in', chunk).execute();
    await tx.deleteFrom('auditoria_claves').where('inscripto_id', 'in', chunk).execute();
  }
  return done;
}

export async function markCiclo(tx: Transaction<DB>, cicloId: string, now: string): Promise<void> {
  await tx.updateTable('ciclos').set({ anonimizado_en: now, actualizado_en: now }).where('id', '=', cicloId).execute();
}
