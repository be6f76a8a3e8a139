import type { TEstadoAsignacion, TEventoAsignacion, TRespuestaAsignacion } from '../asignacion/corrimiento-estado.ts';
import { armarPostulacion, type TSolicitud } from '../asignacion/postulaciones.ts';
import type { TEscuelaRed, TRed } from '../asignacion/schemas.ts';
import { shuffle } from '../sorteo/plan.ts';
import type { TSexoSorteo } from '../sorteo/schemas.ts';
import { random, type Random } from './plazas-random.ts';

/**
 * Seeded networks for the assignment's tests and benchmark (docs/decisions/0028): schools, families with their
 * true rankings (`solicitudes`), and the engine's input built from them with a random permutation as `azar`.
 */
export interface RedDePrueba {
  red: TRed;
  escuelas: Map<string, TEscuelaRed>;
  solicitudes: TSolicitud[];
  azar: Map<number, number>;
}

export interface OpcionesRed {
  /** Schools: 1 … this many (default 5). */
  escuelas?: number;
  /** Applications: 1 … this many (default 12). */
  postulaciones?: number;
  /** Places per list: 0 … this many (default 3). */
  plazas?: number;
  /** Share of sibling groups (default 0.25). */
  grupos?: number;
}

const SEXOS: readonly TSexoSorteo[] = ['F', 'M', 'F', 'M', 'Otro'];

/** Builds the engine's input from families and an azar per number. */
export function redDesde(
  escuelas: readonly TEscuelaRed[],
  solicitudes: readonly TSolicitud[],
  azar: ReadonlyMap<number, number>,
  maxPreferencias: number,
): TRed {
  const porCodigo = new Map(escuelas.map((e) => [e.codigo, e]));
  return {
    maxPreferencias,
    escuelas,
    postulaciones: solicitudes.map((s) => armarPostulacion(s, porCodigo, azar.get(s.numero)!)),
  };
}

/** A small random network: the property tests run thousands of these. */
export function redAlAzar(r: Random, opciones: OpcionesRed = {}): RedDePrueba {
  const S = 1 + r.int(opciones.escuelas ?? 5);
  const U = 1 + r.int(opciones.postulaciones ?? 12);
  const maxPlazas = opciones.plazas ?? 3;
  // Codes whose code-unit order differs from their numeric order ("E10" < "E2"), in random input order.
  const escuelas: TEscuelaRed[] = shuffle(
    Array.from({ length: S }, (_, i) => ({
      codigo: `E${[1, 2, 10, 3, 21, 4, 5][i] ?? i + 1}`,
      plazas: { nenas: r.int(maxPlazas + 1), varones: r.int(maxPlazas + 1) },
    })),
    r.source,
  );
  const maxPreferencias = 1 + r.int(Math.min(5, S));
  const codigos = escuelas.map((e) => e.codigo);
  const solicitudes: TSolicitud[] = Array.from({ length: U }, (_, i) => {
    const size = r.chance(opciones.grupos ?? 0.25) ? 2 + r.int(2) : 1;
    const largo = 1 + r.int(maxPreferencias);
    return {
      numero: 3 * i + 1 + r.int(3),
      sexos: Array.from({ length: size }, () => r.pick(SEXOS)),
      preferencias: shuffle(codigos, r.source).slice(0, largo),
      hermanosPrimariaEn: codigos.filter(() => r.chance(0.25)),
    };
  });
  const numeros = shuffle(
    solicitudes.map((s) => s.numero),
    r.source,
  );
  const azar = new Map(numeros.map((n, i) => [n, i + 1]));
  return {
    red: redDesde(escuelas, shuffle(solicitudes, r.source), azar, maxPreferencias),
    escuelas: new Map(escuelas.map((e) => [e.codigo, e])),
    solicitudes,
    azar,
  };
}

/**
 * A network the size of the product issue's goal (by default 50,000 children, 5 choices, 100 schools): schools
 * of uneven demand (a few popular ones), 4 % sibling groups, 15 % of children with a sibling in primary at one
 * of their choices, 1 % "Otro", and places for about as many children as apply.
 */
