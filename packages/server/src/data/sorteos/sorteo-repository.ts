import { type Insertable, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SorteoActasTable, SorteosTable } from '../../db/schema-sorteos.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * Kysely only (DESIGN "Conventions" 2): the `sorteos` rows (small, updated on every confirmation) and their
 * write-once JSON in `sorteo_contenidos`. The enrolments a raffle freezes are read from data/inscriptos (sorteo-reads.ts).
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
  'ciclo_id',
  'valor_publico_origen',
  'motivo_anulacion',
  'sal',
  'lista_publica_hash',
  'escuela',
  'escribano',
  'testigos',
  'fuente_valor_publico',
  'valores_ingresados',
] as const;
export type SorteoHead = Pick<SorteoRow, (typeof HEAD)[number]>;

function head(db: Executor) {
  return db.selectFrom('sorteos').select(HEAD);
}

export function findActive(db: Executor): Promise<SorteoHead | undefined> {
  return head(db).where('estado', '=', 'activo').executeTakeFirst();
}

/** The id of every raffle stored, closed or not. */
export async function allIds(db: Executor): Promise<string[]> {
  return (await db.selectFrom('sorteos').select('id').execute()).map((r) => r.id);
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

/**
 * What changes when anything about the raffles changes (a new one, a confirmation, the end, a child deleted or
 * anonymised: the frozen list's hash): polled by SSE.
 */
export async function fingerprint(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('sorteos')
    .select(['id', 'estado', 'indice', 'version', 'participantes_hash'])
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? `${row.id}.${row.estado}.${row.indice}.${row.version}.${row.participantes_hash}` : 'ninguno';
}

export async function insert(tx: Transaction<DB>, row: Insertable<SorteosTable>, participantes: string): Promise<void> {
  await tx.insertInto('sorteos').values(row).execute();
  await tx.insertInto('sorteo_contenidos').values({ sorteo_id: row.id, participantes, plan: null }).execute();
}

/**
 * Sets the public value only while no draw has been made (no plan yet) and no one else changed the raffle since
 * `version` was read: `valoresIngresados` (JSON, every value entered) is rewritten whole.
 */
export async function setValorPublico(
  db: Executor,
  id: string,
  version: number,
  valor: { valor: string; origen: string; valoresIngresados: string },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('sorteos')
    .set((eb) => ({
      valor_publico: valor.valor,
      valor_publico_origen: valor.origen,
      valores_ingresados: valor.valoresIngresados,
      actualizado_en: now,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .where('con_plan', '=', 0)
    .where('version', '=', version)
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

export interface Closing {
  estado: 'archivado' | 'anulado';
  by: { username: string; nombre: string };
  now: string;
  motivoAnulacion: string | null;
  escuela: string | null;
  escribano: string | null;
  testigos: string[];
  /** The seed, revealed: stored as published from now on (it was sealed until the close). */
  semilla: string;
}

/** Closes the raffle: 'archivado' (finalised, every draw confirmed) or 'anulado' (ended early, with a reason). */
export async function close(db: Executor, id: string, c: Closing): Promise<boolean> {
  const result = await db
    .updateTable('sorteos')
    .set((eb) => ({
      estado: c.estado,
      archivado_en: c.now,
      archivado_por: c.by.username,
      archivado_por_nombre: c.by.nombre,
      actualizado_en: c.now,
      motivo_anulacion: c.motivoAnulacion,
      escuela: c.escuela,
      escribano: c.escribano,
      testigos: JSON.stringify(c.testigos),
      semilla: c.semilla,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('estado', '=', 'activo')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closed raffles (finalised and annulled), newest first. */
export function listArchived(db: Executor): Promise<SorteoHead[]> {
  return head(db).where('estado', '!=', 'activo').orderBy('creado_en', 'desc').orderBy('id', 'desc').execute();
}

/** Every raffle of a cycle, oldest first (the acta lists them all). */
export function listOfCiclo(db: Executor, cicloId: string): Promise<SorteoHead[]> {
  return head(db).where('ciclo_id', '=', cicloId).orderBy('creado_en').orderBy('id').execute();
}

/** The raffle closed last, of one cycle or of any. */
export function lastArchived(db: Executor, cicloId?: string): Promise<SorteoHead | undefined> {
  let q = head(db).where('estado', '!=', 'activo');
  if (cicloId) q = q.where('ciclo_id', '=', cicloId);
  return q.orderBy('archivado_en', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Whether the cycle's raffle is in progress (it cannot be closed then). */
export async function hasActiveRaffle(db: Executor, cicloId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sorteos')
    .select('id')
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'activo')
    .executeTakeFirst();
  return !!row;
}

export async function countArchived(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('sorteos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('estado', '!=', 'activo')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------- reveals and stored actas

export async function insertRevelacion(
  db: Executor,
  row: { id: string; sorteo_id: string; indice: number; usuario: string; usuario_nombre: string; fecha: string },
): Promise<void> {
  await db.insertInto('sorteo_revelaciones').values(row).execute();
}

export function listRevelaciones(db: Executor, sorteoId: string) {
  return db
    .selectFrom('sorteo_revelaciones')
    .select(['indice', 'usuario', 'usuario_nombre', 'fecha'])
    .where('sorteo_id', '=', sorteoId)
    .orderBy('fecha')
    .orderBy('id')
    .execute();
}

export function findStoredActa(db: Executor, sorteoId: string) {
  return db.selectFrom('sorteo_actas').selectAll().where('sorteo_id', '=', sorteoId).executeTakeFirst();
}

export async function insertStoredActa(db: Executor, row: Insertable<SorteoActasTable>): Promise<void> {
  await db.insertInto('sorteo_actas').values(row).execute();
}
