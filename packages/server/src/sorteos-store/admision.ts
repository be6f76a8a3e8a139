import { LISTA_LABELS, STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import type { TEventoAdmision } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import type { Executor } from '../db/executor.ts';
import { resultadosDe, sorteosDelCiclo, titularesDelCiclo } from './resultados.ts';

/**
 * What admission did with a child: the events the personal-data report lists (art. 14) and who counts as
 * admitted when a closed cycle is anonymised (docs/decisions/0017). Each source of events is one function of
 * FUENTES: the offers of places (issue 17) join as one more.
 */
type Fuente = (db: Executor, inscripto: { id: string; cicloId: string }) => Promise<TEventoAdmision[]>;

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

const FUENTES: readonly Fuente[] = [eventosDeSorteo];

/** Every admission event of one enrolment, oldest first. */
export async function eventosDeAdmision(
  db: Executor,
  inscripto: { id: string; cicloId: string },
): Promise<TEventoAdmision[]> {
  const listas = await Promise.all(FUENTES.map((fuente) => fuente(db, inscripto)));
  return listas.flat().sort((a, b) => (a.fecha < b.fecha ? -1 : a.fecha > b.fecha ? 1 : 0));
}

/**
 * The children of a cycle who were admitted: the titulares of its raffle. Once offers of places exist
 * (issue 17), the children whose offer was accepted replace this list.
 */
export async function admitidosDelCiclo(db: Executor, cicloId: string): Promise<Set<string>> {
  return titularesDelCiclo(await sorteosDelCiclo(db, cicloId));
}
