import type { Transaction } from 'kysely';
import { newId } from '@inscripciones/shared/ids.ts';
import type { TEstadoPlazas, TPublicacion } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { THorarioAtencion } from '@inscripciones/shared/sorteo/plazo-horario.ts';
import { ofertaKey, ofertasPorNino } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../domain/context.ts';
import {
  findActual,
  findCiclo,
  listPlazosOferta,
  plazoDelCiclo,
  type CicloRow,
} from '../../data/ciclos/ciclos-repository.ts';
import type { Executor } from '../../db/executor.ts';
import { sorteoPublicado, type SorteoPublicado } from '../../domain/sorteos/resultados.ts';
import { sorteoPublicadoClave, sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { appendAuditMany } from '../../data/auditoria/audit-repository.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import { eventosDe, publicacionDe } from '../../domain/sorteos/plazas-del-ciclo.ts';
import { avisarPasos, pasosSinAvisar } from '../../domain/avisos/temporada.ts';
import type { ContextoAvisos } from '../../domain/avisos/redactor.ts';

/**
 * The season of offers of a cycle's finished raffle (docs/decisions/0015): the published result, fixed once
 * (the raffle is archived; the deadline days are copied from the cycle when the season starts, and later
 * changes of the cycle's setting are read with every log), and the helpers that turn the roll-up's state
 * into stored offers. Parsed seasons are cached by raffle id and the hash of its frozen list.
 */
export interface Temporada {
  cicloId: string;
  /** What the season was cached under: changes when a child is deleted or anonymised (the live boards compare it). */
  clave: string;
  pub: SorteoPublicado;
  /** Without the later deadline changes: `publicacionAhora` adds them. */
  publicacion: TPublicacion;
  byNumero: Map<number, TUnidad>;
}

/** A season read at one time: its answer log, its stored offers and the roll-up's state. */
export interface Season {
  t: Temporada;
  /** The publication with the deadline changes read with this log. */
  publicacion: TPublicacion;
  eventos: repo.EventoRow[];
  ofertas: repo.OfertaRow[];
  estado: TEstadoPlazas;
}

/**
 * Who answers when a family answers its own offer from /estado: its number and code are the credentials (checked
 * before), so there is no session; usernames cannot contain ':', so no staff member shares the name.
 */
export const FAMILIA_EN_LINEA = {
  username: 'familia:en-linea',
  nombre: 'La familia (en línea)',
  canal: 'en_linea',
} as const;

export interface PlazasRuntime {
  cache: Map<string, Temporada>;
  /** The school's opening hours in force (Configuración): copied into a season when it starts (decision 0031). */
  horario: () => THorarioAtencion | null;
  /** Told after every change made here, so live boards hear of it at once. */
  events: { changed(): void };
}

export function createRuntime(options: { horario?: () => THorarioAtencion | null } = {}): PlazasRuntime {
  return { cache: new Map(), horario: options.horario ?? (() => null), events: { changed() {} } };
}

/** Seasons kept parsed: the current cycle's and a few others the panel looked at. */
const CACHE_SIZE = 3;

/** The season of the current cycle, or null while it has no finished raffle. */
export async function temporadaActual(ctx: AppContext, rt: PlazasRuntime): Promise<Temporada | null> {
  return temporadaDe(ctx, rt, await findActual(ctx.db));
}

/** The season of a cycle (by id), or null while it has no finished raffle or the cycle does not exist. */
export async function temporadaDelCiclo(ctx: AppContext, rt: PlazasRuntime, cicloId: string) {
  const ciclo = await findCiclo(ctx.db, cicloId);
  return ciclo ? temporadaDe(ctx, rt, ciclo) : null;
}

/** The season of a cycle, or null while it has no finished raffle. */
async function temporadaDe(ctx: AppContext, rt: PlazasRuntime, ciclo: CicloRow): Promise<Temporada | null> {
  const cicloId = ciclo.id;
  const publicado = await sorteoPublicadoClave(ctx.db, cicloId);
  if (!publicado) return null;
  // Deleting a child or anonymising the cycle rewrites the frozen list and its hash (decision 0024), here or on
  // another instance: the season is read again, so the name is gone from every view and document at once.
  const key = `${publicado.id}:${publicado.participantesHash}:${ciclo.anonimizado_en ?? ''}`;
  const cached = rt.cache.get(key);
  if (cached) return cached;
  const pub = sorteoPublicado(await sorteosDelCiclo(ctx.db, cicloId));
  if (!pub) return null;
  let temporada = await repo.findTemporada(ctx.db, pub.id);
  if (!temporada) {
    // The opening hours are fixed for the season, as its first deadline days are: a later change of the
    // setting never moves a deadline already given (decision 0031).
    const horario = rt.horario();
    await repo.insertTemporada(ctx.db, {
      sorteo_id: pub.id,
      publicado_en: pub.archivadoEn,
      plazo_dias: await plazoDelCiclo(ctx.db, cicloId),
      creado_en: ctx.clock().toISOString(),
      horario_atencion: horario && JSON.stringify(horario),
    });
    temporada = (await repo.findTemporada(ctx.db, pub.id))!;
  }
  const t: Temporada = {
    cicloId,
    clave: key,
    pub,
    publicacion: publicacionDe(pub, temporada),
    byNumero: new Map(pub.units.map((u) => [u.numero, u])),
  };
  if (rt.cache.size >= CACHE_SIZE) rt.cache.clear();
  rt.cache.set(key, t);
  return t;
}

/**
 * The publication with the cycle's deadline changes made after it (read each time: another instance or the
 * Ciclos screen may have changed the setting). Offers made from a change on get its days.
 */
export async function publicacionAhora(db: Executor, t: Temporada): Promise<TPublicacion> {
  const plazos = await listPlazosOferta(db, t.cicloId, t.publicacion.publicadoEn);
  return { ...t.publicacion, plazos: plazos.map((p) => ({ desde: p.desde, dias: Number(p.dias) })) };
}

/**
 * Whether a read must store something: an offer the roll-up made and nobody stored, or a step the families were
 * not told yet (an expiry passes nothing on when the list has no suplente left, yet the family is told).
 */
export async function hayQueGuardar(
  db: Executor,
  t: Temporada,
  ofertas: readonly repo.OfertaRow[],
  estado: TEstadoPlazas,
): Promise<boolean> {
  const known = new Set(ofertas.map((o) => ofertaKey(Number(o.numero), Number(o.miembro))));
  const missing = estado.historial.some((c) => c.estado === 'ofrecida' && !known.has(ofertaKey(c.numero, c.miembro)));
  return missing || pasosSinAvisar(db, t.pub.id, estado);
}

/** What the messages of the season's steps need of it (domain/avisos/temporada.ts). */
export function temporadaAvisos(t: Temporada) {
  return { sorteoId: t.pub.id, cicloId: t.cicloId, byNumero: t.byNumero };
}

/** The days an offer made now gets. */
export function plazoVigente(publicacion: TPublicacion): number {
  return publicacion.plazos?.at(-1)?.dias ?? publicacion.plazoDias;
}

export { eventosDe };

/**
 * Stores the offers of `estado` not stored yet (inside the caller's transaction), with an audit entry for each
 * place passed on by the roll-up, and writes the messages of the steps the families were not told yet (every
 * writer of the season's state passes here: an answer, a read, the job that expires offers). A concurrent writer
 * storing the same offer or step makes a unique index refuse this transaction; the caller reads again.
 */
export async function storeNewOffers(
  tx: Transaction<DB>,
  t: Temporada,
  estado: TEstadoPlazas,
  usuario: string,
  fecha: string,
  ctx: ContextoAvisos,
): Promise<number> {
  await avisarPasos(ctx, tx, temporadaAvisos(t), estado);
  const known = new Set(
    (await repo.listOfertas(tx, t.pub.id)).map((o) => ofertaKey(Number(o.numero), Number(o.miembro))),
  );
  const nuevas = ofertasPorNino(estado).filter((o) => !known.has(o.key));
  if (!nuevas.length) return 0;
  await repo.insertOfertas(
    tx,
    nuevas.map(({ oferta, miembro }) => ({
      id: newId(),
      sorteo_id: t.pub.id,
      numero: oferta.numero,
      miembro: miembro.miembro,
      lista: miembro.lista,
      origen: oferta.origen,
      ofrecida_en: oferta.ofrecidaEn,
      vence: oferta.vence,
    })),
  );
  await appendAuditMany(
    tx,
    nuevas
      .filter(({ oferta }) => oferta.origen === 'suplente')
      .map(({ oferta, miembro }) => ({
        fecha,
        usuario,
        accion: 'crear' as const,
        inscripto_id: `plazas:${t.pub.id}`,
        cambios: {
          corrimiento: { despues: { numero: oferta.numero, miembro: miembro.miembro, lista: miembro.lista } },
          estado: { antes: 'espera', despues: 'ofrecida' },
          ofrecidaEn: { despues: oferta.ofrecidaEn },
          vence: { despues: oferta.vence },
        },
      })),
  );
  return nuevas.length;
}
