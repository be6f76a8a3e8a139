import type { Transaction } from 'kysely';
import type { TCambioPlaza, TEstadoPlazas } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import { ofertaKey, ofertasPorNino } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { ContextoAvisos } from '../avisos/redactor.ts';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import type { AppContext } from '../context.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import {
  createRuntime,
  eventosDe,
  guardarInicio,
  publicacionAhora,
  storeNewOffers,
  temporadaActual,
  temporadaDelCiclo,
  type PlazasRuntime,
  type Temporada,
} from './temporada.ts';
import { estadoEn } from './temporada-lectura.ts';

/**
 * Advancing the season (docs/decisions/0032): the only writer of what the clock does to it. Expiries at their
 * deadlines and the offers they pass on are stored by `avanzarTemporada` (the background job, every instance,
 * within a minute of a deadline) and, up to the answer's time, by every recorded answer or deadline change before
 * it is applied. Every change of the season, whoever causes it, is stored by `registrarCambios`.
 */

/** What one call stored: the roll-up's changes since the state before it, in order (empty when none). */
export interface Avance {
  hasta: string;
  cambios: TCambioPlaza[];
}

/**
 * Stores a step of the season inside the caller's transaction: the offers `despues` made that are not stored yet
 * (with the audit entry of each place passed on), and returns the changes from `antes` to `despues` — offers
 * made, answers, expiries (`causa` 'plazo'), in order. Answers, automatic expiries and an answer's own advance
 * all come through here, so whatever must follow a change (a message to the family) is written here, once.
 */
export async function registrarCambios(
  tx: Transaction<DB>,
  t: Temporada,
  antes: TEstadoPlazas,
  despues: TEstadoPlazas,
  usuario: string,
  fecha: string,
  ctx: ContextoAvisos,
): Promise<TCambioPlaza[]> {
  await storeNewOffers(tx, t, despues, usuario, fecha, ctx);
  return despues.historial.slice(antes.historial.length);
}

/** Another instance advanced the same season first: nothing of this call was stored. */
class AvanceAjeno extends Error {}

/** What an advance found due, read without writing: `guardarAvance` stores it, unless another instance did. */
export interface AvancePendiente {
  t: Temporada;
  iniciada: boolean;
  desde: string | null;
  hasta: string;
  reloj: string;
}

/**
 * Advances the current cycle's season to the clock's time: stores the expiries due and the offers they pass on,
 * once, with several instances (the season's advanced-to time is claimed by a conditional update, and the
 * offers' unique index refuses a copy). Writes nothing when nothing is due. Null without a finished raffle or
 * when another instance did it meanwhile.
 */
export async function avanzarTemporada(ctx: AppContext, rt: PlazasRuntime): Promise<Avance | null> {
  const pendiente = await leerAvance(ctx, rt);
  if (!pendiente) return null;
  if ('cambios' in pendiente) return pendiente;
  return guardarAvance(ctx, rt, pendiente);
}

/** The first half of `avanzarTemporada`: what is due, or an empty advance when nothing is; reads only. */
export async function leerAvance(ctx: AppContext, rt: PlazasRuntime): Promise<AvancePendiente | Avance | null> {
  const t = await temporadaActual(ctx, rt);
  if (!t) return null;
  const [fila, eventos, ofertas, publicacion] = await Promise.all([
    repo.findTemporada(ctx.db, t.pub.id),
    repo.listEventos(ctx.db, t.pub.id),
    repo.listOfertas(ctx.db, t.pub.id),
    publicacionAhora(ctx.db, t),
  ]);
  const desde = fila?.avanzada_hasta ?? null;
  const reloj = ctx.clock().toISOString();
  // Never back: another instance's clock may be a little ahead.
  const hasta = [reloj, desde ?? '', eventos.at(-1)?.en ?? ''].reduce((a, b) => (b > a ? b : a));
  const log = eventosDe(eventos);
  const despues = estadoEn(publicacion, log, hasta).estado();
  const guardadas = new Set(ofertas.map((o) => ofertaKey(Number(o.numero), Number(o.miembro))));
  const antes = estadoEn(publicacion, log, desde).estado();
  const pendiente =
    !fila ||
    despues.historial.length > antes.historial.length ||
    ofertasPorNino(despues).some((o) => !guardadas.has(o.key));
  if (!pendiente) return { hasta: desde ?? hasta, cambios: [] };
  return { t, iniciada: fila !== undefined, desde, hasta, reloj };
}

