import type { Selectable } from 'kysely';
import { calcularPlazas } from '@inscripciones/shared/sorteo/plazas.ts';
import {
  type TEstadoPlazas,
  type TEventoPlaza,
  type TPublicacion,
} from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { PlazaEventosTable, PlazasTemporadasTable } from '../../db/schema-sorteos.ts';
import type { Executor } from '../../db/executor.ts';
import { sorteoPublicado, type SorteoPublicado } from './resultados.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { listPlazosOferta } from '../../data/ciclos/ciclos-repository.ts';
import { findTemporada, horarioDeFila, listEventos } from '../../data/temporadas/temporadas-repository.ts';

/**
 * The offers' season of a cycle's finished raffle as data (docs/decisions/0015): the stored answer log turned
 * into the roll-up's events, and the roll-up of any cycle at a given time. The places feature runs the season
 * of the current cycle; retention asks who of a closed cycle holds an accepted place (decision 0024).
 */

export function eventosDe(rows: readonly Selectable<PlazaEventosTable>[]): TEventoPlaza[] {
  return rows.map((r) => ({
    en: r.en,
    numero: Number(r.numero),
    respuesta: r.respuesta,
    miembro: r.miembro === null ? undefined : Number(r.miembro),
    motivo: r.motivo ?? undefined,
    ...(r.canal ? { canal: r.canal } : {}),
    ...(r.vence === null ? {} : { vence: r.vence }),
  }));
}

/** What the roll-up starts from: the published result and the season's fixed start, deadline days and hours. */
export function publicacionDe(
  pub: SorteoPublicado,
  temporada: Pick<Selectable<PlazasTemporadasTable>, 'publicado_en' | 'plazo_dias' | 'horario_atencion'>,
): TPublicacion {
  return {
    draws: pub.draws,
    plazas: pub.plazas,
    publicadoEn: temporada.publicado_en,
    plazoDias: Number(temporada.plazo_dias),
    horario: horarioDeFila(temporada.horario_atencion),
  };
}

/** The raffle and the roll-up at `en`; `estado` null when the season never started (nobody opened Plazas). */
export interface PlazasDelCiclo {
  pub: SorteoPublicado;
  estado: TEstadoPlazas | null;
}

/** Null when the cycle has no finished raffle. */
export async function plazasDelCiclo(db: Executor, cicloId: string, en: string): Promise<PlazasDelCiclo | null> {
  const pub = sorteoPublicado(await sorteosDelCiclo(db, cicloId));
  if (!pub) return null;
  const temporada = await findTemporada(db, pub.id);
  if (!temporada) return { pub, estado: null };
  const eventos = await listEventos(db, pub.id);
  // Changes of the cycle's deadline days after publication shape the offers made after them (0015).
  const plazos = await listPlazosOferta(db, cicloId, temporada.publicado_en);
  const publicacion = { ...publicacionDe(pub, temporada), plazos: plazos.map((p) => ({ ...p, dias: Number(p.dias) })) };
  return { pub, estado: calcularPlazas(publicacion, eventosDe(eventos), en) };
}
