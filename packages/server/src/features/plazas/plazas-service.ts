import { PLAZA_MSG, ESTADO_LABELS } from '@inscripciones/shared/plazas/messages.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import {
  type TPlazasEstado,
  type TRespuestaResponse,
  type TPlazasTablero,
  type TRespuestaBody,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TRegistroPlazas } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import {
  temporadaActual,
  temporadaDelCiclo,
  type FAMILIA_EN_LINEA,
  type PlazasRuntime,
  type TemporadaLeida,
} from '../../domain/sorteos/temporada.ts';
import { leerTemporadaActual, leerTemporadaDe } from '../../domain/sorteos/temporada-lectura.ts';
import { avanzarParaEscribir, registrarCambios } from '../../domain/sorteos/temporada-avance.ts';
import { estadoView, ofertaView, pasoAView, tableroView } from './plazas-views.ts';
import {
  adenda,
  contactosAceptados,
  inscriptosAceptados,
  nomina,
  suplentes,
  temporadaVista,
} from './plazas-documents.ts';
import type { Documento } from './plazas-tables.ts';
import { registroDe, registroPublicoDe } from './plazas-registro-publico.ts';
import type { TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { contactosDe } from '../../data/inscriptos/contactos.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import { claveDeMotivo, personalChanges } from '../../domain/auditoria/personal-changes.ts';
import { cicloDelSorteo } from '../../data/sorteos/sorteos-del-ciclo.ts';

/**
 * Offers and answers after the raffle (docs/decisions/0015 and 0032). The state is the roll-up of the published
 * raffle and the answer log, read without writing (domain/sorteos/temporada-lectura.ts); expiries are stored by
 * the explicit advance (temporada-avance.ts). Offers the roll-up made are stored (once) to give them ids and to
 * put each promotion in the audit chain; an answer is appended to the log in a transaction whose sequence
 * number is unique, so two answers computed from the same state never both land.
 */

const ATTEMPTS = 5;

/**
 * The places per list of a cycle's season (the director's panel): the very `listas` GET /api/plazas gives,
 * from the same read of the season. Null before the cycle's raffle is finished.
 */
export async function listasDelCiclo(
  ctx: AppContext,
  rt: PlazasRuntime,
  cicloId: string,
): Promise<TPlazasEstado['listas'] | null> {
  const leida = await leerTemporadaDe(ctx, rt, cicloId);
  return leida && estadoView(leida).listas;
}

/**
 * Records a family's answer to an offer. The same answer again changes nothing (`repetida`); a different
 * answer to an offer already answered is a correction and needs `correccion` and a reason, so two staff
 * members answering the same offer differently do not overwrite each other unknowingly. An answer the roll-up
 * refuses (a late acceptance whose place was passed on) is a 409 with the rule's reason, and nothing is stored.
 */
export async function responder(
  ctx: AppContext,
  rt: PlazasRuntime,
  actor: SessionActor | typeof FAMILIA_EN_LINEA,
  id: string,
  body: TRespuestaBody,
): Promise<TRespuestaResponse> {
  if (!('canal' in actor)) requirePermission(actor, 'plazas:responder');
  const oferta = await repo.findOferta(ctx.db, id);
  if (!oferta) throw new AppError('NOT_FOUND', PLAZA_MSG.ofertaNoEncontrada);
  // The offer's own cycle: a season goes on after another cycle becomes current (decision 0030).
  const cicloId = await cicloDelSorteo(ctx.db, oferta.sorteo_id);
  const t = cicloId ? await temporadaDelCiclo(ctx, rt, cicloId) : null;
  if (!t) throw new AppError('CONFLICT', PLAZA_MSG.sinSorteo);
  if (oferta.sorteo_id !== t.pub.id) throw new AppError('CONFLICT', PLAZA_MSG.otroSorteo);
  const numero = Number(oferta.numero);
  const miembro = Number(oferta.miembro);
  const motivo = body.motivo?.normalize('NFC');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const { repetida, estado, eventos, publicacion, nuevas } = await ctx.db.transaction().execute(async (tx) => {
        const { eventos, publicacion, motor, en, clock } = await avanzarParaEscribir(ctx, tx, t);
        const before = motor.estado();
        const actual = before.ofertas.find((o) => o.numero === numero)?.miembros[miembro]?.estado ?? 'espera';
        if (actual === body.respuesta) return { repetida: true, estado: before, eventos, publicacion, nuevas: [] };
        const correccion = actual !== 'ofrecida';
        if (correccion && !body.correccion)
          throw new AppError('CONFLICT', PLAZA_MSG.yaRespondida(ESTADO_LABELS[actual as 'aceptada']));
        if (!motivo && (correccion || body.respuesta === 'rechazada')) {
          const message = correccion ? PLAZA_MSG.motivoCorreccion : PLAZA_MSG.motivoRechazo;
          throw new AppError('VALIDATION', message, [{ field: 'motivo', label: 'Motivo', message }]);
        }
        motor.aplicar({
          en,
          numero,
          respuesta: body.respuesta,
          miembro: body.individual ? miembro : undefined,
          motivo,
        });
        const after = motor.estado();
        if (after.ignorados.length > before.ignorados.length) {
          throw new AppError('CONFLICT', after.ignorados.at(-1)!.motivo);
        }
        if (after.historial.length === before.historial.length) {
          return { repetida: true, estado: after, eventos, publicacion, nuevas: [] };
        }
        const eventoId = newId();
        await repo.insertEvento(tx, {
          id: eventoId,
          sorteo_id: t.pub.id,
          seq: eventos.length + 1,
          en,
          numero,
          miembro: body.individual ? miembro : null,
          respuesta: body.respuesta,
          motivo: motivo ?? null,
          vence: null,
          usuario: actor.username,
          usuario_nombre: actor.nombre,
          canal: 'canal' in actor ? actor.canal : null,
        });
        await appendAudit(tx, {
          fecha: clock,
          usuario: actor.username,
          accion: 'editar',
          inscripto_id: `plazas:${t.pub.id}`,
          cambios: {
            respuesta: { antes: actual, despues: body.respuesta },
            oferta: { despues: { id, numero, miembro: body.individual ? miembro : null } },
            // The reason may name the family: a digest under a key anonymisation deletes (decision 0017).
            ...(motivo ? await personalChanges(tx, claveDeMotivo(eventoId), { motivo: { despues: motivo } }) : {}),
          },
        });
        await registrarCambios(tx, t, before, after, actor.username, clock, ctx);
        const nuevas = after.historial.slice(before.historial.length);
        return { repetida: false, estado: after, eventos, publicacion, nuevas };
      });
      rt.events.changed();
      // The answered offer as the new state has it (its own stored row gives the id), and who got its place.
      const leida = { temporada: t, publicacion, eventos, ofertas: [oferta], estado };
      return { ...ofertaView(leida, id), repetida, pasoA: pasoAView(leida, nuevas) };
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // another answer landed first: recompute on the new log
    }
  }
  throw new AppError('CONFLICT', PLAZA_MSG.ocupado);
}

