import { calcularPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import type { Executor } from '../../db/executor.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { listPlazosOferta, plazoDelCiclo } from '../../data/ciclos/ciclos-repository.ts';
import { findTemporada } from '../../data/temporadas/temporadas-repository.ts';
import { avisarPasos } from '../avisos/temporada.ts';
import type { ContextoAvisos } from '../avisos/redactor.ts';
import { sorteoPublicado } from './resultados.ts';
import { publicacionDe } from './plazas-del-ciclo.ts';

/**
 * The families are told the raffle's result on the transaction that finalises it (decision 0029): a titular its
 * place and deadline, a suplente its place in the list. These are the first steps of the season of offers
 * (docs/decisions/0015), computed as its first read will compute them, with the cycle's deadline days of this
 * instant; the season itself still starts at that read, which then finds these steps told.
 */
export async function avisarResultadoDelSorteo(ctx: ContextoAvisos, tx: Executor, cicloId: string): Promise<void> {
  const pub = sorteoPublicado(await sorteosDelCiclo(tx, cicloId));
  if (!pub) return;
  const now = ctx.clock().toISOString();
  const temporada = (await findTemporada(tx, pub.id)) ?? {
    publicado_en: pub.archivadoEn,
    plazo_dias: await plazoDelCiclo(tx, cicloId),
    // Before the season row exists the opening hours are not fixed yet (decision 0031): the plain deadline.
    horario_atencion: null,
  };
  const plazos = await listPlazosOferta(tx, cicloId, temporada.publicado_en);
  const publicacion = { ...publicacionDe(pub, temporada), plazos: plazos.map((p) => ({ ...p, dias: Number(p.dias) })) };
  const estado = calcularPlazas(publicacion, [], now);
  const byNumero = new Map(pub.units.map((u) => [u.numero, u]));
  await avisarPasos(ctx, tx, { sorteoId: pub.id, cicloId, byNumero }, estado);
}
