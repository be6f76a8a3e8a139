import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The keys of the audit digests (`auditoria_claves`, domain/auditoria/personal-changes.ts): one random key per
 * enrolment, or per free text typed about children (by its own key id). Deleting a key unlinks its digests.
 */

export async function findClave(tx: Transaction<DB>, id: string): Promise<string | undefined> {
  const found = await tx
    .selectFrom('auditoria_claves')
    .select('clave')
    .where('inscripto_id', '=', id)
    .executeTakeFirst();
  return found?.clave;
}

export async function insertClave(tx: Transaction<DB>, id: string, clave: string): Promise<void> {
  await tx.insertInto('auditoria_claves').values({ inscripto_id: id, clave }).execute();
}

/** Deleting an enrolment: its key goes, and with it any link between its audit entries and its data. */
export async function forgetRecordKey(tx: Transaction<DB>, inscriptoId: string): Promise<void> {
  await tx.deleteFrom('auditoria_claves').where('inscripto_id', '=', inscriptoId).execute();
}

/** The keys of many records or texts at once (anonymisation), 500 a statement. */
export async function forgetRecordKeys(tx: Transaction<DB>, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await tx
      .deleteFrom('auditoria_claves')
      .where('inscripto_id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}
