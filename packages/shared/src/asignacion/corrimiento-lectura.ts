import { LISTAS, type TLista } from '../sorteo/schemas.ts';
import type { RedIndexada } from './deferred-acceptance.ts';
import type { TEspera } from './schemas.ts';
import type {
  TCambioAsignacion,
  TEstadoAsignacion,
  TEstadoPostulacion,
  TListaActual,
  TPostulacionActual,
} from './corrimiento-estado.ts';

/**
 * Reading the network's roll-up (corrimiento.ts): the state of every school, application and waitlist, and one
 * application's place and answer, from the engine's arrays as they stand; and the times it reads and writes.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;
export const toMs = (iso: string): number => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Fecha inválida: ${iso}`);
  return ms;
};
export const toIso = (ms: number) => new Date(ms).toISOString();

/** What reading needs of MotorCorrimiento's state: its arrays as they stand, read and never written. */
export interface VistaCorrimiento {
  ix: RedIndexada;
  now: number;
  plaza: Int32Array;
  estados: readonly TEstadoPostulacion[];
  vence: Float64Array;
  activos: readonly (readonly boolean[])[];
  libres: Record<TLista, Int32Array>;
  espera: { start: Int32Array; u: Int32Array; k: Int32Array };
  cabeza: Int32Array;
  indice: ReadonlyMap<number, number>;
  historial: readonly TCambioAsignacion[];
  ignorados: readonly { evento: number; motivo: string }[];
  /** Is u still waiting at its choice i. */
  esperaEn(u: number, i: number): boolean;
}

/** One application's place and answer now (what the server checks before recording an answer), or null. */
export function consultaDe(
  v: VistaCorrimiento,
  numero: number,
): { escuela: string | null; estado: TEstadoPostulacion; vence: string | null } | null {
  const u = v.indice.get(numero);
  if (u === undefined) return null;
  const s = v.plaza[u]!;
  return {
    escuela: s < 0 ? null : v.ix.codigos[s]!,
    estado: v.estados[u]!,
    vence: v.estados[u] === 'pendiente' ? toIso(v.vence[u]!) : null,
  };
}

/** The state at `ahora` (or at the last event if later). */
export function estadoDe(v: VistaCorrimiento, ahora?: string): TEstadoAsignacion {
  const ix = v.ix;
  const en = ahora === undefined ? v.now : Math.max(v.now, toMs(ahora));
  const S = ix.codigos.length;
  const postulaciones: TPostulacionActual[] = ix.postulaciones.map((p, u) => ({
    numero: p.numero,
    escuela: v.plaza[u]! < 0 ? null : ix.codigos[v.plaza[u]!]!,
    estado: v.estados[u]!,
    vence: v.estados[u] === 'pendiente' ? toIso(v.vence[u]!) : null,
    integrantes: [...v.activos[u]!],
    espera: [],
  }));
  // Current waitlist places: the waiting children of each list, in waitlist order.
  const esperas: { u: number; i: number; espera: TEspera }[] = [];
  for (let s = 0; s < S; s++) {
    const cuenta: Record<TLista, number> = { nenas: 0, varones: 0 };
    for (let e = v.cabeza[s]!; e < v.espera.start[s + 1]!; e++) {
      const u = v.espera.u[e]!;
      const i = v.espera.k[e]! - ix.prefStart[u]!;
      if (!v.esperaEn(u, i)) continue;
      const listas = ix.postulaciones[u]!.preferencias[i]!.listas;
      const posiciones = listas.flatMap((l, m) => (v.activos[u]![m] ? [++cuenta[l]] : []));
      esperas.push({ u, i, espera: { escuela: ix.codigos[s]!, posiciones } });
    }
  }
  esperas.sort((a, b) => a.u - b.u || a.i - b.i);
  for (const e of esperas) postulaciones[e.u]!.espera.push(e.espera);
  return {
    en: toIso(en),
    escuelas: ix.codigos.map((codigo, s) => ({
      codigo,
      listas: Object.fromEntries(
        LISTAS.map((l) => {
          const plazas = l === 'nenas' ? ix.plazasN[s]! : ix.plazasV[s]!;
          const libres = v.libres[l][s]!;
          return [l, { plazas, ocupadas: plazas - libres, libres }];
        }),
      ) as Record<TLista, TListaActual>,
    })),
    postulaciones,
    historial: v.historial.map((c) => ({ ...c })),
    porVencer: postulaciones.flatMap((p) =>
      p.estado === 'pendiente' && toMs(p.vence!) <= en
        ? [{ numero: p.numero, escuela: p.escuela!, vence: p.vence! }]
        : [],
    ),
    ignorados: v.ignorados.map((i) => ({ ...i })),
  };
}

/** One change of application `u` (now in `estado`) at `now`, as the history keeps it. */
export function cambioDe(
  ix: RedIndexada,
  now: number,
  estado: TEstadoPostulacion,
  u: number,
  de: string | null,
  a: string | null,
  causa: TCambioAsignacion['causa'],
  evento?: number,
  miembro?: number,
): TCambioAsignacion {
  return {
    en: toIso(now),
    numero: ix.postulaciones[u]!.numero,
    de,
    a,
    estado,
    causa,
    ...(evento === undefined ? {} : { evento }),
    ...(miembro === undefined ? {} : { miembro }),
  };
}
