import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { DB, DuplicadosResueltosTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The form fields detection reads (the rule's, and the second given name for the pair's full name). */
const CAMPOS = ['nombre1', 'nombre2', 'apellido1', 'apellido2', 'fechaNacimiento', 'ci', 'hermanosInscriben'];
/** Rows per read of a whole detection: SQLite's driver blocks while it reads one batch. */
const LOTE = 500;

/** What detection reads of one enrolment: its number and the form's CAMPOS as a JSON object. */
export interface FilaDeteccion {
  id: string;
  numero_inscripcion: number | null;
  datos: string;
}

/**
 * The form cut down to CAMPOS by the database (an absent field stays absent, a null stays null: the
 * resolutions' hash reads them), which spares Node parsing every whole form (2.7 s of the 25 s at 100,000,
 * issue 22). A form with none of the fields (an anonymised record) gives '{}'.
 */
function camposDeDeteccion(db: Executor) {
  const campos = sql.join(CAMPOS.map((c) => sql.lit(c)));
  return isPostgres(db)
    ? sql<string>`coalesce((select json_object_agg(key, value)::text from json_each(inscriptos.datos::json) where key in (${campos})), '{}')`
    : sql<string>`coalesce((select json_group_object(key, value) from json_each(inscriptos.datos) where key in (${campos})), '{}')`;
}

/**
 * `ciclo_id = ?` as a filter, not an index: SQLite would otherwise read the cycle by its index, cut every form
 * of it and sort them for each batch (quadratic: 32 s at 100,000); by the primary key it cuts only the batch.
 */
function delCiclo(db: Executor, cicloId: string) {
  return isPostgres(db) ? sql<boolean>`ciclo_id = ${cicloId}` : sql<boolean>`+ciclo_id = ${cicloId}`;
}

/**
 * Every enrolment of one admission cycle (the same child may apply again next year), in batches by id with a
 * turn of the event loop between them, so other requests run meanwhile (SQLite's driver blocks while it reads).
 */
export async function* enrolmentsForDetection(db: Executor, cicloId: string): AsyncGenerator<FilaDeteccion[]> {
  let desde: string | undefined;
  for (;;) {
    const lote = await db
      .selectFrom('inscriptos')
      .select(['id', 'numero_inscripcion', camposDeDeteccion(db).as('datos')])
      .where(delCiclo(db, cicloId))
      .$if(desde !== undefined, (q) => q.where('id', '>', desde!))
      .orderBy('id')
      .limit(LOTE)
      .execute();
    yield lote;
    if (lote.length < LOTE) return;
    desde = lote.at(-1)!.id;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The enrolments of the cycle among `ids` (ids of other cycles, deleted ones or other audit subjects are absent). */
export async function enrolmentsByIds(db: Executor, cicloId: string, ids: readonly string[]): Promise<FilaDeteccion[]> {
  const rows: FilaDeteccion[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    rows.push(
      ...(await db
        .selectFrom('inscriptos')
        .select(['id', 'numero_inscripcion', camposDeDeteccion(db).as('datos')])
        .where(delCiclo(db, cicloId))
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return rows;
}

/** The data version detection depends on: the cycle, the head of the audit chain and the cycle's count. */
export interface VersionDeteccion {
  cicloId: string;
  seq: number;
  hash: string;
  cuenta: number;
}

export const claveVersion = (v: VersionDeteccion) => `${v.cicloId}|${v.seq}|${v.hash}|${v.cuenta}`;

/** The head of the audit chain: a whole detection reads it before it reads the enrolments. */
export async function cabezaAuditoria(db: Executor) {
  const row = await db
    .selectFrom('auditoria_cabeza')
    .select(['ultimo_seq', 'ultimo_hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return { seq: Number(row?.ultimo_seq ?? 0), hash: row?.ultimo_hash ?? '' };
}

/**
 * The cycle's count of enrolments from the counters triggers keep on every insert, delete and change of cycle
 * (`panel_conteos`, by estado: decision 0021): a count of the rows took 5 to 30 ms at 100,000, on every request.
 */
async function cuenta(db: Executor, cicloId: string) {
  const row = await db
    .selectFrom('panel_conteos')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('ciclo_id', '=', cicloId)
    .where('dimension', '=', 'estado')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * What the detected pairs depend on, cheap to read on every request: the cycle, the head of the audit chain
 * (every write of an enrolment appends to it in its transaction, and its hash differs even after a restore to
 * an older copy) and the cycle's count of enrolments (a write that skips the chain, like the seed, still
 * changes it when it adds or deletes). Resolutions are not part of it: they are read on every request.
 */
export async function versionDeteccion(db: Executor, cicloId: string): Promise<VersionDeteccion> {
  const [c, n] = await Promise.all([cabezaAuditoria(db), cuenta(db, cicloId)]);
  return { cicloId, ...c, cuenta: n };
}

export type Cambios =
  /** The chain does not continue from `seq` (a restored copy, a tampered chain): detect from scratch. */
  null | {
    version: VersionDeteccion;
    /** Every audit subject written after `seq`: enrolments, and others (a pair, a raffle) that are no enrolment. */
    ids: string[];
    /** Their rows as they are at `version` when they were few enough to read in the same snapshot. */
    filas: FilaDeteccion[] | null;
  };

/**
 * What changed since the audit chain stood at `seq` with `hash`, read in one snapshot (a transaction:
 * PostgreSQL's repeatable read, SQLite's read transaction), so the count and the rows agree with the head.
 * Every write of an enrolment appends an audit entry with its id in its transaction, and the head's row lock
 * (PostgreSQL) or the single writer (SQLite) gives the entries in commit order: the entries after `seq` up to
 * the head name every enrolment written since.
 */
export function cambiosDesde(
  db: Kysely<DB>,
  cicloId: string,
  desde: { seq: number; hash: string },
  maxFilas: number,
): Promise<Cambios> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const c = await cabezaAuditoria(tx);
      if (c.seq < desde.seq) return null;
      if (desde.seq > 0) {
        const entrada = await tx.selectFrom('auditoria').select('hash').where('seq', '=', desde.seq).executeTakeFirst();
        if (entrada?.hash !== desde.hash) return null;
      } else if (c.seq === 0 && c.hash !== desde.hash) return null;
      const version = { cicloId, ...c, cuenta: await cuenta(tx, cicloId) };
      const ids =
        c.seq === desde.seq
          ? []
          : (
              await tx
                .selectFrom('auditoria')
                .select('inscripto_id')
                .distinct()
                .where('seq', '>', desde.seq)
                .where('seq', '<=', c.seq)
                .execute()
            ).map((r) => r.inscripto_id);
      return { version, ids, filas: ids.length <= maxFilas ? await enrolmentsByIds(tx, cicloId, ids) : null };
    });
}

export function resoluciones(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db.selectFrom('duplicados_resueltos').selectAll().execute();
}

/** One resolution per pair: resolving again (after its fields changed) replaces the older one. */
export async function saveResolucion(tx: Transaction<DB>, row: DuplicadosResueltosTable): Promise<void> {
  await tx.deleteFrom('duplicados_resueltos').where('id', '=', row.id).execute();
  await tx.insertInto('duplicados_resueltos').values(row).execute();
}
