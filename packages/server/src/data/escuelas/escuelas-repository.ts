import type { Insertable } from 'kysely';
import type { EscuelasTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/** The school an upgraded single-school database became (migration 0041): its records are in that database. */
export const ESCUELA_PRINCIPAL = 1;

export function listEscuelas(db: Executor) {
  return db.selectFrom('escuelas').selectAll().orderBy('id').execute();
}

export async function nextEscuelaId(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('escuelas')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

export async function insertEscuela(db: Executor, escuela: Insertable<EscuelasTable>): Promise<void> {
  await db.insertInto('escuelas').values(escuela).execute();
}

export async function setCodigo(db: Executor, id: number, codigo: string): Promise<void> {
  await db.updateTable('escuelas').set({ codigo }).where('id', '=', id).execute();
}
