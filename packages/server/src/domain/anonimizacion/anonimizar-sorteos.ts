import { ZActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { anonimizarActa, anonimizarUnidades, type Conservar } from '@inscripciones/shared/sorteo/anonimizar.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { sha256Hex } from '@inscripciones/shared/sorteo/sha256.ts';
import { canonicalJson } from '@inscripciones/shared/sorteo/units.ts';
import type { Executor } from '../../db/executor.ts';
import { actaPdf } from '../sorteos/acta-pdf.ts';
import { closedWithPublicList, rewriteActa, rewriteParticipantes } from '../../data/sorteos/anonimizar-writes.ts';

/**
 * Anonymisation of a closed cycle's raffles (docs/decisions/0024): in each closed raffle with a public list
 * (migration 0013 on), the frozen list and the stored administrators' acta keep initials and `huella` of the
 * children not admitted. The public acta is left as it was published. The PDF is drawn again here from the
 * new JSON (its SHA-256 names the JSON), in the same transaction: downloading it only reads. Raffles before
 * 0013 announced the full list's hash and are left alone. Returns the raffles rewritten.
 */
export async function anonimizarSorteosDelCiclo(
  tx: Executor,
  cicloId: string,
  conservar: (sorteoId: string) => Conservar,
  fecha: string,
): Promise<number> {
  const rows = await closedWithPublicList(tx, cicloId);
  let hechos = 0;
  for (const row of rows) {
    const antes = JSON.parse(row.participantes) as TUnidad[];
    const units = anonimizarUnidades(antes, row.sal!, conservar(row.id));
    const participantes = canonicalJson(units);
    if (participantes === row.participantes) continue;
    await rewriteParticipantes(tx, row.id, participantes, sha256Hex(participantes));
    if (row.acta_json) {
      const acta = anonimizarActa(ZActa.parse(JSON.parse(row.acta_json)), units, fecha);
      const acta_json = JSON.stringify(acta);
      const sha = sha256Hex(acta_json);
      await rewriteActa(tx, row.id, acta_json, sha, (await actaPdf(acta, sha)).toString('base64'));
    }
    hechos += 1;
  }
  return hechos;
}
