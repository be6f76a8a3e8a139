import { describe, expect, it } from 'vitest';
import { parBloqueante, problemaDeForma } from '../test/asignacion-checks.ts';
import { redAlAzar, redDesde } from '../test/asignacion-random.ts';
import { random } from '../test/plazas-random.ts';
import { LISTAS } from '../sorteo/schemas.ts';
import { asignarRed, CLASE } from './deferred-acceptance.ts';
import type { TSolicitud } from './postulaciones.ts';
import type { TRed, TResultadoAsignacion } from './schemas.ts';

/**
 * Strategy-proofness and optimality (docs/decisions/0028 "Qué propiedades valen"), by brute force on small
 * networks: every ordered list of the network's schools a family could send instead of its true ranking.
 */

/** Every ordered selection of 1 … max of these codes. */
function listasPosibles(codigos: readonly string[], max: number): string[][] {
  const out: string[][] = [];
  const extender = (prefijo: string[]) => {
    if (prefijo.length > 0) out.push(prefijo);
    if (prefijo.length === max) return;
    for (const c of codigos) if (!prefijo.includes(c)) extender([...prefijo, c]);
  };
  extender([]);
  return out;
}

/** Position in the true ranking (lower is better); a school it did not rank, or none, is after all of them. */
const rango = (verdad: readonly string[], escuela: string | null) => {
  const i = escuela === null ? -1 : verdad.indexOf(escuela);
  return i < 0 ? verdad.length : i;
};

const escuelaDe = (resultados: readonly TResultadoAsignacion[], numero: number) =>
  resultados.find((r) => r.numero === numero)!.escuela;

type Mecanismo = (red: TRed) => readonly TResultadoAsignacion[];

/**
 * Every family of `redes` small networks reports every ordered list of up to N of the network's schools; returns
 * the misreports that got it a school it truly prefers, and how many reports were tried.
 */
function manipulaciones(mecanismo: Mecanismo, redes: number, grupos: number) {
  const ganadoras: string[] = [];
  let probadas = 0;
  for (let seed = 1; seed <= redes; seed++) {
    const prueba = redAlAzar(random(200_000 + seed), { escuelas: 4, postulaciones: 7, plazas: 2, grupos });
    const { red, solicitudes, azar } = prueba;
    const escuelas = [...prueba.escuelas.values()];
    const verdad = mecanismo(red);
    const codigos = escuelas.map((e) => e.codigo);
    for (const familia of solicitudes) {
      const propia = rango(familia.preferencias, escuelaDe(verdad, familia.numero));
      for (const otra of listasPosibles(codigos, red.maxPreferencias)) {
        const mentira: TSolicitud = { ...familia, preferencias: otra };
        const resultado = mecanismo(
          redDesde(
            escuelas,
            solicitudes.map((s) => (s === familia ? mentira : s)),
            azar,
            red.maxPreferencias,
          ),
        );
        probadas++;
        if (rango(familia.preferencias, escuelaDe(resultado, familia.numero)) < propia) {
          ganadoras.push(`seed ${seed}, N° ${familia.numero} reporting ${otra.join(' > ')}`);
        }
      }
    }
  }
  return { ganadoras, probadas };
}

/**
 * The Boston mechanism (immediate acceptance) for lone children, only to show the search above finds
 * manipulations where they exist: round r, each child still without a place applies to its r-th choice and
 * keeps a place for good if one of its list is left, best priority first.
 */
const boston: Mecanismo = (red) => {
  const cupo = new Map<string, number>(
    red.escuelas.flatMap((e) => LISTAS.map((l) => [`${e.codigo}|${l}`, e.plazas[l]] as const)),
  );
  const escuela = new Map<number, string | null>(red.postulaciones.map((p) => [p.numero, null]));
  for (let ronda = 0; ronda < red.maxPreferencias; ronda++) {
    const pedidos = red.postulaciones
      .filter((p) => escuela.get(p.numero) === null && p.preferencias[ronda])
      .sort((a, b) => {
        const [pa, pb] = [a.preferencias[ronda]!, b.preferencias[ronda]!];
        return CLASE[pa.prioridad] - CLASE[pb.prioridad] || a.azar - b.azar;
      });
    for (const p of pedidos) {
      const pref = p.preferencias[ronda]!;
      const clave = `${pref.escuela}|${pref.listas[0]}`;
      if (cupo.get(clave)! > 0) {
        cupo.set(clave, cupo.get(clave)! - 1);
        escuela.set(p.numero, pref.escuela);
      }
    }
  }
  return red.postulaciones.map((p) => ({ numero: p.numero, escuela: escuela.get(p.numero)!, espera: [] }));
};