export function redGrande(
  seed: number,
  opciones: { ninos?: number; escuelas?: number; preferencias?: number } = {},
): RedDePrueba {
  const r = random(seed);
  const ninos = opciones.ninos ?? 50_000;
  const S = opciones.escuelas ?? 100;
  const N = opciones.preferencias ?? 5;
  const porEscuela = Math.ceil(ninos / S / 2);
  const escuelas: TEscuelaRed[] = Array.from({ length: S }, (_, i) => ({
    codigo: `E${String(i + 1).padStart(3, '0')}`,
    plazas: { nenas: porEscuela - 5 + r.int(11), varones: porEscuela - 5 + r.int(11) },
  }));
  // Popularity: weight 1 / (rank + 5), so the first schools are several times as wanted as the last.
  const pesos = escuelas.map((_, i) => 1 / (i + 5));
  const total = pesos.reduce((a, b) => a + b, 0);
  const acumulado: number[] = [];
  pesos.reduce((a, p, i) => (acumulado[i] = a + p / total), 0);
  const elegir = () => {
    const x = r.int(1_000_000) / 1_000_000;
    let lo = 0;
    let hi = S - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (acumulado[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return escuelas[lo]!.codigo;
  };
  const solicitudes: TSolicitud[] = [];
  let hijos = 0;
  while (hijos < ninos) {
    const size = r.chance(0.04) ? 2 + (r.chance(0.2) ? 1 : 0) : 1;
    const preferencias = new Set<string>();
    while (preferencias.size < Math.min(N, S)) preferencias.add(elegir());
    const lista = [...preferencias];
    solicitudes.push({
      numero: solicitudes.length + 1,
      sexos: Array.from({ length: size }, () => (r.chance(0.01) ? 'Otro' : r.chance(0.5) ? 'F' : 'M')),
      preferencias: lista,
      hermanosPrimariaEn: r.chance(0.15) ? [r.pick(lista)] : [],
    });
    hijos += size;
  }
  const numeros = shuffle(
    solicitudes.map((s) => s.numero),
    r.source,
  );
  const azar = new Map(numeros.map((n, i) => [n, i + 1]));
  return {
    red: redDesde(escuelas, solicitudes, azar, N),
    escuelas: new Map(escuelas.map((e) => [e.codigo, e])),
    solicitudes,
    azar,
  };
}

const HOUR = 60 * 60 * 1000;

/**
 * The next answer of a random log, `after` the previous one (hours to days later). Mostly for an application
 * holding a place, for the school it holds now; sometimes for any application or for another school (answers
 * the rules refuse); now and then one child of a group declining alone, or the scheduler's expiry once due.
 */
export function eventoAlAzar(r: Random, estado: TEstadoAsignacion, after: number): TEventoAsignacion {
  const t = after + (r.chance(0.7) ? r.int(12 * HOUR) : r.int(9 * 24 * HOUR));
  const conPlaza = estado.postulaciones.filter((p) => p.escuela !== null);
  const p = conPlaza.length > 0 && r.chance(0.75) ? r.pick(conPlaza) : r.pick(estado.postulaciones);
  const respuestas: readonly TRespuestaAsignacion[] = [
    'acepta',
    'acepta-y-espera',
    'acepta-y-espera',
    'rechaza',
    'vence',
  ];
  let respuesta = r.pick(respuestas);
  let en = t;
  if (p.estado === 'pendiente' && p.vence !== null && r.chance(0.3)) {
    respuesta = 'vence';
    en = Math.max(t, Date.parse(p.vence));
  }
  const escuela = r.chance(0.9) ? p.escuela : r.pick([null, ...estado.escuelas.map((e) => e.codigo)]);
  const miembro = p.integrantes.length > 1 && r.chance(0.3) ? r.int(p.integrantes.length + 1) : undefined;
  return {
    en: new Date(en).toISOString(),
    numero: r.chance(0.02) ? 999_999 : p.numero,
    respuesta: miembro === undefined ? respuesta : r.chance(0.9) ? 'rechaza' : respuesta,
    escuela,
    ...(miembro === undefined ? {} : { miembro }),
  };
}
