import type {
  TEnColaApi,
  TEstadoPlaza,
  TPlazaOferta,
  TPlazasEstado,
  TRespuestaBody,
  TRespuestaResponse,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS, type TLista } from '@inscripciones/shared/sorteo/schemas.ts';
import { searchKey } from '@inscripciones/shared/text.ts';

/** What the Plazas screen shows, as plain functions: filters, overdue offers, a child's history. */

export interface FiltrosPlazas {
  texto: string;
  lista: TLista | '';
  estado: TEstadoPlaza | '';
}

export const SIN_FILTROS: FiltrosPlazas = { texto: '', lista: '', estado: '' };

function coincide(texto: string, numero: number, nombre: string): boolean {
  const q = searchKey(texto.trim());
  if (!q) return true;
  return String(numero).padStart(3, '0').includes(q) || String(numero) === q || searchKey(nombre).includes(q);
}

export function filtrarOfertas(ofertas: readonly TPlazaOferta[], f: FiltrosPlazas): TPlazaOferta[] {
  return ofertas.filter(
    (o) =>
      (!f.lista || o.lista === f.lista) &&
      (!f.estado || o.estado === f.estado) &&
      coincide(f.texto, o.numeroInscripcion, o.nombreCompleto),
  );
}

/** One list's queue as the filters show it: who matches the search, out of everyone waiting. */
export interface ColaVisible {
  lista: TLista;
  total: number;
  mostrados: TEnColaApi[];
}

/**
 * The queues the filters show: only the chosen list (never an empty "Suplentes varones (0)" beside the girls),
 * searched by text. The state filter is the offers': the queue has no offer yet, so it does not hide it.
 */
export function colasVisibles(estado: TPlazasEstado, f: FiltrosPlazas): ColaVisible[] {
  return LISTAS.filter((l) => !f.lista || f.lista === l).map((lista) => ({
    lista,
    total: estado.cola[lista].length,
    mostrados: estado.cola[lista].filter((c) => coincide(f.texto, c.numeroInscripcion, c.nombreCompleto)),
  }));
}

/** The line right under the filters: how many wait in each list shown ("3 de 69" while searching). */
export function lineaDeCola(colas: readonly ColaVisible[], f: FiltrosPlazas): string {
  const buscando = f.texto.trim() !== '';
  const partes = colas.map(
    (c) => `${LISTA_LABELS[c.lista].toLowerCase()} ${buscando ? `${c.mostrados.length} de ${c.total}` : c.total}`,
  );
  return `Suplentes en espera${buscando ? ' que coinciden con la búsqueda' : ''}: ${partes.join(' · ')}.`;
}

/** The feedback line after an answer: what was recorded and who got the place now, with their deadline. */
export function avisoDeRespuesta(
  r: TRespuestaResponse,
  respuesta: TRespuestaBody['respuesta'],
): { texto: string; nuevas: string[] } {
  if (r.repetida) return { texto: PLAZA_MSG.yaRegistrada, nuevas: [] };
  const registrado = PLAZA_MSG.respondio(padNumero(r.numeroInscripcion), respuesta);
  const nuevas = r.pasoA.map((p) => claveOferta(p.numeroInscripcion, p.miembro));
  if (r.pasoA.length) {
    const quienes = r.pasoA.map(
      (p) => `N° ${padNumero(p.numeroInscripcion)} (${p.nombreCompleto}, ${LISTA_LABELS[p.lista].toLowerCase()})`,
    );
    return { texto: `${registrado} ${PLAZA_MSG.pasoA(quienes, fechaHoraTexto(r.pasoA[0]!.vence))}`, nuevas };
  }
  return { texto: respuesta === 'rechazada' ? `${registrado} ${PLAZA_MSG.quedoLibre}` : registrado, nuevas };
}

export const claveOferta = (numero: number, miembro: number) => `${numero}:${miembro}`;

/** Offers still open whose deadline is within a day of `en` (the server's time of the state). */
export function vencePronto(o: TPlazaOferta, en: string): boolean {
  return o.estado === 'ofrecida' && Date.parse(o.vence) - Date.parse(en) < 24 * 60 * 60 * 1000;
}

export function historialDe(estado: TPlazasEstado, numero: number, miembro: number) {
  return estado.historial.filter((h) => h.numeroInscripcion === numero && h.miembro === miembro);
}
