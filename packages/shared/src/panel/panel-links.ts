import type { Segmento } from '../inscriptos/segmento.ts';
import type { TPanel } from './panel-schema.ts';

/**
 * What a card or a bar of the director's panel stands for, as the list's query parameters: a
 * click opens /inscriptos with them, and the panel's tests ask GET /api/inscriptos with the same ones.
 */
/** `desde`/`hasta`: a day range of the enrolment date (YYYY-MM-DD, both included). */
export type FiltroLista = Partial<Record<'estado' | 'desde' | 'hasta' | keyof Segmento, string>>;

type Tarjeta = Exclude<keyof TPanel['tarjetas'], 'porcentajeEstratoBajo'>;

export const FILTRO_TARJETA: Readonly<Record<Tarjeta, FiltroLista>> = {
  total: {},
  pendientes: { estado: 'pendiente' },
  finalizadas: { estado: 'finalizado' },
  condicionales: { condicion: 'cualquiera' },
  estratoBajo: { estrato: 'BAJO' },
  fueraDeZona: { fueraDeZona: 'true' },
};

/** The list parameter each chart's `clave` fills. */
export const DIMENSION_GRAFICO = {
  porEstado: 'estado',
  porBarrio: 'barrio',
  porEstrato: 'estrato',
  porMotivo: 'condicion',
  porSexo: 'sexo',
  porHermanos: 'hermanos',
} as const satisfies Partial<Record<keyof TPanel, keyof FiltroLista>>;

/** The query string of the list for a filter of a cycle (the current one when `ciclo` is null). */
export function listaQuery(filtro: FiltroLista, ciclo: string | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filtro)) if (value) params.set(key, value);
  if (ciclo) params.set('ciclo', ciclo);
  return params.toString();
}
