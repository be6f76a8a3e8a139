import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { DB, DuplicadosResueltosTable } from '../db/schema.ts';
import type { Executor } from '../db/executor.ts';

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The form fields detection reads (the rule's, and the second given name for the pair's full name). */
const CAMPOS = ['nombre1', 'nombre2', 'apellido1', 'apellido2', 'fechaNacimiento', 'ci', 'hermanosInscriben'];
const LOTE = 5000;

/**
 * What detection reads of every enrolment: the row's id and number, and the form's CAMPOS as a JSON object (an
 * absent field stays absent, a null stays null: the resolutions' hash reads them), within one admission cycle:
 * the same child may apply again next year. The database cuts the form down, which spares Node parsing every
 * whole form (2.7 s of the 25 s at 100,000, issue 22), and it is read in batches by id, so other requests run
 * between them (SQLite's driver blocks while it reads).
 */
export async function enrolmentsForDetection(db: Executor, cicloId: string) {
  const campos = sql.join(CAMPOS.map((c) => sql.lit(c)));
  const datos = isPostgres(db)
    ? sql<string>`(select json_object_agg(key, value)::text from json_each(inscriptos.datos::json) where key in (${campos}))`
    : sql<string>`(select json_group_object(key, value) from json_each(inscriptos.datos) where key in (${campos}))`;
  const rows: { id: string; numero_inscripcion: number | null; datos: string }[] = [];
  for (;;) {
    const desde = rows.at(-1)?.id;
    const lote = await db
      .selectFrom('inscriptos')
      .select(['id', 'numero_inscripcion', datos.as('datos')])
      .where('ciclo_id', '=', cicloId)
      .$if(desde !== undefined, (q) => q.where('id', '>', desde!))
      .orderBy('id')
      .limit(LOTE)
      .execute();
    // A form with none of the fields (an anonymised record) gives no object.
    for (const r of lote) rows.push({ ...r, datos: r.datos ?? '{}' });
    if (lote.length < LOTE) return rows;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * What the detected pairs depend on, cheap to read: the cycle, the head of the audit chain (every write of an
 * enrolment appends to it in its transaction, and its hash differs even after a restore to an older copy) and
 * the cycle's count of enrolments (a write that skips the chain, like the seed, still changes it when it adds
 * or deletes). Resolutions are not part of it: they are read on every request.
 */
export async function versionDeteccion(db: Executor, cicloId: string): Promise<string> {
  const [cabeza, cuenta] = await Promise.all([
    db.selectFrom('auditoria_cabeza').select(['ultimo_seq', 'ultimo_hash']).where('id', '=', 1).executeTakeFirst(),
    db
      .selectFrom('inscriptos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ciclo_id', '=', cicloId)
      .executeTakeFirstOrThrow(),
  ]);
  return `${cicloId}|${cabeza?.ultimo_seq ?? 0}|${cabeza?.ultimo_hash ?? ''}|${Number(cuenta.n)}`;
}

export function resoluciones(db: Executor): Promise<DuplicadosResueltosTable[]> {
  return db.selectFrom('duplicados_resueltos').selectAll().execute();
}

/** One resolution per pair: resolving again (after its fields changed) replaces the older one. */
export async function saveResolucion(tx: Transaction<DB>, row: DuplicadosResueltosTable): Promise<void> {
  await tx.deleteFrom('duplicados_resueltos').where('id', '=', row.id).execute();
  await tx.insertInto('duplicados_resueltos').values(row).execute();
}
