import { PLAZA_MSG, ESTADO_LABELS } from '@inscripciones/shared/plazas/messages.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { MotorPlazas, calcularPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import {
  type TPlazaOferta,
  type TPlazasEstado,
  type TPlazasTablero,
  type TRespuestaBody,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { REGISTRO_FORMATO, type TRegistroPlazas } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import { ofertaKey } from '@inscripciones/shared/plazas/plazas-registro.ts';
import {
  eventosDe,
  publicacionAhora,
  storeNewOffers,
  temporadaActual,
  temporadaDelCiclo,
  type PlazasRuntime,
  type Season,
  type Temporada,
} from './plazas-season.ts';
import { estadoView, ofertaView, tableroView } from './plazas-views.ts';
import { adenda, inscriptosAceptados, nomina, suplentes } from './plazas-documents.ts';
import type { Documento } from './plazas-tables.ts';
import { registroPublicoDe } from './plazas-registro-publico.ts';
import type { TRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { contactosDe } from '../../data/inscriptos/contactos.ts';
import { recordAccess } from '../../domain/accesos/record-access.ts';
import { claveDeMotivo, personalChanges } from '../../domain/auditoria/personal-changes.ts';

/**
 * Offers and answers after the raffle (docs/decisions/0015). The state is always the roll-up
 * (`calcularPlazas`) of the published raffle and the answer log at the injected clock's time, so an offer
 * expires at its deadline whoever looks. Offers the roll-up made are stored (once) to give them ids and to
 * put each promotion in the audit chain; an answer is appended to the log in a transaction whose sequence
 * number is unique, so two answers computed from the same state never both land.
 */

const ATTEMPTS = 5;

/**
 * The season of the current cycle at the clock's time, its new offers stored (an expiry passes places on
 * without anybody answering: whoever reads first stores the offers it made). Null without a finished raffle.
 */
export async function readSeason(ctx: AppContext, rt: PlazasRuntime): Promise<Season | null> {
  const t = await temporadaActual(ctx, rt);
  return t && readSeasonOf(ctx, rt, t);
}

/** The same for any cycle (the director's panel reads the one it shows). */
async function readSeasonDe(ctx: AppContext, rt: PlazasRuntime, cicloId: string): Promise<Season | null> {
  const t = await temporadaDelCiclo(ctx, rt, cicloId);
  return t && readSeasonOf(ctx, rt, t);
}

async function readSeasonOf(ctx: AppContext, rt: PlazasRuntime, t: Temporada): Promise<Season> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [eventos, ofertas, publicacion] = await Promise.all([
      repo.listEventos(ctx.db, t.pub.id),
      repo.listOfertas(ctx.db, t.pub.id),
      publicacionAhora(ctx.db, t),
    ]);
    const now = ctx.clock().toISOString();
    const estado = calcularPlazas(publicacion, eventosDe(eventos), now);
    const known = new Set(ofertas.map((o) => ofertaKey(Number(o.numero), Number(o.miembro))));
    const missing = estado.historial.some((c) => c.estado === 'ofrecida' && !known.has(ofertaKey(c.numero, c.miembro)));
    if (!missing) return { t, publicacion, eventos, ofertas, estado };
    try {
      await ctx.db.transaction().execute(async (tx) => {
        const again = calcularPlazas(
          await publicacionAhora(tx, t),
          eventosDe(await repo.listEventos(tx, t.pub.id)),
          now,
        );
        await storeNewOffers(tx, t, again, 'sistema', now);
      });
      rt.events.changed();
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // stored by another request meanwhile: read again
    }
  }
  throw new AppError('CONFLICT', PLAZA_MSG.ocupado);
}

const EMPTY: Omit<TPlazasEstado, 'en'> = {
  sorteo: null,
  listas: {
    nenas: { plazas: 0, aceptadas: 0, ofrecidas: 0, libres: 0 },
    varones: { plazas: 0, aceptadas: 0, ofrecidas: 0, libres: 0 },
  },
  ofertas: [],
  cola: { nenas: [], varones: [] },
  historial: [],
};

/**
 * The places per list of a cycle's season (the director's panel): the very `listas` GET /api/plazas gives,
 * from the same read of the season. Null before the cycle's raffle is finished.
 */
export async function listasDelCiclo(
  ctx: AppContext,
  rt: PlazasRuntime,
  cicloId: string,
): Promise<TPlazasEstado['listas'] | null> {
  const season = await readSeasonDe(ctx, rt, cicloId);
  return season && estadoView(season).listas;
}

