import type { Transaction } from 'kysely';
import { newId } from '@inscripciones/shared/ids.ts';
import type { TEstadoPlazas, TPublicacion } from '@inscripciones/shared/sorteo/plazas.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { ofertaKey, ofertasPorNino } from '@inscripciones/shared/plazas/plazas-registro.ts';
import type { DB } from '../../db/schema.ts';
import type { AppContext } from '../../context.ts';
import { findActual } from '../../ciclos-store/ciclos-repository.ts';
import {
  sorteoPublicado,
  sorteoPublicadoId,
  sorteosDelCiclo,
  type SorteoPublicado,
} from '../../sorteos-store/resultados.ts';
import { appendAuditMany } from '../../audit/audit-repository.ts';
import * as repo from './plazas-repository.ts';
import { eventosDe, publicacionDe } from '../../sorteos-store/plazas-del-ciclo.ts';

/**
 * The season of offers of the current cycle's finished raffle (docs/decisions/0015): the published result,
 * fixed once (the raffle is archived; the deadline days are copied from the cycle when the season starts), and
 * the helpers that turn the roll-up's state into stored offers. Parsed seasons are cached by raffle id.
 */
export interface Temporada {
  pub: SorteoPublicado;
  publicacion: TPublicacion;
  byNumero: Map<number, TUnidad>;
}

/** A season read at one time: its answer log, its stored offers and the roll-up's state. */
export interface Season {
  t: Temporada;
  eventos: repo.EventoRow[];
  ofertas: repo.OfertaRow[];
  estado: TEstadoPlazas;
}

export interface PlazasRuntime {
  cache: Map<string, Temporada>;
  /** Told after every change made here, so live boards hear of it at once. */
  events: { changed(): void };
}

export function createRuntime(): PlazasRuntime {
  return { cache: new Map(), events: { changed() {} } };
}

/** The season of the current cycle, or null while it has no finished raffle. */
export async function temporadaActual(ctx: AppContext, rt: PlazasRuntime): Promise<Temporada | null> {
  const ciclo = await findActual(ctx.db);
  const id = await sorteoPublicadoId(ctx.db, ciclo.id);
  if (!id) return null;
  // Anonymising the cycle rewrites the frozen list once (decision 0024): the season is read again.
  const key = `${id}:${ciclo.anonimizado_en ?? ''}`;
  const cached = rt.cache.get(key);
  if (cached) return cached;
  const pub = sorteoPublicado(await sorteosDelCiclo(ctx.db, ciclo.id));
  if (!pub) return null;
  let temporada = await repo.findTemporada(ctx.db, pub.id);
  if (!temporada) {
    await repo.insertTemporada(ctx.db, {
      sorteo_id: pub.id,
      publicado_en: pub.archivadoEn,
      plazo_dias: await repo.plazoDelCiclo(ctx.db, ciclo.id),
      creado_en: ctx.clock().toISOString(),
    });
    temporada = (await repo.findTemporada(ctx.db, pub.id))!;
  }
  const t: Temporada = {
    pub,
    publicacion: publicacionDe(pub, temporada),
    byNumero: new Map(pub.units.map((u) => [u.numero, u])),
  };
  rt.cache.clear(); // one season at a time: an older raffle's is not read again
  rt.cache.set(key, t);
  return t;
}

export { eventosDe };

/**
 * Stores the offers of `estado` not stored yet (inside the caller's transaction), with an audit entry for each
 * place passed on by the roll-up. A concurrent writer storing the same offer makes the unique index refuse
 * this transaction; the caller reads again.
 */
export async function storeNewOffers(
  tx: Transaction<DB>,
  t: Temporada,
  estado: TEstadoPlazas,
  usuario: string,
  fecha: string,
): Promise<number> {
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