/**
 * What the live boards compare: the raffle and its frozen list (a deletion rewrites it), the log's and the offers'
 * lengths, and the minute (deadlines).
 */
export async function fingerprint(ctx: AppContext, rt: PlazasRuntime): Promise<string> {
  const t = await temporadaActual(ctx, rt);
  if (!t) return 'ninguno';
  const { eventos, ofertas, avanzadaHasta } = await repo.counts(ctx.db, t.pub.id);
  return `${t.clave}.${eventos}.${ofertas}.${avanzadaHasta}.${Math.floor(ctx.clock().getTime() / 60_000)}`;
}

/** The public, chained register of the season (no login). */
export async function getRegistroPublico(ctx: AppContext, rt: PlazasRuntime): Promise<TRegistroPublico> {
  return registroPublicoDe(await temporadaRequerida(ctx, rt));
}

export async function getTablero(ctx: AppContext, rt: PlazasRuntime): Promise<TPlazasTablero> {
  return tableroView(await leerTemporadaActual(ctx, rt));
}

async function temporadaRequerida(ctx: AppContext, rt: PlazasRuntime, cicloId?: string): Promise<TemporadaLeida> {
  const leida = cicloId ? await leerTemporadaDe(ctx, rt, cicloId) : await leerTemporadaActual(ctx, rt);
  if (!leida) throw new AppError('NOT_FOUND', PLAZA_MSG.sinSorteo);
  return leida;
}

export type DocumentoPlazas = 'adenda' | 'nomina' | 'suplentes';

/** The adenda, the roster or the suplentes list, as of now. Exports of children's data are logged (privacy). */
export async function getDocumento(
  ctx: AppContext,
  rt: PlazasRuntime,
  actor: SessionActor,
  ip: string,
  kind: DocumentoPlazas,
  formato: 'pdf' | 'xlsx',
  cicloId?: string,
): Promise<{ documento: Documento; anio: number }> {
  requirePermission(actor, 'plazas:exportar');
  const leida = await temporadaRequerida(ctx, rt, cicloId);
  const now = ctx.clock().toISOString();
  const vista = temporadaVista(leida);
  const documento =
    kind === 'adenda'
      ? adenda(vista, now)
      : kind === 'suplentes'
        ? suplentes(vista, now)
        : nomina(vista, contactosAceptados(leida, await contactosDe(ctx.db, inscriptosAceptados(leida))), now);
  const cantidad = documento.tablas.reduce((n, t) => n + t.filas.length, 0);
  await recordAccess(ctx, actor, ip, { accion: 'exportar', detalle: `plazas-${kind}-${formato}`, cantidad });
  return { documento, anio: leida.temporada.pub.anio };
}

/** The answer log and the offers made, for `npm run sorteo:verificar -- acta.json --plazas registro.json`. */
export async function getRegistro(
  ctx: AppContext,
  rt: PlazasRuntime,
  actor: SessionActor,
  cicloId?: string,
): Promise<TRegistroPlazas> {
  requirePermission(actor, 'plazas:exportar');
  return registroDe(await temporadaRequerida(ctx, rt, cicloId));
}
