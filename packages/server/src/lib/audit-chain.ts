import crypto from 'node:crypto';

/**
 * The audit trail is a hash chain: each entry stores the SHA-256 of the previous entry together with
 * its own content, so editing, deleting or reordering any entry breaks every link after it.
 */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedEntry {
  seq: number;
  fecha: string;
  usuario: string;
  accion: string;
  inscripto_id: string;
  cambios: string;
  hash_anterior: string;
  hash: string;
}

export function entryHash(previousHash: string, e: Omit<ChainedEntry, 'hash' | 'hash_anterior'>): string {
  const content = JSON.stringify([e.seq, e.fecha, e.usuario, e.accion, e.inscripto_id, e.cambios]);
  return crypto.createHash('sha256').update(`${previousHash}\n${content}`).digest('hex');
}

export type ChainCheck = { ok: true; checked: number } | { ok: false; checked: number; seq: number; reason: string };

/**
 * Walks entries in seq order and returns the first broken link. `head` is the stored chain head: an
 * entry removed from the end would otherwise go unnoticed.
 */
export async function verifyChain(
  entries: AsyncIterable<ChainedEntry>,
  head: { ultimo_seq: number; ultimo_hash: string },
): Promise<ChainCheck> {
  let previous = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  for await (const e of entries) {
    if (e.seq !== expectedSeq) return { ok: false, checked, seq: e.seq, reason: `falta la entrada #${expectedSeq}` };
    if (e.hash_anterior !== previous) {
      return { ok: false, checked, seq: e.seq, reason: 'no coincide con el hash de la entrada anterior' };
    }
    if (entryHash(previous, e) !== e.hash) {
      return { ok: false, checked, seq: e.seq, reason: 'su contenido fue modificado (el hash no coincide)' };
    }
    previous = e.hash;
    expectedSeq += 1;
    checked += 1;
  }
  if (head.ultimo_seq !== checked || head.ultimo_hash !== previous) {
    return { ok: false, checked, seq: checked + 1, reason: `faltan entradas: la cabeza indica #${head.ultimo_seq}` };
  }
  return { ok: true, checked };
}
