import { PostgresAdapter, sql, type SqlBool } from 'kysely';
import type { Executor } from '../../db/executor.ts';
import type { ListFilters } from './list-query.ts';

/**
 * The list's CI-prefix search (docs/decisions/0019, migration 0026): a prefix as an index range over the child's
 * own CI and its siblings' CIs in the same cycle, with the enrolment number beside a short one; how many it
 * matches, the set of matching keys, and the same rule tested on one row.
 */

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

const ciRange = (f: ListFilters) => [f.ciPrefix!, `${f.ciPrefix}:`] as const;

/** `col` within the prefix's range; false (not null) for a missing CI, so that `not` of it holds. */
const inCiRange = (f: ListFilters, col: string) => {
  const [from, to] = ciRange(f);
  return sql<SqlBool>`(coalesce(${sql.ref(col)}, '') >= ${from} and coalesce(${sql.ref(col)}, '') < ${to})`;
};

/** The enrolment number beside a short prefix, spelt as the sort index leads (0012) so SQLite seeks it. */
const isNumero = (f: ListFilters, table: string) =>
  f.numero === null
    ? sql<SqlBool>`(1 = 0)`
    : sql<SqlBool>`((${sql.ref(`${table}.numero_inscripcion`)} is null) = ${sql.lit(false)}
      and ${sql.ref(`${table}.numero_inscripcion`)} = ${f.numero})`;

/**
 * A sibling of `table`'s enrolment whose CI the prefix matches (the primary key's index, no row read),
 * probed once per row: PostgreSQL would otherwise hash every cycle's sibling matches first (`offset 0` keeps
 * the EXISTS as it is written).
 */
const siblingMatches = (db: Executor, f: ListFilters, table: string) => {
  const [from, to] = ciRange(f);
  return sql<SqlBool>`exists (select 1 from inscripto_hermanos x
    where x.inscripto_id = ${sql.ref(`${table}.id`)} and x.ci >= ${from} and x.ci < ${to}${isPostgres(db) ? sql` offset 0` : sql``})`;
};

/**
 * A CI prefix as a range ("123" → [123, 123:)), answered from the indexes: the child's own CI, a sibling's
 * CI in the same cycle (`inscripto_hermanos.ciclo_id`, kept by the triggers of migration 0026) and the number
 * beside them, as one set so each part uses its own index. The keys are what those index entries carry, so
 * neither building the set nor testing a walked entry against it reads a (wide) row: SQLite's rowid (the
 * siblings' through the primary key's index), PostgreSQL's id (0026's `(ciclo_id, ci, id)`). A record may
 * be in it twice (own and sibling CI): it is only tested against, never counted.
 */
export function ciMatches(db: Executor, f: ListFilters) {
  const [from, to] = ciRange(f);
  const pg = isPostgres(db);
  const key = (table: string) => sql.ref(pg ? `${table}.id` : `${table}.rowid`).as('k');
  const own = db
    .selectFrom('inscriptos as p')
    .select(key('p'))
    .where('p.ciclo_id', '=', f.cicloId)
    .where('p.ci', '>=', from)
    .where('p.ci', '<', to);
  const siblings = db
    .selectFrom('inscripto_hermanos as h')
    .where('h.ciclo_id', '=', f.cicloId)
    .where('h.ci', '>=', from)
    .where('h.ci', '<', to);
  const siblingKeys = pg
    ? siblings.select('h.inscripto_id as k')
    : siblings.innerJoin('inscriptos as s', 's.id', 'h.inscripto_id').select(key('s'));
  let matches = own.unionAll(siblingKeys);
  if (f.numero !== null)
    matches = matches.unionAll(
      db.selectFrom('inscriptos as n').select(key('n')).where('n.ciclo_id', '=', f.cicloId).where(isNumero(f, 'n')),
    );
  return matches;
}

/** CIs in the cycle and its siblings' CIs that the prefix matches, counted up to `limit` (indexes only). */
export async function ciMatchesUpTo(db: Executor, f: ListFilters, limit: number): Promise<number> {
  const [from, to] = ciRange(f);
  const { rows } = await sql<{ n: number | string }>`select
    (select count(*) from (select 1 from inscriptos where ciclo_id = ${f.cicloId} and ci >= ${from} and ci < ${to}
      limit ${limit}) own)
    + (select count(*) from (select 1 from inscripto_hermanos where ciclo_id = ${f.cicloId} and ci >= ${from}
      and ci < ${to} limit ${limit}) siblings) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The same rule as ciMatches, on one `inscriptos` row: for a walk that stops after a few entries. */
export const ciTest = (db: Executor, f: ListFilters) =>
  sql<SqlBool>`(${inCiRange(f, 'inscriptos.ci')} or ${siblingMatches(db, f, 'inscriptos')} or ${isNumero(f, 'inscriptos')})`;

/**
 * How many records a CI prefix alone matches, each once, from two index ranges and no set to deduplicate:
 * the child's own CIs, plus the records a sibling's CI matches and their own does not (0026 copies the
 * child's CI onto its sibling rows), plus the number when neither matched it.
 */
export async function countCiMatches(db: Executor, f: ListFilters): Promise<number> {
  const [from, to] = ciRange(f);
  const { rows } = await sql<{ n: number | string }>`select
    (select count(*) from inscriptos where ciclo_id = ${f.cicloId} and ci >= ${from} and ci < ${to})
    + (select count(distinct h.inscripto_id) from inscripto_hermanos h where h.ciclo_id = ${f.cicloId}
        and h.ci >= ${from} and h.ci < ${to} and not ${inCiRange(f, 'h.inscripto_ci')})
    + (select count(*) from inscriptos n where n.ciclo_id = ${f.cicloId} and ${isNumero(f, 'n')}
        and not ${inCiRange(f, 'n.ci')} and not ${siblingMatches(db, f, 'n')}) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
