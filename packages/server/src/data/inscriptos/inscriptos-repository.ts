import { type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, InscriptoHermanosTable, InscriptosTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import { countsOfCycle } from './list-query.ts';

export type InscriptoRow = Selectable<InscriptosTable>;

/** Counts over all records of a cycle, whatever the filters (SPEC 2 summary): the `estado` counters of `panel_conteos`. */
export const countByEstado = countsOfCycle;

/** Pendientes and finalizados among these records of the cycle (an export of the list's selection). */
export async function countSelection(db: Executor, cicloId: string, ids: string[]) {
  const rows = await db
    .selectFrom('inscriptos')
    .select(['estado', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('ciclo_id', '=', cicloId)
    .where('id', 'in', ids)
    .groupBy('estado')
    .execute();
  const n = (estado: string) => Number(rows.find((r) => r.estado === estado)?.n ?? 0);
  return { pendientes: n('pendiente'), finalizados: n('finalizado') };
}

/** Every enrolment of every cycle (the SQL backup's count). */
export async function countAll(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('inscriptos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findById(db: Executor, id: string) {
  return db.selectFrom('inscriptos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The enrolment of this CI in a cycle (one at most). */
export function findByCi(db: Executor, cicloId: string, ci: string, exceptId?: string) {
  let q = db.selectFrom('inscriptos').selectAll().where('ciclo_id', '=', cicloId).where('ci', '=', ci);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}

/**
 * The enrolments sharing a number in a cycle (a child, or siblings enrolled together): whole rows, which the
 * constancia maps as the API does.
 */
export function recordsOfNumber(db: Executor, cicloId: string, numero: number) {
  return db
    .selectFrom('inscriptos')
    .selectAll()
    .where('ciclo_id', '=', cicloId)
    .where('numero_inscripcion', '=', numero)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The enrolments of this CI in other cycles: their cycle and number (the form's "Ya se inscribió en …"). */
export function findCiInOtherCycles(db: Executor, cicloId: string, ci: string) {
  return db
    .selectFrom('inscriptos')
    .select(['ciclo_id', 'numero_inscripcion'])
    .where('ci', '=', ci)
    .where('ciclo_id', '!=', cicloId)
    .execute();
}

export async function insert(db: Executor, row: Insertable<InscriptosTable>, siblingCis: string[]): Promise<void> {
  await db.insertInto('inscriptos').values(row).execute();
  await replaceSiblings(db, row.id, siblingCis);
}

/** Many rows at once (imports), in chunks that stay under both databases' parameter limits. */
export async function insertMany(
  db: Executor,
  rows: Insertable<InscriptosTable>[],
  siblings: { inscripto_id: string; ci: string }[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 50)
    await db
      .insertInto('inscriptos')
      .values(rows.slice(i, i + 50))
      .execute();
  for (let i = 0; i < siblings.length; i += 500) {
    await db
      .insertInto('inscripto_hermanos')
      .values(siblings.slice(i, i + 500))
      .execute();
  }
}

/**
 * Rows written at once, as the seed writes a batch (one INSERT for the rows: the caller keeps them under both
 * databases' parameter limits), and their siblings in chunks of `chunk`.
 */
export async function insertAtOnce(
  tx: Transaction<DB>,
  rows: Insertable<InscriptosTable>[],
  siblings: Insertable<InscriptoHermanosTable>[],
  chunk: number,
): Promise<void> {
  await tx.insertInto('inscriptos').values(rows).execute();
  for (let i = 0; i < siblings.length; i += chunk) {
    await tx
      .insertInto('inscripto_hermanos')
      .values(siblings.slice(i, i + chunk))
      .execute();
  }
}

/** CIs of the cycle's enrolments and of the siblings they list (a seeded child must not take one). */
export async function cisInUse(db: Executor, cicloId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('inscriptos')
    .select('ci')
    .where('ciclo_id', '=', cicloId)
    .where('ci', 'is not', null)
    .unionAll(
      db
        .selectFrom('inscripto_hermanos as h')
        .innerJoin('inscriptos as i', 'i.id', 'h.inscripto_id')
        .select('h.ci')
        .where('i.ciclo_id', '=', cicloId),
    )
    .execute();
  return new Set(rows.map((r) => r.ci).filter((ci): ci is string => ci !== null));
}

/** Which of these numbers are already in use in the cycle. */
export async function existingNumbers(db: Executor, cicloId: string, numbers: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await db
      .selectFrom('inscriptos')
      .select('numero_inscripcion')
      .distinct()
      .where('ciclo_id', '=', cicloId)
      .where('numero_inscripcion', 'in', numbers.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.numero_inscripcion !== null) found.add(r.numero_inscripcion);
  }
  return found;
}

/** The enrolments of the cycle holding any of these CIs, by CI. */
export async function findByCis(db: Executor, cicloId: string, cis: string[]): Promise<Map<string, InscriptoRow>> {
  const found = new Map<string, InscriptoRow>();
  for (let i = 0; i < cis.length; i += 500) {
    const rows = await db
      .selectFrom('inscriptos')
      .selectAll()
      .where('ciclo_id', '=', cicloId)
      .where('ci', 'in', cis.slice(i, i + 500))
      .execute();
    for (const r of rows) if (r.ci) found.set(r.ci, r);
  }
  return found;
}

/** Writes only if the stored version is still `expectedVersion`; false when someone else wrote first. */
export async function updateIfVersion(
  db: Executor,
  id: string,
  expectedVersion: number,
  changes: Updateable<InscriptosTable>,
  siblingCis: string[],
): Promise<boolean> {
  const result = await db
    .updateTable('inscriptos')
    .set(changes)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await replaceSiblings(db, id, siblingCis);
  return true;
}

async function replaceSiblings(db: Executor, id: string, cis: string[]): Promise<void> {
  await db.deleteFrom('inscripto_hermanos').where('inscripto_id', '=', id).execute();
  const unique = [...new Set(cis)];
  if (unique.length) {
    await db
      .insertInto('inscripto_hermanos')
      .values(unique.map((ci) => ({ inscripto_id: id, ci })))
      .execute();
  }
}

export async function remove(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('inscripto_hermanos').where('inscripto_id', '=', id).execute();
  await db.deleteFrom('inscriptos').where('id', '=', id).execute();
}

/**
 * The number of a sibling enrolled together: a record whose CI this one lists among its siblings,
 * or a record that lists this one's CI among its own.
 */
export async function siblingNumber(
  db: Executor,
  cicloId: string,
  ci: string | null,
  siblingCis: string[],
): Promise<number | null> {
  if (siblingCis.length) {
    const listed = await db
      .selectFrom('inscriptos')
      .select('numero_inscripcion')
      .where('ciclo_id', '=', cicloId)
      .where('ci', 'in', siblingCis)
      .where('numero_inscripcion', 'is not', null)
      .orderBy('numero_inscripcion')
      .executeTakeFirst();
    if (listed?.numero_inscripcion) return listed.numero_inscripcion;
  }
  if (ci) {
    const listing = await db
      .selectFrom('inscripto_hermanos as h')
      .innerJoin('inscriptos as i', 'i.id', 'h.inscripto_id')
      .select('i.numero_inscripcion')
      .where('h.ci', '=', ci)
      .where('i.ciclo_id', '=', cicloId)
      .where('i.numero_inscripcion', 'is not', null)
      .orderBy('i.numero_inscripcion')
      .executeTakeFirst();
    if (listing?.numero_inscripcion) return listing.numero_inscripcion;
  }
  return null;
}

/** Every enrolment of a cycle, oldest first, in keyset batches so exports hold one batch in memory at a time. */
export async function* iterateAll(
  db: Kysely<DB>,
  cicloId: string,
  batch = 500,
  /** Only these records (an export of the list's selection). */
  ids?: string[],
): AsyncGenerator<InscriptoRow> {
  let after: { created_at: string; id: string } | null = null;
  for (;;) {
    let q = db
      .selectFrom('inscriptos')
      .selectAll()
      .where('ciclo_id', '=', cicloId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(batch);
    if (ids) q = q.where('id', 'in', ids);
    if (after) {
      const { created_at, id } = after;
      q = q.where((eb) =>
        eb.or([eb('created_at', '>', created_at), eb.and([eb('created_at', '=', created_at), eb('id', '>', id)])]),
      );
    }
    const rows = await q.execute();
    yield* rows;
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { created_at: last.created_at, id: last.id };
  }
}
