import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Direccion, Orden } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { Executor } from '../../db/executor.ts';
import { segmentoVacio, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';
import { whereSegmento } from './segmento-filter.ts';
import { ciMatches, ciMatchesUpTo, ciTest, countCiMatches } from './list-ci-prefix.ts';
import type { InscriptoRow } from './inscriptos-repository.ts';

/**
 * The list's query (docs/decisions/0019): counts from the per-cycle counters when only the estado filters,
 * ids first (a page of keys read from an index, then those rows), the far half of a listing read backwards
 * so the last page costs what the first does, and name search prefiltered by a trigram index. PostgreSQL
 * counts a search from a narrow copy of the names and "mine" from two index ranges (migration 0023).
 */
export interface ListFilters {
  /** The cycle whose enrolments are listed (docs/decisions/0014). */
  cicloId: string;
  /** searchKey() words that must all appear in the child's name, or all in its siblings' names. */
  words: string[];
  /** Digits of a CI (prefix match) of the child or of a sibling enrolling with it. */
  ciPrefix: string | null;
  /** An enrolment number, matched beside the CI prefix when the query was a short number. */
  numero: number | null;
  estado: 'pendiente' | 'finalizado' | null;
  /** Username: only records it created or is the official of. */
  mineOf: string | null;
  /** Enrolment date as instants: from `desde` inclusive to `hasta` exclusive. */
  desde: string | null;
  hasta: string | null;
  /** Only these records (an export of the selected rows). */
  ids: string[] | null;
  /** A segment of the director's panel: barrio, sexo, …; absent or empty: every record. */
  segmento?: Segmento;
}

export interface ListOrder {
  orden: Orden | null;
  dir: Direccion;
}

const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;

/** LIKE pattern for a substring, with the pattern's own wildcards escaped. */
function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const likeAll = (column: 'nombre_busqueda' | 'hermanos_busqueda', words: string[]) =>
  sql.join(
    words.map((w) => sql`${sql.ref(column)} like ${containsPattern(w)} escape '\\'`),
    sql` and `,
  );

/** All the words in the child's name, or all in its siblings' names. */
const nameWords = (words: string[]) =>
  sql<SqlBool>`((${likeAll('nombre_busqueda', words)}) or (${likeAll('hermanos_busqueda', words)}))`;

/**
 * PostgreSQL: the cycle's records whose names hold the words, from `inscriptos_busqueda` (migration 0023):
 * its trigram indexes lead with the cycle, and the LIKE that decides each proposed row reads a narrow row.
 */
const namesMatching = (db: Executor, f: ListFilters) =>
  db.selectFrom('inscriptos_busqueda').where('ciclo_id', '=', f.cicloId).where(nameWords(f.words));

/** FTS5 query: every word of three characters or more as a phrase (a substring for the trigram tokenizer). */
function ftsQuery(words: string[]): string | null {
  const long = words.filter((w) => [...w].length >= 3);
  return long.length ? long.map((w) => `"${w.replace(/"/g, '""')}"`).join(' AND ') : null;
}

/**
 * `fewMatches`: matches above which walking the cycle's date index (entries only) beats fetching each
 * match's row. `testEachUpTo`: index entries a page may walk testing each one's row for a CI prefix (a row
 * read and a sibling index probe each, ~1–2 µs cached); beyond it, the set of matches is built once and each
 * entry is tested against it. Tests lower them to take every path on a few records.
 */
export interface ListLimits {
  fewMatches: number;
  testEachUpTo: number;
}
export const LIST_LIMITS: ListLimits = { fewMatches: 2000, testEachUpTo: 4000 };

/**
 * How a search is answered. A CI prefix, on both dialects: few matches drive the query from them; many (a
 * short prefix: a quarter of the cycle) walk the index the other filters pick, in list order, and stop at
 * the page. The entries that walk passes are tested one by one (`ciTest`) when it is short (a page near
 * either end), against the set of matches built once from indexes when it is long (0019). PostgreSQL's
 * planner cannot see that from its estimates of a union, so it is told, as SQLite (which keeps no statistics
 * to choose by itself) is told for name words too: few drive (`+ciclo_id` keeps SQLite off the cycle's
 * date index); a common word walks that index, whose entries carry the names, with the LIKE alone.
 */
interface Plan {
  fts: string | null;
  drive: boolean;
  /** A page's CI matches tested entry by entry (set by listPage, which knows how far the page lies). */
  testEach?: boolean;
}

async function planFor(db: Executor, f: ListFilters, limits = LIST_LIMITS): Promise<Plan> {
  const few = limits.fewMatches;
  if (f.ciPrefix) return { fts: null, drive: (await ciMatchesUpTo(db, f, few + 1)) <= few };
  if (isPostgres(db)) return { fts: null, drive: false };
  const fts = f.words.length ? ftsQuery(f.words) : null;
  if (!fts) return { fts: null, drive: false };
  const row = await sql<{ n: number }>`select count(*) as n from (select 1 from inscriptos_fts(${fts})
    limit ${few + 1})`.execute(db);
  return Number(row.rows[0]?.n ?? 0) <= few ? { fts, drive: true } : { fts: null, drive: false };
}

/** `forPage`: the query that reads a page of keys in list order (see the "mine" filter). */
function filtered(db: Executor, f: ListFilters, plan: Plan, forPage = false) {
  const { fts } = plan;
  const unary = plan.drive && !isPostgres(db);
  let q = db.selectFrom('inscriptos').where(unary ? sql<string>`+ciclo_id` : sql.ref('ciclo_id'), '=', f.cicloId);
  if (f.words.length && isPostgres(db) && !forPage) {
    // A count reads the matches from the narrow copy of the names (0023), not the wide rows.
    q = q.where('id', 'in', namesMatching(db, f).select('id'));
  } else if (f.words.length) {
    // SQLite: the trigram index proposes rows; the LIKE below decides (PostgreSQL's GIN serves the LIKE itself).
    if (fts) q = q.where(sql<SqlBool>`inscriptos.rowid in (select rowid from inscriptos_fts(${fts}))`);
    q = q.where(nameWords(f.words));
  }
  if (f.ciPrefix && plan.testEach) q = q.where(ciTest(db, f));
  else if (f.ciPrefix) {
    const key = isPostgres(db) ? sql.ref('id') : sql.ref('inscriptos.rowid');
    // PostgreSQL, many matches (see Plan): `is true` keeps the IN from becoming a join that fetches and sorts
    // every match; as a filter it is a hashed SubPlan probed by each entry of the index walked in list order.
    q =
      isPostgres(db) && !plan.drive
        ? q.where(sql<SqlBool>`(${key} in (${ciMatches(db, f)})) is true`)
        : q.where(key, 'in', ciMatches(db, f));
  }
  if (f.estado) q = q.where('estado', '=', f.estado);
  if (f.desde) q = q.where('fecha_inscripcion', '>=', f.desde);
  if (f.hasta) q = q.where('fecha_inscripcion', '<', f.hasta);
  if (f.ids) q = q.where('id', 'in', f.ids.length ? f.ids : ['']);
  if (f.segmento) q = whereSegmento(q, f.segmento);
  if (f.mineOf) {
    const me = f.mineOf;
    // For a page, the OR must not use the owner indexes: the database would then sort every match to return
    // ten. Wrapped in coalesce it walks the date index in order and stops at the page. The count keeps the indexes.
    q = forPage
      ? q.where((eb) =>
          eb.or([
            eb(eb.fn.coalesce('created_by', eb.val('')), '=', me),
            eb(eb.fn.coalesce('funcionario', eb.val('')), '=', me),
          ]),
        )
      : q.where((eb) => eb.or([eb('created_by', '=', me), eb('funcionario', '=', me)]));
  }
  return q;
}

/**
 * The sort keys of an order, each ascending in `asc`: every list order ends with the id, so pages never
 * overlap, and all keys run one way, so one index serves it forwards and backwards.
 */
function sortKeys(f: ListFilters, o: ListOrder): { keys: Expression<unknown>[]; descending: boolean } {
  const by = (...cols: string[]) => cols.map((c) => sql.ref(c) as Expression<unknown>);
  switch (o.orden) {
    case 'numero':
      return {
        keys: [sql`(numero_inscripcion is null)`, ...by('numero_inscripcion', 'id')],
        descending: o.dir === 'desc',
      };
    case 'nombre':
      return { keys: by('nombre_busqueda', 'id'), descending: o.dir === 'desc' };
    case 'fecha':
      return { keys: by('fecha_inscripcion', 'id'), descending: o.dir === 'desc' };
    case 'estado':
      return { keys: by('estado', 'created_at', 'id'), descending: o.dir === 'desc' };
    default:
      // Newest first; within a date range, by the enrolment date the range filters on (its own index).
      return { keys: by(f.desde || f.hasta ? 'fecha_inscripcion' : 'created_at', 'id'), descending: true };
  }
}

/** Records matching the filters. Only cycle and estado: the counters, whatever the table's size. */
async function countMatching(db: Executor, f: ListFilters, plan?: Plan): Promise<number> {
  const onlyEstado =
    !f.words.length && !f.ciPrefix && !f.mineOf && !f.desde && !f.hasta && !f.ids && segmentoVacio(f.segmento);
  if (onlyEstado) {
    const c = await countsOfCycle(db, f.cicloId);
    return f.estado === 'pendiente'
      ? c.pendientes
      : f.estado === 'finalizado'
        ? c.finalizados
        : c.pendientes + c.finalizados;
  }
  const countAll = sql<number | string>`count(*)`.as('n');
  // A CI prefix alone: counted from its parts (0026), not record by record.
  const ciAlone =
    f.ciPrefix &&
    !f.words.length &&
    !f.mineOf &&
    !f.estado &&
    !f.desde &&
    !f.hasta &&
    !f.ids &&
    segmentoVacio(f.segmento);
  if (ciAlone) return countCiMatches(db, f);
  // PostgreSQL, a search or "mine" alone: answered by the narrow structures of migration 0023.
  const alone =
    isPostgres(db) && !f.ciPrefix && !f.estado && !f.desde && !f.hasta && !f.ids && segmentoVacio(f.segmento);
  if (alone && f.words.length && !f.mineOf)
    return Number((await namesMatching(db, f).select(countAll).executeTakeFirstOrThrow()).n);
  if (alone && !f.words.length && f.mineOf) return countMine(db, f.cicloId, f.mineOf);
  const row = await filtered(db, f, plan ?? (await planFor(db, f)))
    .select(countAll)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Records a user created or is the official of, as two index ranges (the creator's, then the official's
 * not created by them) instead of the cycle's whole date index filtered by the OR.
 */
async function countMine(db: Executor, cicloId: string, me: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select
    (select count(*) from inscriptos where ciclo_id = ${cicloId} and created_by = ${me})
    + (select count(*) from inscriptos where ciclo_id = ${cicloId} and funcionario = ${me}
        and created_by is distinct from ${me}) as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Pendientes and finalizados of a cycle, from the `estado` counters that the triggers of migration 0018 keep
 * in `panel_conteos` (the panel reads the same ones).
 */
export async function countsOfCycle(
  db: Executor,
  cicloId: string,
): Promise<{ pendientes: number; finalizados: number }> {
  const rows = await db
    .selectFrom('panel_conteos')
    .select(['clave', 'n'])
    .where('ciclo_id', '=', cicloId)
    .where('dimension', '=', 'estado')
    .execute();
  const n = (estado: string) => Number(rows.find((r) => r.clave === estado)?.n ?? 0);
  return { pendientes: n('pendiente'), finalizados: n('finalizado') };
}

/**
 * Whether a page of many CI matches tests the walked entries one by one: the walk passes about
 * `reach` × (records in the cycle) / `total` entries (the matches spread over the list's order).
 */
async function testEachCi(
  db: Executor,
  f: ListFilters,
  plan: Plan,
  reach: number,
  total: number,
  limits: ListLimits,
): Promise<boolean> {
  if (!f.ciPrefix || plan.drive) return false;
  const c = await countsOfCycle(db, f.cicloId);
  return (reach * (c.pendientes + c.finalizados)) / total <= limits.testEachUpTo;
}

export async function listPage(
  db: Executor,
  f: ListFilters,
  order: ListOrder,
  page: number,
  pageSize: number,
  limits = LIST_LIMITS,
): Promise<{ rows: InscriptoRow[]; total: number }> {
  const plan = await planFor(db, f, limits);
  const total = await countMatching(db, f, plan);
  const offset = (page - 1) * pageSize;
  if (offset >= total) return { rows: [], total };
  const take = Math.min(pageSize, total - offset);
  // The far half read from the other end: the last page skips as few keys as the first.
  const backwards = offset + take / 2 > total / 2;
  const skip = backwards ? total - offset - take : offset;
  const { keys, descending } = sortKeys(f, order);
  let q = filtered(
    db,
    f,
    { ...plan, testEach: await testEachCi(db, f, plan, skip + take, total, limits) },
    true,
  ).select('id');
  for (const key of keys) q = q.orderBy(key, descending !== backwards ? 'desc' : 'asc');
  const found = await q.limit(take).offset(skip).execute();
  const ids = found.map((r) => r.id);
  if (backwards) ids.reverse();
  if (!ids.length) return { rows: [], total };
  const rows = await db.selectFrom('inscriptos').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
