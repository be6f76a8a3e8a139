import type { Transaction } from 'kysely';
import { newId } from '@inscripciones/shared/ids.ts';
import type { TEstadoPlazas, TPublicacion } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { ofertaKey, ofertasPorNino } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../context.ts';
import {
  findActual,
  findCiclo,
  listPlazosOferta,
  plazoDelCiclo,
  type CicloRow,
} from '../../data/ciclos/ciclos-repository.ts';
import type { Executor } from '../../db/executor.ts';
import { sorteoPublicado, type SorteoPublicado } from './resultados.ts';
import { sorteoPublicadoClave, sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { appendAuditMany } from '../../data/auditoria/audit-repository.ts';
import * as repo from '../../data/temporadas/temporadas-repository.ts';
import { eventosDe, publicacionDe } from './plazas-del-ciclo.ts';
import { avisarPasos } from '../avisos/temporada.ts';
import type { ContextoAvisos } from '../avisos/redactor.ts';

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
export interface TemporadaLeida {
  temporada: Temporada;
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
  /** Told after every change made here, so live boards hear of it at once. */
  events: { changed(): void };
}

export function createRuntime(): PlazasRuntime {
  return { cache: new Map(), events: { changed() {} } };
}

/** The opening hours in force, as a season row stores them: a season copies them when it starts (0031). */
function horarioEnVigor(ctx: AppContext): string | null {
  const horario = ctx.horarioAtencion?.() ?? null;
  return horario && JSON.stringify(horario);
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

/**
 * The season of a cycle, or null while it has no finished raffle. Read only: a season is started (its row
 * stored) when its raffle closes (`iniciarTemporada`); one closed before that was done is read as it will start,
 * and the first advance (`avanzarTemporada`) stores it.
 */
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
  const temporada = await repo.findTemporada(ctx.db, pub.id);
  const t: Temporada = {
    cicloId,
    clave: key,
    pub,
    publicacion: publicacionDe(
      pub,
      temporada ?? {
        publicado_en: pub.archivadoEn,
        plazo_dias: await plazoDelCiclo(ctx.db, cicloId),
        horario_atencion: horarioEnVigor(ctx),
      },
    ),
    byNumero: new Map(pub.units.map((u) => [u.numero, u])),
  };
  // Not started yet: not kept, so the stored row (its days fixed then) is read once it exists.
  if (!temporada) return t;
  if (rt.cache.size >= CACHE_SIZE) rt.cache.clear();
  rt.cache.set(key, t);
  return t;
}

/** Stores the season's start once (inside the caller's transaction): another instance may have stored it. */
export async function guardarInicio(tx: Transaction<DB>, t: Temporada, creadoEn: string): Promise<void> {
  await repo.insertTemporada(tx, {
    sorteo_id: t.pub.id,
    publicado_en: t.publicacion.publicadoEn,
    plazo_dias: t.publicacion.plazoDias,
    creado_en: creadoEn,
    horario_atencion: t.publicacion.horario ? JSON.stringify(t.publicacion.horario) : null,
  });
}

/**
 * The publication with the cycle's deadline changes made after it (read each time: another instance or the
 * Ciclos screen may have changed the setting). Offers made from a change on get its days.
 */
export async function publicacionAhora(db: Executor, t: Temporada): Promise<TPublicacion> {
  const plazos = await listPlazosOferta(db, t.cicloId, t.publicacion.publicadoEn);
  return { ...t.publicacion, plazos: plazos.map((p) => ({ desde: p.desde, dias: Number(p.dias) })) };
}

/** What the messages of the season's steps need of it (domain/avisos/temporada.ts). */
function temporadaAvisos(t: Temporada) {
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
