import { type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB, SorteosTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * Kysely only (DESIGN "Conventions" 2): the `sorteos` rows (small, updated on every confirmation) and their
 * write-once JSON in `sorteo_contenidos`. The enrolments a raffle freezes are read through inscriptos-store.
 */
export type SorteoRow = Selectable<SorteosTable>;

/** What each request reads. */
const HEAD = [
  'id',
  'estado',
  'operador',
  'operador_nombre',
  'creado_en',
  'anio',
  'plazas_nenas',
  'plazas_varones',
  'participantes_hash',
  'estadisticas',
  'total',
  'semilla',
  'compromiso',
  'valor_publico',
  'con_plan',
  'indice',
  'actualizado_en',
  'archivado_en',
  'archivado_por',
  'archivado_por_nombre',
  'version',
  'motivo_duplicados',
] as const;
export type SorteoHead = Pick<SorteoRow, (typeof HEAD)[number]>;

function head(db: Executor) {
  return db.selectFrom('sorteos').select(HEAD);
}

export function findActive(db: Executor): Promise<SorteoHead | undefined> {
  return head(db).where('estado', '=', 'activo').executeTakeFirst();
}

export function findHead(db: Executor, id: string): Promise<SorteoHead | undefined> {
  return head(db).where('id', '=', id).executeTakeFirst();
}

export function findContent(db: Executor, id: string) {
  return db
    .selectFrom('sorteo_contenidos')
    .select(['participantes', 'plan'])
    .where('sorteo_id', '=', id)
    .executeTakeFirst();
}

/** What changes when anything about the raffles changes (a new one, a confirmation, the end): polled by SSE. */
export async function fingerprint(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('sorteos')
    .select(['id', 'estado', 'indice', 'version'])
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? `${row.id}.${row.estado}.${row.indice}.${row.version}` : 'ninguno';
}

export async function insert(tx: Transaction<DB>, row: Insertable<SorteosTable>, participantes: string): Promise<void> {
  await tx.insertInto('sorteos').values(row).execute();
  await tx.insertInto('sorteo_contenidos').values({ sorteo_id: row.id, participantes, plan: null }).execute();
}

/** Sets the public value only while no draw has been made (no plan yet). */
export async function setValorPublico(db: Executor, id: string, valor: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sorteos')
    .set((eb) => ({ valor_publico: valor, actualizado_en: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .where('con_plan', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores the plan once, and only if it was computed with the public value still stored. The flag on the
 * raffle's row is set first, in the same transaction: that row's lock serialises it with setValorPublico.
 */
export async function savePlan(
  tx: Transaction<DB>,
  id: string,
  valorPublico: string,
  plan: string,
  now: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('sorteos')
    .set((eb) => ({ con_plan: 1, actualizado_en: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .where('con_plan', '=', 0)
    .where('valor_publico', '=', valorPublico)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await tx.updateTable('sorteo_contenidos').set({ plan }).where('sorteo_id', '=', id).execute();
  return true;
}

/**
 * Confirms draw `index`: moves the counter only if it still points at that draw. A second confirmation of the
 * same draw (double click, another browser, another instance) updates nothing.
 */
export async function advance(db: Executor, id: string, index: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sorteos')
    .set((eb) => ({ indice: eb('indice', '+', 1), actualizado_en: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .where('indice', '=', index)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function archive(
  db: Executor,
  id: string,
  by: { username: string; nombre: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sorteos')
    .set((eb) => ({
      estado: 'archivado' as const,
      archivado_en: now,
      archivado_por: by.username,
      archivado_por_nombre: by.nombre,
      actualizado_en: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function listArchived(db: Executor): Promise<SorteoHead[]> {
  return head(db).where('estado', '=', 'archivado').orderBy('creado_en', 'desc').orderBy('id', 'desc').execute();
}

/** The raffle archived last, of one cycle or of any. */
export function lastArchived(db: Executor, cicloId?: string): Promise<SorteoHead | undefined> {
  let q = head(db).where('estado', '=', 'archivado');
  if (cicloId) q = q.where('ciclo_id', '=', cicloId);
  return q.orderBy('archivado_en', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function countArchived(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('sorteos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('estado', '=', 'archivado')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
