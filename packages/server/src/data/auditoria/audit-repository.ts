import type { Expression, Kysely, Transaction } from 'kysely';
import type { AuditoriaTable, DB } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { entryHash, type ChainedEntry } from '../../lib/audit-chain.ts';

export type AuditAction = AuditoriaTable['accion'];
export type Changes = Record<string, { antes?: unknown; despues?: unknown }>;

/**
 * Appends one entry inside the caller's transaction. Updating the chain head first takes its row
 * lock (PostgreSQL) or runs inside SQLite's single writer, so concurrent appends never fork the chain.
 */
export async function appendAudit(
  tx: Transaction<DB>,
  entry: { fecha: string; usuario: string; accion: AuditAction; inscripto_id: string; cambios: Changes },
): Promise<void> {
  const head = await tx
    .updateTable('auditoria_cabeza')
    .set((eb) => ({ ultimo_seq: eb('ultimo_seq', '+', 1) }))
    .where('id', '=', 1)
    .returning(['ultimo_seq', 'ultimo_hash'])
    .executeTakeFirstOrThrow();
  const row = { ...entry, seq: head.ultimo_seq, cambios: stableStringify(entry.cambios) };
  const hash = entryHash(head.ultimo_hash, row);
  await tx
    .insertInto('auditoria')
    .values({ ...row, hash_anterior: head.ultimo_hash, hash })
    .execute();
  await tx.updateTable('auditoria_cabeza').set({ ultimo_hash: hash }).where('id', '=', 1).execute();
}

/** Appends many entries with one head update (imports): same chain, far fewer round trips. */
export async function appendAuditMany(
  tx: Transaction<DB>,
  entries: { fecha: string; usuario: string; accion: AuditAction; inscripto_id: string; cambios: Changes }[],
): Promise<void> {
  if (!entries.length) return;
  const head = await tx
    .updateTable('auditoria_cabeza')
    .set((eb) => ({ ultimo_seq: eb('ultimo_seq', '+', entries.length) }))
    .where('id', '=', 1)
    .returning(['ultimo_seq', 'ultimo_hash'])
    .executeTakeFirstOrThrow();
  let previous = head.ultimo_hash;
  const firstSeq = head.ultimo_seq - entries.length + 1;
  const rows = entries.map((entry, i) => {
    const row = { ...entry, seq: firstSeq + i, cambios: stableStringify(entry.cambios) };
    const hash = entryHash(previous, row);
    const stored = { ...row, hash_anterior: previous, hash };
    previous = hash;
    return stored;
  });
  for (let i = 0; i < rows.length; i += 200) {
    await tx
      .insertInto('auditoria')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  await tx.updateTable('auditoria_cabeza').set({ ultimo_hash: previous }).where('id', '=', 1).execute();
}

export function listAuditFor(db: Kysely<DB>, inscriptoId: string) {
  return db.selectFrom('auditoria').selectAll().where('inscripto_id', '=', inscriptoId).orderBy('seq', 'asc').execute();
}

/** The newest entry of one subject (`sorteo:<id>`) as seq and hash: an anchor anyone can keep. */
export async function ultimaEntradaDe(db: Executor, subject: string): Promise<{ seq: number; hash: string } | null> {
  const row = await db
    .selectFrom('auditoria')
    .select(['seq', 'hash'])
    .where('inscripto_id', '=', subject)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), hash: row.hash } : null;
}

/** The subjects starting with `prefix` that have an entry of `accion` (every raffle ever started: 'sorteo:', 'crear'). */
export async function sujetosConAccion(db: Executor, prefix: string, accion: AuditAction): Promise<string[]> {
  const rows = await db
    .selectFrom('auditoria')
    .select('inscripto_id')
    .distinct()
    .where('inscripto_id', 'like', `${prefix}%`)
    .where('accion', '=', accion)
    .execute();
  return rows.map((r) => r.inscripto_id);
}

/** The entries of every subject whose id starts with `prefix` ('duplicado:': the resolutions of duplicate pairs). */
export function auditEntriesOfPrefix(db: Executor, prefix: string) {
  return db
    .selectFrom('auditoria')
    .select(['inscripto_id', 'cambios'])
    .where('inscripto_id', 'like', `${prefix}%`)
    .execute();
}

/** Every entry in seq order, read in batches so memory stays flat. */
export async function* allAuditEntries(db: Kysely<DB>, batch = 1000): AsyncGenerator<ChainedEntry> {
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('auditoria')
      .selectAll()
      .where('seq', '>', after)
      .orderBy('seq')
      .limit(batch)
      .execute();
    yield* rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.seq;
  }
}

export function auditHead(db: Kysely<DB>) {
  return db
    .selectFrom('auditoria_cabeza')
    .select(['ultimo_seq', 'ultimo_hash'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
}

/** The head of the chain as seq and hash (0 and '' before the first entry): what detection keys its cache on. */
export async function cabezaAuditoria(db: Executor) {
  const row = await db
    .selectFrom('auditoria_cabeza')
    .select(['ultimo_seq', 'ultimo_hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return { seq: Number(row?.ultimo_seq ?? 0), hash: row?.ultimo_hash ?? '' };
}

/** The stored hash of entry `seq`, if there is one. */
export async function hashOfEntry(db: Executor, seq: number): Promise<string | undefined> {
  const entrada = await db.selectFrom('auditoria').select('hash').where('seq', '=', seq).executeTakeFirst();
  return entrada?.hash;
}

/** Every subject (enrolment id, `sorteo:…`, `duplicado:…`) of the entries after `after` up to `upTo`. */
export async function subjectsBetween(db: Executor, after: number, upTo: number): Promise<string[]> {
  const rows = await db
    .selectFrom('auditoria')
    .select('inscripto_id')
    .distinct()
    .where('seq', '>', after)
    .where('seq', '<=', upTo)
    .execute();
  return rows.map((r) => r.inscripto_id);
}

/**
 * The entries that finalised the record whose id `inscriptoId` holds: a subquery another owner's query tests
 * with EXISTS (data/inscriptos' `desfinalizados`), so the statement stays one and this table stays here.
 */
export const finalizada = (db: Executor) => (inscriptoId: Expression<string>) =>
  db
    .selectFrom('auditoria')
    .select('auditoria.seq')
    .where('auditoria.inscripto_id', '=', inscriptoId)
    .where('auditoria.accion', '=', 'finalizar');
