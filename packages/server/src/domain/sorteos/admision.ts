import { LISTA_LABELS, STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import type { TEventoAdmision } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { dateInMontevideo, formatDateDMY } from '@inscripciones/shared/inscriptos/dates.ts';
import type { Conservar } from '@inscripciones/shared/sorteo/anonimizar.ts';
import type { TCambioPlaza } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { Executor } from '../../db/executor.ts';
import { resultadosDe } from './resultados.ts';
import { sorteosDelCiclo } from '../../data/sorteos/sorteos-del-ciclo.ts';
import { plazasDelCiclo } from './plazas-del-ciclo.ts';

/**
 * What admission did with a child: the events the personal-data report lists (art. 14) and who counts as
 * admitted when a closed cycle is anonymised (docs/decisions/0017, 0024). Each source of events is one function of
 * FUENTES: the raffle and the offers of places.
 */
/** `en`: the report's time (the offers' state is computed at it). */
type Fuente = (db: Executor, inscripto: { id: string; cicloId: string }, en: string) => Promise<TEventoAdmision[]>;

/** The raffles the child took part in, and each confirmed draw that placed them. */
const eventosDeSorteo: Fuente = async (db, { id, cicloId }) => {
  const eventos: TEventoAdmision[] = [];
  for (const sorteo of await sorteosDelCiclo(db, cicloId)) {
    const unidad = sorteo.units.find((u) => u.miembros.some((m) => m.inscriptoId === id));
    if (!unidad) continue;
    eventos.push({
      fecha: sorteo.creadoEn,
      tipo: 'sorteo',
      descripcion: `Participa del sorteo de Ingresos ${sorteo.anio} con el N° ${padNumero(unidad.numero)}.`,
    });
    for (const r of resultadosDe(sorteo).filter((x) => x.miembro.inscriptoId === id)) {
      const quedo = r.resultado === 'titular' ? 'titular' : 'suplente';
      eventos.push({
        fecha: sorteo.archivadoEn ?? sorteo.creadoEn,
        tipo: 'sorteo',
        descripcion:
          `Sorteo ${r.index + 1} (${STAGE_LABELS[r.stage]}): queda ${quedo}, lista ${LISTA_LABELS[r.lista]}, ` +
          `posición ${r.posicion}.`,
      });
    }
    if (sorteo.archivadoEn) {
      eventos.push({
        fecha: sorteo.archivadoEn,
        tipo: 'sorteo',
        descripcion: `El sorteo de Ingresos ${sorteo.anio} finaliza y su acta queda archivada.`,
      });
    }
  }
  return eventos;
};

const CAMBIO: Record<TCambioPlaza['estado'], (c: TCambioPlaza) => string> = {
  ofrecida: (c) =>
    `Se le ofrece una plaza en la lista ${LISTA_LABELS[c.lista]}` +
    (c.causa === 'sorteo' ? ' (titular del sorteo).' : ' (corrimiento de suplentes).'),
  aceptada: () => 'Se registra que la familia acepta la plaza.',
  rechazada: () => 'Se registra que la familia no acepta la plaza.',
  vencida: () => 'La oferta de plaza vence sin respuesta.',
};

/** The offers of places after the raffle: each change of this child's offer, at the report's time. */
const eventosDePlazas: Fuente = async (db, { id, cicloId }, en) => {
  const plazas = await plazasDelCiclo(db, cicloId, en);
  if (!plazas?.estado) return [];
  const lugar = plazas.pub.units.flatMap((u) =>
    u.miembros.flatMap((m, i) => (m.inscriptoId === id ? [{ numero: u.numero, miembro: i }] : [])),
  )[0];
  if (!lugar) return [];
  return plazas.estado.historial
    .filter((c) => c.numero === lugar.numero && c.miembro === lugar.miembro)
    .map((c) => ({ fecha: c.en, tipo: 'plaza', descripcion: CAMBIO[c.estado](c) }));
};

const FUENTES: readonly Fuente[] = [eventosDeSorteo, eventosDePlazas];

/** Every admission event of one enrolment, oldest first. */
export async function eventosDeAdmision(
  db: Executor,
  inscripto: { id: string; cicloId: string },
  en: string,
): Promise<TEventoAdmision[]> {
  const listas = await Promise.all(FUENTES.map((fuente) => fuente(db, inscripto, en)));
  return listas.flat().sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
}

/**
 * Who of a cycle was admitted (docs/decisions/0024): the children holding an accepted place in the offers'
 * season of its finished raffle, at `en`. `bloqueo` says why nobody can be told apart yet (no finished raffle,
 * the offers never started, or some offer is still open): retention then anonymises nothing.
 */
export interface Admision {
  /** Enrolment ids with an accepted place. */
  admitidos: Set<string>;
  /** Which children of a raffle's frozen list keep their name: those of `admitidos` (by number and member in the finished raffle). */
  conservar: (sorteoId: string) => Conservar;
  bloqueo: string | null;
}

export async function admisionDelCiclo(db: Executor, cicloId: string, en: string): Promise<Admision> {
  const plazas = await plazasDelCiclo(db, cicloId, en);
  const ninguno = (bloqueo: string): Admision => ({ admitidos: new Set(), conservar: () => () => true, bloqueo });
  if (!plazas) return ninguno(RETENCION_MSG.sinSorteo);
  if (!plazas.estado) return ninguno(RETENCION_MSG.sinOfertas);
  const abiertas = plazas.estado.ofertas.filter((o) => o.miembros.some((m) => m.estado === 'ofrecida'));
  if (abiertas.length) {
    const vence = abiertas
      .map((o) => o.vence)
      .sort()
      .at(-1)!;
    return ninguno(RETENCION_MSG.ofertasAbiertas(abiertas.length, formatDateDMY(dateInMontevideo(new Date(vence)))));
  }
  const claves = new Set<string>();
  const admitidos = new Set<string>();
  const byNumero = new Map(plazas.pub.units.map((u) => [u.numero, u]));
  for (const oferta of plazas.estado.ofertas) {
    for (const m of oferta.miembros.filter((x) => x.estado === 'aceptada')) {
      claves.add(`${oferta.numero}:${m.miembro}`);
      const id = byNumero.get(oferta.numero)?.miembros[m.miembro]?.inscriptoId;
      if (id) admitidos.add(id);
    }
  }
  const conservar = (sorteoId: string): Conservar =>
    sorteoId === plazas.pub.id
      ? (numero, indice) => claves.has(`${numero}:${indice}`)
      : (_n, _i, m) => !!m.inscriptoId && admitidos.has(m.inscriptoId);
  return { admitidos, conservar, bloqueo: null };
}
