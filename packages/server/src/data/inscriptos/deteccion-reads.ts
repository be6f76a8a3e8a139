import { PostgresAdapter, sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';

/** What the detection of possible duplicates reads of the enrolments (domain/duplicados). */

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
 * resolutions' hash reads them), which spares Node parsing every whole form, a large share of a
 * whole detection's time. A form with none of the fields (an anonymised record) gives '{}'.
 */
function camposDeDeteccion(db: Executor) {
  const campos = sql.join(CAMPOS.map((c) => sql.lit(c)));
  return isPostgres(db)
    ? sql<string>`coalesce((select json_object_agg(key, value)::text from json_each(inscriptos.datos::json) where key in (${campos})), '{}')`
    : sql<string>`coalesce((select json_group_object(key, value) from json_each(inscriptos.datos) where key in (${campos})), '{}')`;
}

/**
 * `ciclo_id = ?` as a filter, not an index: SQLite would otherwise read the cycle by its index, cut every form
 * of it and sort them for each batch (quadratic); by the primary key it cuts only the batch.
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
