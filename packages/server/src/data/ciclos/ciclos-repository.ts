import { sql, type Insertable, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { CicloPlazosOfertaTable, CiclosTable, DB } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import { tablaDeEscuela } from '../../db/database.ts';

/** The `ciclos` table (docs/decisions/0014). Kysely only. */
export type CicloRow = Selectable<CiclosTable>;

export function listCiclos(db: Executor): Promise<CicloRow[]> {
  return db.selectFrom('ciclos').selectAll().orderBy('anio_ingreso', 'desc').execute();
}

export function findCiclo(db: Executor, id: string): Promise<CicloRow | undefined> {
  return db.selectFrom('ciclos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The current cycle; the migration creates one and the service only ever moves the mark. */
export function findActual(db: Executor): Promise<CicloRow> {
  return db.selectFrom('ciclos').selectAll().where('actual', '=', 1).executeTakeFirstOrThrow();
}

/**
 * The current cycle's id of each school of a PostgreSQL network, in one statement (decision 0036), in the
 * schools' order. `esquema`: the school's own schema; none for the network's own (the first school's).
 */
export async function actualesDeLaRed(db: Executor, escuelas: readonly { esquema?: string | undefined }[]) {
  const partes = escuelas.map(
    ({ esquema }, i) => sql`select ${sql.lit(i)} as i, id from ${tablaDeEscuela('ciclos', esquema)} where actual = 1`,
  );
  const { rows } = await sql<{ i: number; id: string }>`${sql.join(partes, sql` union all `)}`.execute(db);
  const ids = new Array<string>(escuelas.length);
  for (const r of rows) ids[Number(r.i)] = r.id;
  return ids;
}

export function findByAnio(db: Executor, anio: number): Promise<CicloRow | undefined> {
  return db.selectFrom('ciclos').selectAll().where('anio_ingreso', '=', anio).executeTakeFirst();
}

export async function insertCiclo(db: Executor, row: Insertable<CiclosTable>): Promise<void> {
  await db.insertInto('ciclos').values(row).execute();
}

export async function updateCiclo(db: Executor, id: string, changes: Updateable<CiclosTable>): Promise<void> {
  await db.updateTable('ciclos').set(changes).where('id', '=', id).execute();
}

/** Moves the "current" mark: off the old one first, so the partial unique index never sees two. */
export async function makeActual(tx: Transaction<DB>, id: string, now: string): Promise<void> {
  await tx.updateTable('ciclos').set({ actual: 0, actualizado_en: now }).where('actual', '=', 1).execute();
  await tx.updateTable('ciclos').set({ actual: 1, actualizado_en: now }).where('id', '=', id).execute();
}

/** Keeps a change of the cycle's offer deadline days with its time (migration 0022). */
export async function insertPlazoOferta(db: Executor, row: Insertable<CicloPlazosOfertaTable>): Promise<void> {
  await db.insertInto('ciclo_plazos_oferta').values(row).execute();
}

/** The changes of the cycle's offer deadline days after `despues`, in time order. */
export function listPlazosOferta(db: Executor, cicloId: string, despues: string) {
  return db
    .selectFrom('ciclo_plazos_oferta')
    .select(['desde', 'dias'])
    .where('ciclo_id', '=', cicloId)
    .where('desde', '>', despues)
    .orderBy('desde')
    .orderBy('id')
    .execute();
}

/**
 * The cycle's deadline days (column `plazo_oferta_dias`, added by 0014 with default 7). Not in the `ciclos` row
 * type, so the cycles' own reads and writes stay as they are.
 */
export async function plazoDelCiclo(db: Executor, cicloId: string): Promise<number> {
  const row = await db
    .selectFrom('ciclos')
    .select(sql<number>`plazo_oferta_dias`.as('plazo_oferta_dias'))
    .where('id', '=', cicloId)
    .executeTakeFirstOrThrow();
  return Number(row.plazo_oferta_dias);
}