/** The staff's view; a list of children's names, so each read is logged with how many. */
export async function getEstado(ctx: AppContext, rt: PlazasRuntime, actor: SessionActor, ip: string) {
  requirePermission(actor, 'plazas:leer');
  const season = await readSeason(ctx, rt);
  const estado: TPlazasEstado = season ? estadoView(season) : { ...EMPTY, en: ctx.clock().toISOString() };
  const ninos = [...estado.ofertas, ...estado.cola.nenas, ...estado.cola.varones];
  const cantidad = new Set(ninos.map((n) => `${n.numeroInscripcion}:${n.miembro}`)).size;
  await recordAccess(ctx, actor, ip, { accion: 'listar', detalle: 'plazas', cantidad });
  return estado;
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
  actor: SessionActor,
  id: string,
  body: TRespuestaBody,
): Promise<TPlazaOferta & { repetida: boolean }> {
  requirePermission(actor, 'plazas:responder');
  const t = await temporadaActual(ctx, rt);
  if (!t) throw new AppError('CONFLICT', PLAZA_MSG.sinSorteo);
  const oferta = await repo.findOferta(ctx.db, id);
  if (!oferta) throw new AppError('NOT_FOUND', PLAZA_MSG.ofertaNoEncontrada);
  if (oferta.sorteo_id !== t.pub.id) throw new AppError('CONFLICT', PLAZA_MSG.otroSorteo);
  const numero = Number(oferta.numero);
  const miembro = Number(oferta.miembro);
  const motivo = body.motivo?.normalize('NFC');

  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      const { repetida, estado, eventos, publicacion } = await ctx.db.transaction().execute(async (tx) => {
        const eventos = await repo.listEventos(tx, t.pub.id);
        const publicacion = await publicacionAhora(tx, t);
        const last = eventos.at(-1)?.en;
        const clock = ctx.clock().toISOString();
        const en = last && last > clock ? last : clock; // another instance's clock a little ahead
        const motor = new MotorPlazas(publicacion);
        for (const e of eventosDe(eventos)) motor.aplicar(e);
        motor.avanzar(en);
        const before = motor.estado();
        const actual = before.ofertas.find((o) => o.numero === numero)?.miembros[miembro]?.estado ?? 'espera';
        if (actual === body.respuesta) return { repetida: true, estado: before, eventos, publicacion };
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
          return { repetida: true, estado: after, eventos, publicacion };
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
          usuario: actor.username,
          usuario_nombre: actor.nombre,
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
        await storeNewOffers(tx, t, after, actor.username, clock);
        return { repetida: false, estado: after, eventos, publicacion };
      });
      rt.events.changed();
      // The answered offer as the new state has it (its own stored row gives the id).
      return { ...ofertaView({ t, publicacion, eventos, ofertas: [oferta], estado }, id), repetida };
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
  const { eventos, ofertas } = await repo.counts(ctx.db, t.pub.id);
  return `${t.clave}.${eventos}.${ofertas}.${Math.floor(ctx.clock().getTime() / 60_000)}`;
}

/** The public, chained register of the season (no login). */
export async function getRegistroPublico(ctx: AppContext, rt: PlazasRuntime): Promise<TRegistroPublico> {
  return registroPublicoDe(await requireSeason(ctx, rt));
}

export async function getTablero(ctx: AppContext, rt: PlazasRuntime): Promise<TPlazasTablero> {
  return tableroView(await readSeason(ctx, rt));
}

async function requireSeason(ctx: AppContext, rt: PlazasRuntime): Promise<Season> {
  const season = await readSeason(ctx, rt);
  if (!season) throw new AppError('NOT_FOUND', PLAZA_MSG.sinSorteo);
  return season;
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
): Promise<{ documento: Documento; anio: number }> {
  requirePermission(actor, 'plazas:exportar');
  const season = await requireSeason(ctx, rt);
  const now = ctx.clock().toISOString();
  const documento =
    kind === 'adenda'
      ? adenda(season, now)
      : kind === 'suplentes'
        ? suplentes(season, now)
        : nomina(season, await contactosDe(ctx.db, inscriptosAceptados(season)), now);
  const cantidad = documento.tablas.reduce((n, t) => n + t.filas.length, 0);
  await recordAccess(ctx, actor, ip, { accion: 'exportar', detalle: `plazas-${kind}-${formato}`, cantidad });
  return { documento, anio: season.t.pub.anio };
}

/** The answer log and the offers made, for `npm run sorteo:verificar -- acta.json --plazas registro.json`. */
export async function getRegistro(ctx: AppContext, rt: PlazasRuntime, actor: SessionActor): Promise<TRegistroPlazas> {
  requirePermission(actor, 'plazas:exportar');
  const season = await requireSeason(ctx, rt);
  return {
    formato: REGISTRO_FORMATO,
    sorteoId: season.t.pub.id,
    publicadoEn: season.t.publicacion.publicadoEn,
    plazoDias: season.t.publicacion.plazoDias,
    plazos: [...(season.publicacion.plazos ?? [])],
    en: season.estado.en,
    eventos: eventosDe(season.eventos).map((e) => ({
      en: e.en,
      numero: e.numero,
      respuesta: e.respuesta,
      ...(e.miembro === undefined ? {} : { miembro: e.miembro }),
      ...(e.motivo === undefined ? {} : { motivo: e.motivo }),
    })),
    ofertas: season.ofertas.map((o) => ({
      numero: Number(o.numero),
      miembro: Number(o.miembro),
      lista: o.lista,
      origen: o.origen,
      ofrecidaEn: o.ofrecida_en,
      vence: o.vence,
    })),
  };
}
