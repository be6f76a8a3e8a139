import type { Plantilla } from '@inscripciones/shared/avisos/plantillas.ts';
import type { TEstadoPlazas } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { TLista, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { Executor } from '../../db/executor.ts';
import { contarAvisados, insertAvisados } from '../../data/temporadas/temporadas-repository.ts';
import { descartarRecordatorios } from '../../data/avisos/avisos-repository.ts';
import { redactor, type ContextoAvisos, type Evento } from './redactor.ts';

/**
 * The families are told every step of a season of offers (decision 0029, later note), on the transaction that
 * stores the step: the raffle's end (titulares with their deadline, suplentes with their place), each offer with
 * its reminder a day before the deadline, each acceptance, each expiry, and each move up the suplentes list.
 *
 * The steps are the roll-up's history, which only grows: the ones told are counted in `plazas_avisados`, one row
 * per step, and whoever stores the season's state first (an answer, a read that stores new offers, the raffle's
 * end, the job that expires offers) writes the messages of the steps after that count. Two instances that see
 * the same new step both try to write its row; the key lets one commit and the other read again.
 */

/** What of the season the messages need. */
export interface TemporadaAvisos {
  sorteoId: string;
  cicloId: string;
  byNumero: ReadonlyMap<number, TUnidad>;
}

const DIA_MS = 24 * 60 * 60 * 1000;
const LISTAS: readonly TLista[] = ['nenas', 'varones'];

export async function avisarPasos(
  ctx: ContextoAvisos,
  tx: Executor,
  t: TemporadaAvisos,
  estado: TEstadoPlazas,
): Promise<void> {
  const hechos = await contarAvisados(tx, t.sorteoId);
  const nuevos = estado.historial.slice(hechos);
  if (!nuevos.length) return;
  const ahora = ctx.clock();
  await insertAvisados(
    tx,
    t.sorteoId,
    nuevos.map((_, i) => hechos + i),
    ahora.toISOString(),
  );
  const r = await redactor(ctx, tx);
  const idsDe = (numero: number) =>
    (t.byNumero.get(numero)?.miembros ?? []).flatMap((m) => (m.inscriptoId ? [m.inscriptoId] : []));
  // One message per number and step: a sibling group's children share their number, offer and deadline.
  const hechosAhora = new Set<string>();
  const avisar = async (plantilla: Plantilla, numero: number, extra: Partial<Evento> = {}) => {
    const inscriptoIds = idsDe(numero);
    if (!inscriptoIds.length || hechosAhora.has(`${plantilla}:${numero}`)) return;
    hechosAhora.add(`${plantilla}:${numero}`);
    await r.avisar({ plantilla, cicloId: t.cicloId, numero, inscriptoIds, ...extra });
  };
  const respondidos: string[] = [];
  const corridas = new Set<TLista>();
  for (const paso of nuevos) {
    if (paso.estado === 'ofrecida') {
      const vence = estado.ofertas.find((o) => o.numero === paso.numero)?.vence;
      await avisar(paso.causa === 'sorteo' ? 'sorteoTitular' : 'oferta', paso.numero, vence ? { vence } : {});
      const recordar = vence ? new Date(Date.parse(vence) - DIA_MS) : null;
      if (vence && recordar && recordar > ahora) {
        await avisar('recordatorio', paso.numero, { vence, enviarDesde: recordar });
      }
      if (paso.causa === 'corrimiento') corridas.add(paso.lista);
      continue;
    }
    respondidos.push(...idsDe(paso.numero));
    if (paso.estado === 'aceptada') await avisar('aceptada', paso.numero);
    if (paso.estado === 'vencida') await avisar('vencimiento', paso.numero);
  }
  // An offer answered or expired needs no reminder any more.
  await descartarRecordatorios(tx, respondidos);
  // The suplentes: their place at the raffle's end, and their new place whenever an offer moves the list.
  for (const lista of LISTAS) {
    if (hechos > 0 && !corridas.has(lista)) continue;
    for (const enCola of estado.cola[lista]) {
      await avisar(hechos === 0 ? 'sorteoSuplente' : 'corrimiento', enCola.numero, {
        posicion: enCola.posicionActual,
      });
    }
  }
}
