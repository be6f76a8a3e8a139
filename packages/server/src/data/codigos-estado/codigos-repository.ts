import type { Selectable } from 'kysely';
import type { CodigosEstadoTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

export type CodigoRow = Selectable<CodigosEstadoTable>;

export function findCodigo(db: Executor, cicloId: string, numero: number): Promise<CodigoRow | undefined> {
  return db
    .selectFrom('codigos_estado')
    .selectAll()
    .where('ciclo_id', '=', cicloId)
    .where('numero', '=', numero)
    .executeTakeFirst();
}

/** Stores a number's code; `reemplazar` false keeps one a concurrent request stored first. */
export async function saveCodigo(db: Executor, row: CodigoRow, reemplazar: boolean): Promise<void> {
  await db
    .insertInto('codigos_estado')
    .values(row)
    .onConflict((oc) => {
      const target = oc.columns(['ciclo_id', 'numero']);
      return reemplazar
        ? target.doUpdateSet({
            hash: row.hash,
            cifrado: row.cifrado,
            creado_en: row.creado_en,
            creado_por: row.creado_por,
          })
        : target.doNothing();
    })
    .execute();
}

/** Every stored code of a cycle. */
export function codigosDelCiclo(db: Executor, cicloId: string): Promise<CodigoRow[]> {
  return db.selectFrom('codigos_estado').selectAll().where('ciclo_id', '=', cicloId).execute();
}

/** Stores new codes in chunks, keeping any a concurrent request stored first. */
export async function insertCodigos(db: Executor, rows: readonly CodigoRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('codigos_estado')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['ciclo_id', 'numero']).doNothing())
      .execute();
  }
}
