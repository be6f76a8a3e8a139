import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The counter of a cycle's enrolment numbers (`ciclos.ultimo_numero`, docs/decisions/0006): each cycle counts
 * from 1. Its row is also the lock that serialises numbering, so every function runs in the caller's
 * transaction, the one that writes the enrolments numbered.
 */

/**
 * Takes the lock that serialises number assignment (the counter row) without changing it. Called at
 * the start of a finalisation, so two siblings finalised at once cannot both miss each other's number.
 */
export async function lockNumbering(tx: Transaction<DB>, cicloId: string): Promise<void> {
  await tx
    .updateTable('ciclos')
    .set((eb) => ({ ultimo_numero: eb.ref('ultimo_numero') }))
    .where('id', '=', cicloId)
    .execute();
}

/** The cycle's next number: each cycle counts from 1. */
export async function nextNumber(tx: Transaction<DB>, cicloId: string): Promise<number> {
  const row = await tx
    .updateTable('ciclos')
    .set((eb) => ({ ultimo_numero: eb('ultimo_numero', '+', 1) }))
    .where('id', '=', cicloId)
    .returning('ultimo_numero')
    .executeTakeFirstOrThrow();
  return row.ultimo_numero;
}

/**
 * Takes `n` numbers at once (the seed) and returns the first: later finalisations continue after them, and a
 * finalisation racing with it waits for the counter's lock.
 */
export async function allocateNumbers(tx: Transaction<DB>, cicloId: string, n: number): Promise<number> {
  const row = await tx
    .updateTable('ciclos')
    .set((eb) => ({ ultimo_numero: eb('ultimo_numero', '+', n) }))
    .where('id', '=', cicloId)
    .returning('ultimo_numero')
    .executeTakeFirstOrThrow();
  return Number(row.ultimo_numero) - n + 1;
}

/** Moves the cycle's number counter past numbers that arrived from outside (imports). Call after lockNumbering. */
export async function raiseNumberCounter(tx: Transaction<DB>, cicloId: string, atLeast: number): Promise<void> {
  await tx
    .updateTable('ciclos')
    .set({ ultimo_numero: atLeast })
    .where('id', '=', cicloId)
    .where('ultimo_numero', '<', atLeast)
    .execute();
}
