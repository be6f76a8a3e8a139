import { calcularPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import type { Executor } from '../../db/executor.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { listPlazosOferta, plazoDelCiclo } from '../../data/ciclos/ciclos-repository.ts';
import { findTemporada, insertTemporada } from '../../data/temporadas/temporadas-repository.ts';
import { avisarPasos } from '../avisos/temporada.ts';
import type { ContextoAvisos } from '../avisos/redactor.ts';
import { sorteoPublicado } from './resultados.ts';
import { publicacionDe } from './plazas-del-ciclo.ts';

/**
 * The raffle's end starts its season of offers (docs/decisions/0015) on the transaction that finalises it, and
 * the families are told the result with it (decision 0029): a titular its place and deadline, a suplente its
 * place in the list. Started here, the season has the cycle's deadline days of this instant, as a first read
 * of Plazas would have copied them.
 */
export async function iniciarTemporadaConAvisos(ctx: ContextoAvisos, tx: Executor, cicloId: string): Promise<void> {
  const pub = sorteoPublicado(await sorteosDelCiclo(tx, cicloId));
  if (!pub) return;
  const now = ctx.clock().toISOString();
  await insertTemporada(tx, {
    sorteo_id: pub.id,
    publicado_en: pub.archivadoEn,
    plazo_dias: await plazoDelCiclo(tx, cicloId),
    creado_en: now,
  });
  const temporada = (await findTemporada(tx, pub.id))!;
  const plazos = await listPlazosOferta(tx, cicloId, temporada.publicado_en);
  const publicacion = { ...publicacionDe(pub, temporada), plazos: plazos.map((p) => ({ ...p, dias: Number(p.dias) })) };
  const estado = calcularPlazas(publicacion, [], now);
  await avisarPasos(
    ctx,
    tx,
    { sorteoId: pub.id, cicloId, byNumero: new Map(pub.units.map((u) => [u.numero, u])) },
    estado,
  );
}
