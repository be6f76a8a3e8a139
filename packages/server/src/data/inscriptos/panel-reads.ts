import { sql } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import { tablaDeEscuela } from '../../db/database.ts';

/** One counter of `panel_conteos`: the dimension, the value ('' when empty) and how many records have it. */
export interface PanelConteo {
  dimension: string;
  clave: string;
  n: number;
}

/**
 * The director's panel's counts of one cycle: the counters the triggers of migration 0018 keep,
 * a few hundred rows whatever the number of enrolments (or only those of one `dimension`). segmento-filter.ts
 * filters the list by the same derived columns, so a bar and its list agree.
 */
export async function panelCounts(db: Executor, cicloId: string, dimension?: string): Promise<PanelConteo[]> {
  let q = db.selectFrom('panel_conteos').select(['dimension', 'clave', 'n']).where('ciclo_id', '=', cicloId);
  if (dimension) q = q.where('dimension', '=', dimension);
  const rows = await q.where('n', '>', 0).execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/**
 * The cycle's count of enrolments from the counters triggers keep on every insert, delete and change of cycle
 * (`panel_conteos`, by estado: decision 0021): counting the rows would cost every request a scan.
 */
export async function countOfCycle(db: Executor, cicloId: string): Promise<number> {
  const row = await db
    .selectFrom('panel_conteos')
    .select((eb) => eb.fn.sum<number | string | null>('n').as('n'))
    .where('ciclo_id', '=', cicloId)
    .where('dimension', '=', 'estado')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The same over the schools of a PostgreSQL network in one statement (decision 0036), keeping only the CIs in two
 * or more of them: the database does the matching and sends only those rows, by CI and then in the schools'
 * order (`i`, the school's place in `escuelas`). `esquema` as in actualesDeLaRed.
 */
export async function cisRepetidasDeLaRed(
  db: Executor,
  escuelas: readonly { esquema?: string | undefined; cicloId: string }[],
) {
  const partes = escuelas.map(
    ({ esquema, cicloId }, i) =>
      sql`select ci, ${sql.lit(i)} as i, numero_inscripcion from ${tablaDeEscuela('inscriptos', esquema)}
        where ciclo_id = ${cicloId} and ci is not null`,
  );
  const { rows } = await sql<{ ci: string; i: number; numero_inscripcion: number | null }>`
    with todas as (${sql.join(partes, sql` union all `)})
    select ci, i, numero_inscripcion from (select *, count(*) over (partition by ci) as n from todas) t
    where n > 1 order by ci, i`.execute(db);
  return rows.map((r) => ({ ...r, i: Number(r.i) }));
}

/** The CIs of a cycle's applications (the network's check of one child applying to several schools). */
export function cisDelCiclo(db: Executor, cicloId: string) {
  return db
    .selectFrom('inscriptos')
    .select(['ci', 'numero_inscripcion'])
    .where('ciclo_id', '=', cicloId)
    .where('ci', 'is not', null)
    .execute() as Promise<{ ci: string; numero_inscripcion: number | null }[]>;
}
