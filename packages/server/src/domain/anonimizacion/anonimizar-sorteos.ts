import { ZActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { anonimizarActa, anonimizarUnidades, type Conservar } from '@inscripciones/shared/sorteo/anonimizar.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { sha256Hex } from '@inscripciones/shared/sorteo/sha256.ts';
import { canonicalJson } from '@inscripciones/shared/sorteo/units.ts';
import type { Executor } from '../../db/executor.ts';

/**
 * Anonymisation of a closed cycle's raffles (docs/decisions/0024): in each closed raffle with a public list
 * (migration 0013 on), the frozen list and the stored administrators' acta keep initials and `huella` of the
 * children not admitted. The public acta is left as it was published. The PDF is emptied here and made again
 * from the new JSON at its next download by the raffle feature (its SHA-256 names the JSON). Raffles before
 * 0013 announced the full list's hash and are left alone. Returns the raffles rewritten.
 */
export async function anonimizarSorteosDelCiclo(
  tx: Executor,
  cicloId: string,
  conservar: (sorteoId: string) => Conservar,
  fecha: string,
): Promise<number> {
  const rows = await tx
    .selectFrom('sorteos')
    .innerJoin('sorteo_contenidos', 'sorteo_contenidos.sorteo_id', 'sorteos.id')
    .leftJoin('sorteo_actas', 'sorteo_actas.sorteo_id', 'sorteos.id')
    .select(['sorteos.id', 'sorteos.sal', 'sorteo_contenidos.participantes', 'sorteo_actas.acta_json'])
    .where('sorteos.ciclo_id', '=', cicloId)
    .where('sorteos.estado', '!=', 'activo')
    .where('sorteos.sal', 'is not', null)
    .where('sorteos.lista_publica_hash', 'is not', null)
    .execute();
  let hechos = 0;
  for (const row of rows) {
    const antes = JSON.parse(row.participantes) as TUnidad[];
    const units = anonimizarUnidades(antes, row.sal!, conservar(row.id));
    const participantes = canonicalJson(units);
    if (participantes === row.participantes) continue;
    await tx.updateTable('sorteo_contenidos').set({ participantes }).where('sorteo_id', '=', row.id).execute();
    await tx
      .updateTable('sorteos')
      .set({ participantes_hash: sha256Hex(participantes) })
      .where('id', '=', row.id)
      .execute();
    if (row.acta_json) {
      const acta_json = JSON.stringify(anonimizarActa(ZActa.parse(JSON.parse(row.acta_json)), units, fecha));
      await tx
        .updateTable('sorteo_actas')
        .set({ acta_json, acta_sha256: sha256Hex(acta_json), acta_pdf: '' })
        .where('sorteo_id', '=', row.id)
        .execute();
    }
    hechos += 1;
  }
  return hechos;
}