describe('nobody gets a school it prefers by reporting another ranking', () => {
  it('every family, every ordered list of the network’s schools it could send (1,500 small networks)', () => {
    const { ganadoras, probadas } = manipulaciones(asignarRed, 1500, 0.25);
    expect(ganadoras).toEqual([]);
    expect(probadas).toBeGreaterThan(50_000);
  });

  it('the same search does find manipulations where they exist: the Boston mechanism (300 networks)', () => {
    expect(manipulaciones(boston, 300, 0).ganadoras.length).toBeGreaterThan(5);
  });

  it('a lone child’s report never changes where any group goes', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const { red, solicitudes, azar, escuelas } = redAlAzar(random(250_000 + seed), { grupos: 0.4 });
      const verdad = asignarRed(red);
      const grupos = solicitudes.filter((s) => s.sexos.length > 1);
      for (const familia of solicitudes.filter((s) => s.sexos.length === 1)) {
        for (const otra of listasPosibles([...escuelas.keys()], Math.min(2, red.maxPreferencias))) {
          const resultado = asignarRed(
            redDesde(
              [...escuelas.values()],
              solicitudes.map((s) => (s === familia ? { ...familia, preferencias: otra } : s)),
              azar,
              red.maxPreferencias,
            ),
          );
          for (const g of grupos) expect(escuelaDe(resultado, g.numero)).toBe(escuelaDe(verdad, g.numero));
        }
      }
    }
  });

  it('a group’s school depends only on the groups with a better number (serial dictatorship)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const { red, solicitudes, azar, escuelas } = redAlAzar(random(300_000 + seed), { grupos: 0.6 });
      const verdad = asignarRed(red);
      const grupos = solicitudes
        .filter((s) => s.sexos.length > 1)
        .sort((a, b) => azar.get(a.numero)! - azar.get(b.numero)!);
      // Dropping every group after the k-th (and every lone child) leaves the first k groups where they were.
      for (let k = 1; k <= grupos.length; k++) {
        const primeros = redDesde([...escuelas.values()], grupos.slice(0, k), azar, red.maxPreferencias);
        const solo = asignarRed(primeros);
        for (const g of grupos.slice(0, k)) expect(escuelaDe(solo, g.numero)).toBe(escuelaDe(verdad, g.numero));
      }
    }
  });
});

describe('the lone children’s result is the best stable one for each of them', () => {
  it('among every stable way to place the lone children (the groups where the engine put them), 500 networks', () => {
    let estables = 0;
    for (let seed = 1; seed <= 500; seed++) {
      const { red } = redAlAzar(random(400_000 + seed), { escuelas: 3, postulaciones: 6, plazas: 2 });
      const verdad = asignarRed(red);
      const solos = red.postulaciones.filter((p) => p.preferencias[0]!.listas.length === 1);
      const opciones = solos.map((p) => [null, ...p.preferencias.map((x) => x.escuela)]);
      const eleccion = solos.map(() => 0);
      for (;;) {
        const elegida = new Map(solos.map((p, i) => [p.numero, opciones[i]![eleccion[i]!]!]));
        const candidato = verdad.map((r) => (elegida.has(r.numero) ? { ...r, escuela: elegida.get(r.numero)! } : r));
        if (problemaDeForma(red, candidato) === null && parBloqueante(red, candidato) === null) {
          estables++;
          for (const p of solos) {
            const codigos = p.preferencias.map((x) => x.escuela);
            expect(rango(codigos, escuelaDe(verdad, p.numero)), `seed ${seed}`).toBeLessThanOrEqual(
              rango(codigos, escuelaDe(candidato, p.numero)),
            );
          }
        }
        let i = 0;
        while (i < eleccion.length && eleccion[i] === opciones[i]!.length - 1) eleccion[i++] = 0;
        if (i === eleccion.length) break;
        eleccion[i]! += 1;
      }
    }
    expect(estables).toBeGreaterThanOrEqual(500);
  });
});
