import { describe, expect, it } from 'vitest';
import { planRaffle } from '../sorteo/plan.ts';
import type { TSexoSorteo } from '../sorteo/schemas.ts';
import { parBloqueante, problemaDeForma } from '../test/asignacion-checks.ts';
import { redAlAzar, redDesde } from '../test/asignacion-random.ts';
import { asignarReferencia } from '../test/asignacion-referencia.ts';
import { random } from '../test/plazas-random.ts';
import { seededSource } from '../test/test-random.ts';
import { unidad } from '../test/test-units.ts';
import { shuffle } from '../sorteo/plan.ts';
import { asignarRed } from './deferred-acceptance.ts';
import type { TSolicitud } from './postulaciones.ts';
import type { TEscuelaRed, TRed } from './schemas.ts';

const escuela = (codigo: string, nenas: number, varones: number): TEscuelaRed => ({
  codigo,
  plazas: { nenas, varones },
});
const solo = (numero: number, sexo: TSexoSorteo, preferencias: string[], hermanosPrimariaEn: string[] = []) => ({
  numero,
  sexos: [sexo],
  preferencias,
  hermanosPrimariaEn,
});
/** azar: the numbers in the given order get 1, 2, 3… */
const azarEnOrden = (numeros: number[]) => new Map(numeros.map((n, i) => [n, i + 1]));
const red = (escuelas: TEscuelaRed[], solicitudes: TSolicitud[], orden: number[], max = 5): TRed =>
  redDesde(escuelas, solicitudes, azarEnOrden(orden), max);
const resumen = (r: TRed) =>
  Object.fromEntries(
    asignarRed(r).map((x) => [x.numero, [x.escuela, ...x.espera.map((e) => `${e.escuela}:${e.posiciones.join('+')}`)]]),
  );

