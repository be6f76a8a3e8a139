import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead, hashOfEntry, sujetosConAccion } from '../../data/auditoria/audit-repository.ts';
import { allIds } from '../../data/sorteos/sorteo-repository.ts';

/**
 * What `npm run auditoria:verificar` checks (docs/decisions/0020, "El ancla"): the hash chain; with an anchor
 * kept from the public status (`--ancla SEQ:HASH`), that the chain still holds that entry, so nothing before it
 * was removed or rewritten (a chain recomputed from scratch verifies, but not against the anchor); and that
 * every raffle the chain records is still stored (a deleted annulled raffle would vanish from the public views).
 */
export interface Ancla {
  seq: number;
  hash: string;
}

export function leerAncla(texto: string): Ancla | null {
  const m = /^([1-9][0-9]*):([0-9a-f]{64})$/.exec(texto.trim().toLowerCase());
  return m ? { seq: Number(m[1]), hash: m[2]! } : null;
}

export async function verificarAuditoria(
  db: Kysely<DB>,
  ancla: Ancla | null,
): Promise<{ ok: boolean; lineas: string[] }> {
  const cadena = await verifyChain(allAuditEntries(db), await auditHead(db));
  if (!cadena.ok) {
    return {
      ok: false,
      lineas: [
        `Auditoría alterada: el primer enlace roto es la entrada #${cadena.seq} (${cadena.reason}). ` +
          `${cadena.checked} entradas anteriores están íntegras.`,
      ],
    };
  }
  const problemas: string[] = [];
  if (ancla) {
    const hash = await hashOfEntry(db, ancla.seq);
    if (hash !== ancla.hash) {
      problemas.push(
        `La auditoría no contiene el ancla publicada: la entrada #${ancla.seq} ${hash ? 'tiene otro hash' : 'no existe'}. ` +
          'Algo anterior al ancla fue borrado o reescrito.',
      );
    }
  }
  const guardados = new Set(await allIds(db));
  for (const sujeto of await sujetosConAccion(db, 'sorteo:', 'crear')) {
    const id = sujeto.slice('sorteo:'.length);
    if (!guardados.has(id))
      problemas.push(`El sorteo ${id} figura en la auditoría pero falta en la base: fue borrado.`);
  }
  if (problemas.length) return { ok: false, lineas: problemas };
  return {
    ok: true,
    lineas: [
      `Auditoría íntegra: ${cadena.checked} entradas verificadas.` + (ancla ? ` Contiene el ancla #${ancla.seq}.` : ''),
    ],
  };
}
