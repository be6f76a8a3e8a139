import { z } from 'zod';
import {
  ESTADOS,
  ZInscriptoList,
  type TInscriptoList,
  DIRECCIONES,
  ORDENES,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { ListState } from './list-state.ts';

/**
 * The local copy of SPEC 3 "Local browser copies" and the fallback of SPEC 7: the last list response this
 * browser loaded, with the view it answered and when. Shown, with a "sin conexión" notice, when the
 * server cannot be reached. One response only (a page of 10 records), so it stays small.
 */
export const LAST_LIST_KEY = 'inscriptos:ultimaLista';

export interface CachedList {
  query: ListState;
  /** ISO instant of the successful load. */
  savedAt: string;
  data: TInscriptoList;
}

const ZCachedList = z.object({
  query: z.object({
    q: z.string(),
    estado: z.enum(ESTADOS).nullable(),
    mias: z.boolean(),
    page: z.number().int().min(1),
    // Copies saved before admission cycles have none: the current cycle.
    ciclo: z.string().nullable().default(null),
    // Copies saved before sorting and date ranges (docs/decisions/0019): the default order, no range.
    orden: z.enum(ORDENES).nullable().default(null),
    dir: z.enum(DIRECCIONES).default('asc'),
    desde: z.string().nullable().default(null),
    hasta: z.string().nullable().default(null),
  }),
  savedAt: z.string(),
  data: ZInscriptoList,
});

/** localStorage, or null where it is blocked (private modes, sandboxed frames, tests in node). */
export function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps a successful answer as the offline copy. An empty answer (a search with no match) is not kept:
 * the copy is there to show records when the server is gone, never an empty table.
 */
export function saveLastList(storage: Storage | null, entry: CachedList): void {
  if (entry.data.items.length === 0) return;
  try {
    storage?.setItem(LAST_LIST_KEY, JSON.stringify(entry));
  } catch {
    // Storage full or blocked: there is simply no fallback copy.
  }
}

/** The stored copy, or null when there is none or it is unreadable (then it is discarded). */
export function readLastList(storage: Storage | null): CachedList | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(LAST_LIST_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = ZCachedList.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data as CachedList;
  } catch {
    // Not JSON: discard below.
  }
  try {
    storage.removeItem(LAST_LIST_KEY);
  } catch {
    // Nothing to do.
  }
  return null;
}

/** After a delete (SPEC 7): the record leaves the local copy too, and the counts follow. */
export function removeFromLastList(storage: Storage | null, id: string): void {
  const cached = readLastList(storage);
  if (!cached) return;
  const removed = cached.data.items.find((item) => item.id === id);
  if (!removed) return;
  const { resumen } = cached.data;
  saveLastList(storage, {
    ...cached,
    data: {
      ...cached.data,
      items: cached.data.items.filter((item) => item.id !== id),
      total: Math.max(0, cached.data.total - 1),
      resumen: {
        total: Math.max(0, resumen.total - 1),
        pendientes: Math.max(0, resumen.pendientes - (removed.estado === 'pendiente' ? 1 : 0)),
        finalizados: Math.max(0, resumen.finalizados - (removed.estado === 'finalizado' ? 1 : 0)),
      },
    },
  });
}
