import { compareCodigo, problemasDeRed } from './postulaciones.ts';
import type { TEspera, TPostulacion, TPrioridad, TRed, TResultadoAsignacion } from './schemas.ts';

/**
 * The network-wide assignment (docs/decisions/0028): pure, no I/O, the same in the server, the CLI and the
 * browser. Two phases, because sibling groups (`hermanos_juntos`) come before every lone child at every school
 * (as in the raffle's stage 1, 0008):
 * 1. Groups, in the order of their random number (`azar`, 1 first): each takes its first choice where all its
 *    children fit in the places left of their lists (serial dictatorship: with one priority order shared by
 *    every school, which is what groups have, deferred acceptance is exactly this).
 * 2. Lone children: student-proposing deferred acceptance over each school's places left per list, a school
 *    holding the best (priority class, then `azar`) of those who proposed to it.
 * The result is each application's school (or none) and its waitlist places at the schools it ranked above.
 * Deterministic: the same input in any order gives the same result.
 */

export const CLASE: Record<TPrioridad, number> = { hermanos_juntos: 0, hermanos_primaria: 1, comun: 2 };

/** A run in integers: schools by code, applications by number, choices flat. */
export interface RedIndexada {
  codigos: string[];
  escuelaDe: Map<string, number>;
  /** Places per school: nenas, varones. */
  plazasN: Int32Array;
  plazasV: Int32Array;
  /** Applications in ascending number: the canonical order, and the index every array below uses. */
  postulaciones: TPostulacion[];
  azar: Float64Array;
  integrantes: Int32Array;
  /** Choices of application u: indices prefStart[u] … prefStart[u + 1] − 1, first choice first. */
  prefStart: Int32Array;
  prefEscuela: Int32Array;
  prefClase: Uint8Array;
  /** Children of the application in each list at that choice. */
  prefN: Int32Array;
  prefV: Int32Array;
  /** (class, azar) as one number, lower is better: the school's priority order. */
  prefClave: Float64Array;
  /** Application indices by ascending azar. */
  porAzar: Int32Array;
}

/** Validates (throws the first problem, in Spanish) and indexes a run. */
export function indexarRed(red: TRed): RedIndexada {
  const problemas = problemasDeRed(red);
  if (problemas.length > 0) throw new RangeError(problemas[0]);
  const escuelas = [...red.escuelas].sort((a, b) => compareCodigo(a.codigo, b.codigo));
  const codigos = escuelas.map((e) => e.codigo);
  const escuelaDe = new Map(codigos.map((c, i) => [c, i]));
  const postulaciones = [...red.postulaciones].sort((a, b) => a.numero - b.numero);
  const U = postulaciones.length;
  let K = 0;
  let maxAzar = 0;
  for (const p of postulaciones) {
    K += p.preferencias.length;
    if (p.azar > maxAzar) maxAzar = p.azar;
  }
  const azar = new Float64Array(U);
  const integrantes = new Int32Array(U);
  const prefStart = new Int32Array(U + 1);
  const prefEscuela = new Int32Array(K);
  const prefClase = new Uint8Array(K);
  const prefN = new Int32Array(K);
  const prefV = new Int32Array(K);
  const prefClave = new Float64Array(K);
  let k = 0;
  for (let u = 0; u < U; u++) {
    const p = postulaciones[u]!;
    azar[u] = p.azar;
    integrantes[u] = p.preferencias[0]!.listas.length;
    prefStart[u] = k;
    for (const pref of p.preferencias) {
      prefEscuela[k] = escuelaDe.get(pref.escuela)!;
      const clase = CLASE[pref.prioridad];
      prefClase[k] = clase;
      prefClave[k] = clase * (maxAzar + 1) + p.azar;
      let n = 0;
      let v = 0;
      for (const l of pref.listas) {
        if (l === 'nenas') n++;
        else v++;
      }
      prefN[k] = n;
      prefV[k] = v;
      k++;
    }
  }
  prefStart[U] = k;
  const porAzar = Int32Array.from({ length: U }, (_, i) => i).sort((a, b) => azar[a]! - azar[b]!);
  return {
    codigos,
    escuelaDe,
    plazasN: Int32Array.from(escuelas, (e) => e.plazas.nenas),
    plazasV: Int32Array.from(escuelas, (e) => e.plazas.varones),
    postulaciones,
    azar,
    integrantes,
    prefStart,
    prefEscuela,
    prefClase,
    prefN,
    prefV,
    prefClave,
    porAzar,
  };
}