describe('asignarRed: cases by hand', () => {
  it('deferred acceptance: a better number displaces a child held earlier, who moves on to its next choice', () => {
    // One place of nenas at A and at B. 1 and 2 want A then B; 3 wants B. Azar: 3, 2, 1 (3 best).
    const r = red(
      [escuela('A', 1, 0), escuela('B', 1, 0)],
      [solo(1, 'F', ['A', 'B']), solo(2, 'F', ['A', 'B']), solo(3, 'F', ['B', 'A'])],
      [3, 2, 1],
    );
    expect(resumen(r)).toEqual({ 1: [null, 'A:1', 'B:1'], 2: ['A'], 3: ['B'] });
  });

  it('a sibling in primary at that school beats a better number; it counts only at that school', () => {
    const r = red(
      [escuela('A', 1, 0), escuela('B', 1, 0)],
      [solo(1, 'F', ['A', 'B']), solo(2, 'F', ['A', 'B'], ['A']), solo(3, 'F', ['B'])],
      [1, 3, 2],
    );
    // 2 has the worst number but a sibling at A: it takes A. 1 goes to B ahead of 3 (no sibling there).
    expect(resumen(r)).toEqual({ 1: ['B', 'A:1'], 2: ['A'], 3: [null, 'B:1'] });
  });

  it('the lists are separate: a girl never takes a boy’s place', () => {
    const r = red([escuela('A', 1, 1)], [solo(1, 'F', ['A']), solo(2, 'F', ['A']), solo(3, 'M', ['A'])], [1, 2, 3]);
    expect(resumen(r)).toEqual({ 1: ['A'], 2: [null, 'A:1'], 3: ['A'] });
  });

  it('a group goes whole to its first choice with places for all, before every lone child, or to none', () => {
    const grupo = (numero: number, sexos: TSexoSorteo[], preferencias: string[]): TSolicitud => ({
      numero,
      sexos,
      preferencias,
      hermanosPrimariaEn: [],
    });
    const r = red(
      [escuela('A', 2, 1), escuela('B', 1, 1)],
      [
        grupo(10, ['F', 'F'], ['A', 'B']), // takes both nenas places of A
        grupo(11, ['F', 'M'], ['A', 'B']), // A has no nena place left: B, whole
        grupo(12, ['F', 'F', 'M'], ['B']), // B has one nena place: nowhere
        solo(1, 'F', ['A', 'B'], ['A']), // best number and a sibling at A: groups still come first
        solo(2, 'M', ['A']),
      ],
      [1, 12, 10, 11, 2],
    );
    expect(resumen(r)).toEqual({
      1: [null, 'A:2', 'B:3'],
      2: ['A'],
      10: ['A'],
      11: ['B', 'A:1+1'],
      12: [null, 'B:1+2+1'],
    });
  });

  it('a later, smaller group still fits where an earlier, bigger one did not (the raffle’s stage 1)', () => {
    const r = red(
      [escuela('A', 3, 0)],
      [
        { numero: 1, sexos: ['F'], preferencias: ['A'], hermanosPrimariaEn: [] },
        { numero: 2, sexos: ['F', 'F'], preferencias: ['A'], hermanosPrimariaEn: [] },
        { numero: 3, sexos: ['F', 'F', 'F'], preferencias: ['A'], hermanosPrimariaEn: [] },
        { numero: 4, sexos: ['F', 'F'], preferencias: ['A'], hermanosPrimariaEn: [] },
      ],
      [1, 2, 3, 4],
    );
    // 2 takes two places, 3 (three) does not fit, 4 (two) does not fit either, 1 takes the last.
    expect(resumen(r)).toEqual({ 1: ['A'], 2: ['A'], 3: [null, 'A:1+2+3'], 4: [null, 'A:4+5'] });
  });

  it('"Otro" competes in each school’s list with more places (nenas on a tie)', () => {
    const r = red(
      [escuela('A', 1, 2), escuela('B', 2, 2)],
      [solo(1, 'Otro', ['A', 'B']), solo(2, 'M', ['A']), solo(3, 'M', ['A']), solo(4, 'F', ['B']), solo(5, 'F', ['B'])],
      [2, 3, 1, 4, 5],
    );
    // At A, 1 is among the varones (2 places, taken by 2 and 3); at B among the nenas, ahead of 5.
    const postulacion = r.postulaciones.find((p) => p.numero === 1)!;
    expect(postulacion.preferencias.map((p) => p.listas[0])).toEqual(['varones', 'nenas']);
    expect(resumen(r)).toEqual({ 1: ['B', 'A:1'], 2: ['A'], 3: ['A'], 4: ['B'], 5: [null, 'B:1'] });
  });

  it('the same input in any order gives the same result, in number order', () => {
    const base = redAlAzar(random(7), { postulaciones: 30 }).red;
    const r = random(8);
    const mezclada = {
      ...base,
      escuelas: shuffle(base.escuelas, r.source),
      postulaciones: shuffle(base.postulaciones, r.source),
    };
    expect(asignarRed(mezclada)).toEqual(asignarRed(base));
    expect(asignarRed(base).map((x) => x.numero)).toEqual(
      base.postulaciones.map((p) => p.numero).sort((a, b) => a - b),
    );
  });

  it('refuses an invalid input with the first problem in Spanish', () => {
    const ok = red([escuela('A', 1, 1)], [solo(1, 'F', ['A']), solo(2, 'M', ['A'])], [1, 2]);
    const bad = (change: (r: TRed) => TRed) => () => asignarRed(change(structuredClone(ok) as TRed));
    expect(bad((r) => ({ ...r, escuelas: [...r.escuelas, escuela('A', 1, 1)] }))).toThrow(
      'La escuela A aparece dos veces.',
    );
    expect(bad((r) => ({ ...r, postulaciones: r.postulaciones.map((p) => ({ ...p, azar: 1 })) }))).toThrow(
      'El N° 1 y el N° 2 tienen el mismo número al azar (1).',
    );
    expect(bad((r) => ({ ...r, maxPreferencias: 0 }))).toThrow('La cantidad máxima de preferencias');
    const conPref = (cambio: object) => (r: TRed) => ({
      ...r,
      postulaciones: [
        { ...r.postulaciones[0]!, preferencias: [{ ...r.postulaciones[0]!.preferencias[0]!, ...cambio }] },
        r.postulaciones[1]!,
      ],
    });
    expect(bad(conPref({ escuela: 'Z' }))).toThrow('El N° 1 eligió la escuela Z, que no está en la red.');
    expect(bad(conPref({ prioridad: 'hermanos_juntos' }))).toThrow('no puede ser «hermanos_juntos»');
    expect(bad(conPref({ listas: ['nenas', 'varones'] }))).toThrow('debe ser «hermanos_juntos»');
  });
});

