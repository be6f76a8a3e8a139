import {
  ZInscriptoListQuery,
  type Direccion,
  type Estado,
  type Orden,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import { parseSegmento, segmentoParams, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';

/**
 * What the list shows, kept in the URL (?q=&estado=&mias=&page=&ciclo=&orden=&dir=&desde=&hasta=) so a reload, back/forward and a shared
 * link show the same view. Parsing is forgiving: anything the API would reject falls back to its default.
 */
export interface ListState {
  /** The search as typed (the server trims it and ignores accents). */
  q: string;
  estado: Estado | null;
  /** "Mis inscripciones" (hidden, and ignored, for read-only users). */
  mias: boolean;
  /** 1-based. */
  page: number;
  /** The admission cycle shown (docs/decisions/0014); null: the current one. */
  ciclo: string | null;
  /** The sort column (null: newest first) and its direction (docs/decisions/0019). */
  orden: Orden | null;
  dir: Direccion;
  /** Enrolment date range, YYYY-MM-DD, both inclusive. */
  desde: string | null;
  hasta: string | null;
  /** A segment opened from the director's panel: barrio, sexo, …; empty: none. */
  segmento?: Segmento;
}

export const DEFAULT_LIST_STATE: ListState = {
  q: '',
  estado: null,
  mias: false,
  page: 1,
  ciclo: null,
  orden: null,
  dir: 'asc',
  desde: null,
  hasta: null,
};

/** The longest search the API accepts (ZInscriptoListQuery). */
export const SEARCH_MAX_LENGTH = ZInscriptoListQuery.shape.q.unwrap().maxLength ?? 100;

const shape = ZInscriptoListQuery.shape;

export function parseListState(params: URLSearchParams): ListState {
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH);
  const estado = shape.estado.safeParse(params.get('estado') ?? undefined);
  const mias = shape.mias.safeParse(params.get('mias') ?? undefined);
  const page = shape.page.safeParse(params.get('page') ?? undefined);
  const ciclo = shape.ciclo.safeParse(params.get('ciclo') ?? undefined);
  const orden = shape.orden.safeParse(params.get('orden') ?? undefined);
  const dir = shape.dir.safeParse(params.get('dir') ?? undefined);
  const desde = shape.desde.safeParse(params.get('desde') ?? undefined);
  const hasta = shape.hasta.safeParse(params.get('hasta') ?? undefined);
  const range = {
    desde: desde.success ? (desde.data ?? null) : null,
    hasta: hasta.success ? (hasta.data ?? null) : null,
  };
  // A reversed range is the API's 400: the later end is dropped.
  if (range.desde && range.hasta && range.desde > range.hasta) range.hasta = null;
  const segmento = parseSegmento(params);
  return {
    q: q.trim() ? q : '',
    estado: estado.success ? (estado.data ?? null) : null,
    mias: mias.success ? mias.data : false,
    page: page.success ? page.data : 1,
    ciclo: ciclo.success ? (ciclo.data ?? null) : null,
    orden: orden.success ? (orden.data ?? null) : null,
    dir: dir.success && dir.data === 'desc' ? 'desc' : 'asc',
    ...range,
    // Only when the address names one: the plain list's state stays the default.
    ...(Object.keys(segmento).length ? { segmento } : {}),
  };
}

/** The sort and range parameters, as the URL and the API both take them. */
function setOrderAndRange(params: URLSearchParams, state: ListState): void {
  if (state.orden) {
    params.set('orden', state.orden);
    if (state.dir === 'desc') params.set('dir', 'desc');
  }
  if (state.desde) params.set('desde', state.desde);
  if (state.hasta) params.set('hasta', state.hasta);
}

/** The URL's query for a state; defaults are left out, so the plain list is just /inscriptos. */
export function listStateToParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q);
  if (state.estado) params.set('estado', state.estado);
  if (state.mias) params.set('mias', 'true');
  if (state.page > 1) params.set('page', String(state.page));
  if (state.ciclo) params.set('ciclo', state.ciclo);
  setOrderAndRange(params, state);
  for (const [key, value] of segmentoParams(state.segmento ?? {})) params.set(key, value);
  return params;
}

/** The query string of GET /api/inscriptos for a state (the server's default page size applies). */
export function apiListQuery(state: ListState): string {
  const params = new URLSearchParams();
  const q = state.q.trim();
  if (q) params.set('q', q);
  if (state.estado) params.set('estado', state.estado);
  if (state.mias) params.set('mias', 'true');
  params.set('page', String(state.page));
  if (state.ciclo) params.set('ciclo', state.ciclo);
  setOrderAndRange(params, state);
  for (const [key, value] of segmentoParams(state.segmento ?? {})) params.set(key, value);
  return params.toString();
}

/** Same view? (The search compares as the server reads it: trimmed.) */
export function sameListState(a: ListState, b: ListState): boolean {
  return (
    a.q.trim() === b.q.trim() &&
    a.estado === b.estado &&
    a.mias === b.mias &&
    a.page === b.page &&
    a.ciclo === b.ciclo &&
    a.orden === b.orden &&
    (a.orden === null || a.dir === b.dir) &&
    a.desde === b.desde &&
    a.hasta === b.hasta &&
    new URLSearchParams(segmentoParams(a.segmento ?? {})).toString() ===
      new URLSearchParams(segmentoParams(b.segmento ?? {})).toString()
  );
}
