import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import { cabezaAuditoria, hashOfEntry, subjectsBetween } from '../../data/auditoria/audit-repository.ts';
import { countOfCycle } from '../../data/inscriptos/panel-reads.ts';
import { enrolmentsByIds, type FilaDeteccion } from '../../data/inscriptos/deteccion-reads.ts';

/**
 * What the in-memory detection of possible duplicates (deteccion.ts) checks before it answers: the data
 * version it is current at, and what changed since, from the audit chain (data/auditoria), the cycle's counters
 * and its enrolments (data/inscriptos).
 */

/** The data version detection depends on: the cycle, the head of the audit chain and the cycle's count. */
export interface VersionDeteccion {
  cicloId: string;
  seq: number;
  hash: string;
  cuenta: number;
}

export const claveVersion = (v: VersionDeteccion) => `${v.cicloId}|${v.seq}|${v.hash}|${v.cuenta}`;

/**
 * What the detected pairs depend on, cheap to read on every request: the cycle, the head of the audit chain
 * (every write of an enrolment appends to it in its transaction, and its hash differs even after a restore to
 * an older copy) and the cycle's count of enrolments (a write that skips the chain, like the seed, still
 * changes it when it adds or deletes). Resolutions are not part of it: they are read on every request.
 */
export async function versionDeteccion(db: Executor, cicloId: string): Promise<VersionDeteccion> {
  const [c, n] = await Promise.all([cabezaAuditoria(db), countOfCycle(db, cicloId)]);
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
        if ((await hashOfEntry(tx, desde.seq)) !== desde.hash) return null;
      } else if (c.seq === 0 && c.hash !== desde.hash) return null;
      const version = { cicloId, ...c, cuenta: await countOfCycle(tx, cicloId) };
      const ids = c.seq === desde.seq ? [] : await subjectsBetween(tx, desde.seq, c.seq);
      return { version, ids, filas: ids.length <= maxFilas ? await enrolmentsByIds(tx, cicloId, ids) : null };
    });
}