/** The school index of every application (−1: none), by the two phases above. */
export function asignarIndexada(ix: RedIndexada): Int32Array {
  const U = ix.postulaciones.length;
  const S = ix.codigos.length;
  const { prefStart, prefEscuela, prefN, prefV, prefClave } = ix;
  const asignada = new Int32Array(U).fill(-1);

  // Phase 1: groups, serial dictatorship in azar order.
  const libresN = Int32Array.from(ix.plazasN);
  const libresV = Int32Array.from(ix.plazasV);
  for (const u of ix.porAzar) {
    if (ix.integrantes[u]! < 2) continue;
    for (let k = prefStart[u]!; k < prefStart[u + 1]!; k++) {
      const s = prefEscuela[k]!;
      if (prefN[k]! <= libresN[s]! && prefV[k]! <= libresV[s]!) {
        libresN[s]! -= prefN[k]!;
        libresV[s]! -= prefV[k]!;
        asignada[u] = s;
        break;
      }
    }
  }

  // Phase 2: lone children, deferred acceptance. Each (school, list) is a max-heap of the children it holds
  // by priority key, in one flat array; a child pushed out proposes on at once from its next choice.
  const cupo = new Int32Array(2 * S);
  const heapOff = new Int32Array(2 * S + 1);
  for (let s = 0; s < S; s++) {
    cupo[2 * s] = libresN[s]!;
    cupo[2 * s + 1] = libresV[s]!;
  }
  for (let sl = 0; sl < 2 * S; sl++) heapOff[sl + 1] = heapOff[sl]! + cupo[sl]!;
  const heapSize = new Int32Array(2 * S);
  const heapId = new Int32Array(heapOff[2 * S]!);
  const heapKey = new Float64Array(heapOff[2 * S]!);
  const next = prefStart.slice(0, U);

  for (let first = 0; first < U; first++) {
    if (ix.integrantes[first] !== 1) continue;
    let u = first;
    while (u >= 0) {
      const end = prefStart[u + 1]!;
      let desplazado = -1;
      let k = next[u]!;
      for (; k < end; k++) {
        const sl = 2 * prefEscuela[k]! + prefV[k]!;
        const c = cupo[sl]!;
        if (c === 0) continue;
        const key = prefClave[k]!;
        const off = heapOff[sl]!;
        const size = heapSize[sl]!;
        if (size < c) {
          // Insert: sift up from the end.
          let i = size;
          while (i > 0) {
            const parent = (i - 1) >> 1;
            if (heapKey[off + parent]! >= key) break;
            heapKey[off + i] = heapKey[off + parent]!;
            heapId[off + i] = heapId[off + parent]!;
            i = parent;
          }
          heapKey[off + i] = key;
          heapId[off + i] = u;
          heapSize[sl] = size + 1;
          break;
        }
        if (key < heapKey[off]!) {
          // Replace the worst held (the root) and sift down.
          desplazado = heapId[off]!;
          let i = 0;
          for (;;) {
            const left = 2 * i + 1;
            if (left >= size) break;
            const right = left + 1;
            const bigger = right < size && heapKey[off + right]! > heapKey[off + left]! ? right : left;
            if (heapKey[off + bigger]! <= key) break;
            heapKey[off + i] = heapKey[off + bigger]!;
            heapId[off + i] = heapId[off + bigger]!;
            i = bigger;
          }
          heapKey[off + i] = key;
          heapId[off + i] = u;
          break;
        }
      }
      next[u] = k + 1;
      u = desplazado;
    }
  }
  for (let sl = 0; sl < 2 * S; sl++) {
    const off = heapOff[sl]!;
    for (let i = 0; i < heapSize[sl]!; i++) asignada[heapId[off + i]!] = sl >> 1;
  }
  return asignada;
}

/**
 * The waitlists: at each school, the applications that ranked it above their assignment (or have none), by
 * (class, azar). Returns, per school, the flat list of (application, choice index) in that order.
 */
export function listasDeEspera(
  ix: RedIndexada,
  asignada: Int32Array,
): { start: Int32Array; u: Int32Array; k: Int32Array } {
  const S = ix.codigos.length;
  const { prefStart, prefEscuela, prefClase, porAzar } = ix;
  const hasta = (u: number) => {
    const a = asignada[u]!;
    let k = prefStart[u]!;
    const end = prefStart[u + 1]!;
    while (k < end && prefEscuela[k] !== a) k++;
    return k;
  };
  const start = new Int32Array(S + 1);
  let total = 0;
  for (let u = 0; u < ix.postulaciones.length; u++) {
    const h = hasta(u);
    for (let k = prefStart[u]!; k < h; k++) start[prefEscuela[k]! + 1]! += 1;
    total += h - prefStart[u]!;
  }
  for (let s = 0; s < S; s++) start[s + 1]! += start[s]!;
  const cursor = start.slice(0, S);
  const eu = new Int32Array(total);
  const ek = new Int32Array(total);
  // Walking the applications by azar once per class fills each school's list already in priority order.
  for (let clase = 0; clase < 3; clase++) {
    for (const u of porAzar) {
      const h = hasta(u);
      for (let k = prefStart[u]!; k < h; k++) {
        if (prefClase[k] !== clase) continue;
        const at = cursor[prefEscuela[k]!]!++;
        eu[at] = u;
        ek[at] = k;
      }
    }
  }
  return { start, u: eu, k: ek };
}

/** The public result of a run: per application in ascending number, its school and waitlist places. */
export function resultadosDe(ix: RedIndexada, asignada: Int32Array): TResultadoAsignacion[] {
  const { prefStart, prefEscuela } = ix;
  const resultados: TResultadoAsignacion[] = ix.postulaciones.map((p, u) => {
    const a = asignada[u]!;
    let arriba = 0;
    while (prefStart[u]! + arriba < prefStart[u + 1]! && prefEscuela[prefStart[u]! + arriba] !== a) arriba++;
    return { numero: p.numero, escuela: a < 0 ? null : ix.codigos[a]!, espera: new Array<TEspera>(arriba) };
  });
  const espera = listasDeEspera(ix, asignada);
  for (let s = 0; s < ix.codigos.length; s++) {
    let n = 0;
    let v = 0;
    for (let e = espera.start[s]!; e < espera.start[s + 1]!; e++) {
      const u = espera.u[e]!;
      const i = espera.k[e]! - prefStart[u]!;
      const listas = ix.postulaciones[u]!.preferencias[i]!.listas;
      resultados[u]!.espera[i] = {
        escuela: ix.codigos[s]!,
        posiciones: listas.map((l) => (l === 'nenas' ? ++n : ++v)),
      };
    }
  }
  return resultados;
}

/**
 * The assignment of a network: every application's school or none, and its waitlist places. Throws (with the
 * first problem of `problemasDeRed`, in Spanish) when the input breaks the rules.
 */
export function asignarRed(red: TRed): TResultadoAsignacion[] {
  const ix = indexarRed(red);
  return resultadosDe(ix, asignarIndexada(ix));
}
