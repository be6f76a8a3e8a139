import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type {
  RedAsignacionesTable,
  RedCiclosTable,
  RedRespuestasTable,
  RedSorteosTable,
} from '../../db/schema-asignacion.ts';

/**
 * The network's assignment (docs/decisions/0039), in the network's database: each year's mode, the network
 * raffle and the stored result. Callers pass the network's database (`ctx.red.db`).
 */

export type RedCicloRow = Selectable<RedCiclosTable>;
export type RedSorteoRow = Selectable<RedSorteosTable>;
export type RedAsignacionRow = Selectable<RedAsignacionesTable>;
export type RedRespuestaRow = Selectable<RedRespuestasTable>;

export function listCiclos(db: Executor): Promise<RedCicloRow[]> {
  return db.selectFrom('red_ciclos').selectAll().orderBy('anio', 'desc').execute();
}

export function findCiclo(db: Executor, anio: number): Promise<RedCicloRow | undefined> {
  return db.selectFrom('red_ciclos').selectAll().where('anio', '=', anio).executeTakeFirst();
}

export async function saveCiclo(db: Executor, row: RedCicloRow): Promise<void> {
  const { anio: _anio, ...cambios } = row;
  await db
    .insertInto('red_ciclos')
    .values(row)
    .onConflict((oc) => oc.column('anio').doUpdateSet(cambios))
    .execute();
}

export function findSorteo(db: Executor, anio: number): Promise<RedSorteoRow | undefined> {
  return db.selectFrom('red_sorteos').selectAll().where('anio', '=', anio).executeTakeFirst();
}

/** The running network raffle, if any (at most one at a time). */
export function findSorteoActivo(db: Executor): Promise<RedSorteoRow | undefined> {
  return db.selectFrom('red_sorteos').selectAll().where('estado', '=', 'activo').executeTakeFirst();
}

/** The running raffle, or else the latest one. */
export function findSorteoReciente(db: Executor): Promise<RedSorteoRow | undefined> {
  return db
    .selectFrom('red_sorteos')
    .selectAll()
    .orderBy('estado', 'asc') // 'activo' < 'terminado'
    .orderBy('anio', 'desc')
    .executeTakeFirst();
}

export async function insertSorteo(db: Executor, row: Insertable<RedSorteosTable>): Promise<void> {
  await db.insertInto('red_sorteos').values(row).execute();
}

/** Writes only if the stored version is still `version`; false when someone else wrote first. */
export async function updateSorteo(
  db: Executor,
  id: string,
  version: number,
  cambios: Updateable<RedSorteosTable>,
): Promise<boolean> {
  const r = await db
    .updateTable('red_sorteos')
    .set({ ...cambios, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findAsignacion(db: Executor, anio: number): Promise<RedAsignacionRow | undefined> {
  return db.selectFrom('red_asignaciones').selectAll().where('anio', '=', anio).executeTakeFirst();
}

export function findAsignacionReciente(db: Executor): Promise<RedAsignacionRow | undefined> {
  return db.selectFrom('red_asignaciones').selectAll().orderBy('anio', 'desc').executeTakeFirst();
}

/** A stored assignment without its acta and origins (megabytes that never change once stored). */
export type RedAsignacionCabecera = Omit<RedAsignacionRow, 'acta' | 'origenes'>;
const CABECERA = ['anio', 'sorteo_id', 'asignado_en', 'asignado_por', 'plazo_dias'] as const;

/** The year's assignment (the latest without `anio`), without its acta and origins. */
export function findCabecera(db: Executor, anio?: number): Promise<RedAsignacionCabecera | undefined> {
  const q = db.selectFrom('red_asignaciones').select(CABECERA);
  return (anio === undefined ? q.orderBy('anio', 'desc') : q.where('anio', '=', anio)).executeTakeFirst();
}

/** The year's acta and origins, as stored. */
export function findActaYOrigenes(db: Executor, anio: number) {
  return db.selectFrom('red_asignaciones').select(['acta', 'origenes']).where('anio', '=', anio).executeTakeFirst();
}

/** The latest year with an assignment, without its acta (the deadlines' job looks every few seconds). */
export async function anioDeAsignacionReciente(db: Executor): Promise<number | undefined> {
  const r = await db.selectFrom('red_asignaciones').select('anio').orderBy('anio', 'desc').executeTakeFirst();
  return r?.anio;
}

/** How many answers a year has (the deadlines' job replays the roll-up only when this changed). */
export async function countRespuestas(db: Executor, anio: number): Promise<number> {
  const r = await db
    .selectFrom('red_respuestas')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('anio', '=', anio)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertAsignacion(db: Executor, row: RedAsignacionRow): Promise<void> {
  await db.insertInto('red_asignaciones').values(row).execute();
}

/** A year's answers, in order. */
export function listRespuestas(db: Executor, anio: number): Promise<RedRespuestaRow[]> {
  return db.selectFrom('red_respuestas').selectAll().where('anio', '=', anio).orderBy('seq').execute();
}

/** Appends an answer; a racing one with the same `seq` makes this throw a unique violation. */
export async function insertRespuesta(db: Executor, row: RedRespuestaRow): Promise<void> {
  await db.insertInto('red_respuestas').values(row).execute();
}