describe('asignarRed: one school is the school raffle', () => {
  it('with the raffle’s draw order as azar, the school admits exactly the raffle’s titulares (500 raffles)', () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = random(seed);
      const sexos: readonly TSexoSorteo[] = ['F', 'M', 'F', 'M', 'Otro'];
      const units = Array.from({ length: 3 + r.int(30) }, (_, i) =>
        unidad(
          i + 1,
          Array.from({ length: r.chance(0.2) ? 2 + r.int(2) : 1 }, () => r.pick(sexos)),
          r.chance(0.25),
        ),
      );
      const plazas = { nenas: r.int(10), varones: r.int(10) };
      const draws = planRaffle(units, plazas, seededSource(seed));
      const titulares = draws.filter((d) => d.resultado === 'titular').map((d) => d.numero);
      const solicitudes = units.map((u) => ({
        numero: u.numero,
        sexos: u.miembros.map((m) => m.sexo),
        preferencias: ['E1'],
        hermanosPrimariaEn: u.hermanosPrimaria ? ['E1'] : [],
      }));
      const azar = new Map(draws.map((d) => [d.numero, d.index + 1]));
      const resultado = asignarRed(redDesde([{ codigo: 'E1', plazas }], solicitudes, azar, 5));
      expect(
        resultado
          .filter((x) => x.escuela === 'E1')
          .map((x) => x.numero)
          .sort((a, b) => a - b),
      ).toEqual(titulares.sort((a, b) => a - b));
    }
  });
});

describe('asignarRed: properties over random small networks', () => {
  it('equals the naive reference, respects places, and has no blocking pair (5,000 networks)', () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const { red } = redAlAzar(random(seed));
      const resultado = asignarRed(red);
      expect(resultado, `seed ${seed}`).toEqual(asignarReferencia(red));
      expect(problemaDeForma(red, resultado), `seed ${seed}`).toBeNull();
      expect(parBloqueante(red, resultado), `seed ${seed}`).toBeNull();
    }
  });

  it('also in crowded networks: many applications for few places, many groups (2,000 networks)', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { red } = redAlAzar(random(100_000 + seed), { postulaciones: 25, plazas: 4, grupos: 0.5 });
      const resultado = asignarRed(red);
      expect(resultado, `seed ${seed}`).toEqual(asignarReferencia(red));
      expect(problemaDeForma(red, resultado), `seed ${seed}`).toBeNull();
      expect(parBloqueante(red, resultado), `seed ${seed}`).toBeNull();
    }
  });

  it('waitlists: exactly the schools ranked above the result, in the application’s order', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const { red } = redAlAzar(random(seed));
      for (const x of asignarRed(red)) {
        const p = red.postulaciones.find((y) => y.numero === x.numero)!;
        const codigos = p.preferencias.map((y) => y.escuela);
        const arriba = x.escuela === null ? codigos : codigos.slice(0, codigos.indexOf(x.escuela));
        expect(x.espera.map((e) => e.escuela)).toEqual(arriba);
        for (const e of x.espera) expect(e.posiciones).toHaveLength(p.preferencias[0]!.listas.length);
      }
    }
  });
});
