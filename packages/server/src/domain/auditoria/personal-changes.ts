import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import type { Changes } from '../../data/auditoria/audit-repository.ts';
import { findClave, insertClave } from '../../data/auditoria/claves-repository.ts';

/**
 * What the audit trail keeps of an enrolment's change (docs/privacy.md): the field names and, for each old
 * and new value, an HMAC-SHA256 under a key of that record alone (`auditoria_claves`), never the value.
 * While the record exists, a value can be checked against its entry; deleting the record deletes its key,
 * so nothing in the chain can be linked back to the child (the chain itself, which hashes these texts,
 * still verifies). Entries written before migration 0010 hold values and stay as they are: rewriting them
 * would break the chain.
 */
export async function personalChanges(tx: Transaction<DB>, inscriptoId: string, cambios: Changes): Promise<Changes> {
  const key = await recordKey(tx, inscriptoId);
  const digest = (value: unknown) =>
    `hmac:${crypto.createHmac('sha256', key).update(stableStringify(value)).digest('hex').slice(0, 32)}`;
  return Object.fromEntries(
    Object.entries(cambios).map(([campo, { antes, despues }]) => [
      campo,
      {
        ...(antes === undefined ? {} : { antes: digest(antes) }),
        ...(despues === undefined ? {} : { despues: digest(despues) }),
      },
    ]),
  );
}

/**
 * Free texts staff type about children outside their records, audited the same way under a key of their own,
 * which anonymising the children deletes (docs/decisions/0017): the reason of an offer's answer (by event id)
 * and the note of a duplicate pair resolved as two children (by pair id).
 */
export const claveDeMotivo = (eventoId: string) => `plaza-evento:${eventoId}`;
export const claveDeDuplicado = (parId: string) => `duplicado:${parId}`;

async function recordKey(tx: Transaction<DB>, inscriptoId: string): Promise<Buffer> {
  const found = await findClave(tx, inscriptoId);
  if (found) return Buffer.from(found, 'base64');
  const clave = crypto.randomBytes(32);
  await insertClave(tx, inscriptoId, clave.toString('base64'));
  return clave;
}