/** The second half: claims the advance and stores it in one transaction; null when another instance did. */
export async function guardarAvance(ctx: AppContext, rt: PlazasRuntime, p: AvancePendiente): Promise<Avance | null> {
  const { t, desde, hasta, reloj } = p;
  try {
    const avance = await ctx.db.transaction().execute(async (tx) => {
      // The claim first: the transaction holds the season's row from its start (SQLite: the write lock).
      if (!p.iniciada) await guardarInicio(tx, t, reloj);
      if (!(await repo.reclamarAvance(tx, t.pub.id, desde, hasta))) throw new AvanceAjeno();
      // Read again under the claim: an answer may have landed since the read before.
      const log = eventosDe(await repo.listEventos(tx, t.pub.id));
      const pub = await publicacionAhora(tx, t);
      const antes = estadoEn(pub, log, desde).estado();
      const despues = estadoEn(pub, log, hasta).estado();
      return { hasta, cambios: await registrarCambios(tx, t, antes, despues, 'sistema', reloj, ctx) };
    });
    rt.events.changed();
    return avance;
  } catch (e) {
    if (e instanceof AvanceAjeno || isUniqueViolation(e)) return null;
    throw e;
  }
}

/**
 * Starts the season of a cycle whose raffle was just finalised, inside the closing transaction: its row (the
 * cycle's deadline days fixed), the titulares' offers, and its advanced-to time, the publication.
 */
export async function iniciarTemporada(ctx: AppContext, tx: Transaction<DB>, cicloId: string, en: string) {
  const t = await temporadaDelCiclo({ ...ctx, db: tx }, createRuntime(), cicloId);
  if (!t) return;
  await guardarInicio(tx, t, en);
  const publicadoEn = t.publicacion.publicadoEn;
  const despues = estadoEn(await publicacionAhora(tx, t), [], publicadoEn).estado();
  await registrarCambios(tx, t, { ...despues, historial: [] }, despues, 'sistema', en, ctx);
  await repo.reclamarAvance(tx, t.pub.id, null, publicadoEn);
}

/**
 * Before an answer or a deadline change is applied at the clock's time: the season advanced to it inside the
 * writer's transaction (the expiries due stored as `avanzarTemporada` would), and the roll-up there, ready for
 * the new entry. `en` never goes back (the log's last entry or the advanced-to time may be a little ahead).
 */
export async function avanzarParaEscribir(ctx: AppContext, tx: Transaction<DB>, t: Temporada) {
  const eventos = await repo.listEventos(tx, t.pub.id);
  const publicacion = await publicacionAhora(tx, t);
  const fila = await repo.findTemporada(tx, t.pub.id);
  const clock = ctx.clock().toISOString();
  const desde = fila?.avanzada_hasta ?? null;
  const en = [clock, desde ?? '', eventos.at(-1)?.en ?? ''].reduce((a, b) => (b > a ? b : a));
  const motor = estadoEn(publicacion, eventosDe(eventos), desde);
  const antes = motor.estado();
  motor.avanzar(en);
  const ahora = motor.estado();
  if (!fila) await guardarInicio(tx, t, clock);
  if (!fila || ahora.historial.length > antes.historial.length) {
    await registrarCambios(tx, t, antes, ahora, 'sistema', clock, ctx);
    await repo.avanzadaAlMenos(tx, t.pub.id, en);
  }
  return { eventos, publicacion, motor, en, clock };
}
