import type { TEstadoPlaza, TPlazaOferta, TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import type { TLista } from '@inscripciones/shared/sorteo/schemas.ts';
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

export function filtrarCola(estado: TPlazasEstado, lista: TLista, f: FiltrosPlazas) {
  if (f.lista && f.lista !== lista) return [];
  if (f.estado) return [];
  return estado.cola[lista].filter((c) => coincide(f.texto, c.numeroInscripcion, c.nombreCompleto));
}

/** Offers still open whose deadline is within a day of `en` (the server's time of the state). */
export function vencePronto(o: TPlazaOferta, en: string): boolean {
  return o.estado === 'ofrecida' && Date.parse(o.vence) - Date.parse(en) < 24 * 60 * 60 * 1000;
}

export function historialDe(estado: TPlazasEstado, numero: number, miembro: number) {
  return estado.historial.filter((h) => h.numeroInscripcion === numero && h.miembro === miembro);
}
