import { sql, type Kysely, type Selectable } from 'kysely';
import type { AvisoEstado } from '@inscripciones/shared/avisos/avisos-schema.ts';
import type { DB } from '../../db/schema.ts';
import type { AvisosTable } from '../../db/schema-avisos.ts';
import { tablaDeEscuela, type Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * The outbox of messages to the families (table `avisos`, migration 0028, docs/decisions/0029): Kysely only.
 * The worker (domain/avisos/worker.ts) claims due messages under a lease, and records each outcome only while
 * it still holds that lease.
 */
export type AvisoRow = Selectable<AvisosTable>;

/**
 * Exactly the partial index's condition (`avisos_por_enviar`), as literals: SQLite uses a partial index only
 * for a query whose WHERE has the same term, and a bound parameter is not the same term.
 */
const POR_ENVIAR = sql<boolean>`estado in ('pendiente', 'enviando')`;

export async function insertAviso(db: Executor, row: AvisosTable): Promise<void> {
  await db.insertInto('avisos').values(row).execute();
}

export function findAviso(db: Executor, id: string): Promise<AvisoRow | undefined> {
  return db.selectFrom('avisos').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface Toma {
  /** At most this many. */
  n: number;
  ahora: string;
  /** The lease's end. */
  hasta: string;
  instancia: string;
}

/** Whether a message is due at `ahora` (a pending one, or one whose lease ended): what the next claim would take. */
export async function hayAvisosDebidos(db: Executor, ahora: string): Promise<boolean> {
  const fila = await db
    .selectFrom('avisos')
    .select('id')
    .where(POR_ENVIAR)
    .where('proximo_intento', '<=', ahora)
    .limit(1)
    .executeTakeFirst();
  return fila !== undefined;
}

/**
 * The same for every school of a PostgreSQL network in one statement (decision 0036): which of them have a
 * message due. `esquema`: the school's own schema; none for the one whose tables the connection's search path
 * names (the first school's, in the network's schema).
 */
export async function escuelasConAvisosDebidos(
  db: Executor,
  escuelas: readonly { id: number; esquema?: string | undefined }[],
  ahora: string,
): Promise<number[]> {
  if (escuelas.length === 0) return [];
  const partes = escuelas.map(({ id, esquema }) => {
    const tabla = tablaDeEscuela('avisos', esquema);
    return sql`select ${sql.lit(id)} as escuela
      where exists (select 1 from ${tabla} where ${POR_ENVIAR} and proximo_intento <= ${ahora})`;
  });
  const { rows } = await sql<{ escuela: number }>`${sql.join(partes, sql` union all `)}`.execute(db);
  return rows.map((r) => Number(r.escuela));
}

/**
 * Takes up to `n` due messages for `instancia`: pending ones whose attempt is due, and ones being sent whose
 * lease ended (their instance died), oldest due first. One statement: on PostgreSQL the rows are locked with
 * SKIP LOCKED, so instances claiming at once take different messages; SQLite has one writer.
 */
export async function tomarAvisos(db: Kysely<DB>, dialect: Dialect, t: Toma): Promise<AvisoRow[]> {
  const due = db
    .selectFrom('avisos')
    .select('id')
    .where(POR_ENVIAR)
    .where('proximo_intento', '<=', t.ahora)
    .orderBy('proximo_intento')
    .limit(t.n);
  return db
    .updateTable('avisos')
    .set((eb) => ({
      estado: 'enviando',
      intentos: eb('intentos', '+', 1),
      tomado_por: t.instancia,
      tomado_hasta: t.hasta,
      proximo_intento: t.hasta,
    }))
    .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
    .returningAll()
    .execute();
}

/** Extends the lease of every message `instancia` is still sending. */
export async function renovarTomas(db: Kysely<DB>, instancia: string, hasta: string): Promise<void> {
  await db
    .updateTable('avisos')
    .set({ tomado_hasta: hasta, proximo_intento: hasta })
    .where('tomado_por', '=', instancia)
    .where('estado', '=', 'enviando')
    .execute();
}

export type Desenlace =
  | { estado: 'enviado'; enviado_en: string }
  | { estado: 'pendiente'; proximo_intento: string; ultimo_error: string }
  | { estado: 'fallido'; motivo: 'rechazado' | 'agotado'; ultimo_error: string | null }
  | { estado: 'descartado'; motivo: 'baja' | 'sin-canal' };

/**
 * Records how an attempt ended and lets the message go, if `instancia` still holds it: false when its lease had
 * ended and another instance took it (that one records its own outcome).
 */
export async function cerrarToma(db: Kysely<DB>, id: string, instancia: string, d: Desenlace): Promise<boolean> {
  const res = await db
    .updateTable('avisos')
    .set({
      motivo: null,
      ultimo_error: null,
      ...d,
      tomado_por: null,
      tomado_hasta: null,
    })
    .where('id', '=', id)
    .where('tomado_por', '=', instancia)
    .where('estado', '=', 'enviando')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** What was sent for one enrolment, newest first. */
export function avisosDeInscripto(db: Executor, inscriptoId: string): Promise<AvisoRow[]> {
  return db
    .selectFrom('avisos')
    .selectAll()
    .where('inscripto_id', '=', inscriptoId)
    .orderBy('creado_en', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface AvisosFiltros {
  estado: AvisoEstado | null;
  cicloId: string | null;
}

function filtrados(db: Executor, f: AvisosFiltros) {
  let q = db.selectFrom('avisos');
  if (f.estado) q = q.where('estado', '=', f.estado);
  if (f.cicloId) q = q.where('ciclo_id', '=', f.cicloId);
  return q;
}

/** One page of messages, newest first (ids are UUIDv7: they break ties in time order), and how many in all. */
export async function listAvisos(db: Executor, f: AvisosFiltros, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtrados(db, f)
      .selectAll()
      .orderBy('creado_en', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtrados(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Forgets the messages of enrolments that were deleted or anonymised (docs/privacy.md): their destinations are
 * personal data, and a pending one must not go out any more.
 */
export async function borrarAvisosDeInscriptos(db: Executor, inscriptoIds: readonly string[]): Promise<void> {
  for (let i = 0; i < inscriptoIds.length; i += 500) {
    await db
      .deleteFrom('avisos')
      .where('inscripto_id', 'in', inscriptoIds.slice(i, i + 500))
      .execute();
  }
}

/**
 * Reminders of these records still waiting for their time: their offer was answered or expired, so they are
 * dropped (`descartado`, `sin-efecto`). A reminder already being sent is left to finish.
 */
export async function descartarRecordatorios(db: Executor, inscriptoIds: readonly string[]): Promise<void> {
  if (!inscriptoIds.length) return;
  await db
    .updateTable('avisos')
    .set({ estado: 'descartado', motivo: 'sin-efecto' })
    .where('inscripto_id', 'in', inscriptoIds)
    .where('tipo', '=', 'recordatorio')
    .where('estado', '=', 'pendiente')
    .execute();
}
