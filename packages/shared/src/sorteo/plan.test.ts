import { describe, expect, it } from 'vitest';
import { planRaffle, shuffle } from './plan.ts';
import { childResults, countersAt, firstDifference, splitLists } from './results.ts';
import { SORTEO_STAGES, type TPlazas, type TSorteoDraw, type TUnidad } from './schemas.ts';
import { poolOf, unitKind } from './units.ts';
import { scriptedSource, seededSource } from '../test/test-random.ts';
import { many, unidad } from '../test/test-units.ts';

const F = 'F' as const;
const M = 'M' as const;

/** A mixed population: groups of 2–3 (some mixed), children with siblings in primary, others; some "Otro". */
function population(seed: number): TUnidad[] {
  const r = seededSource(seed);
  const units: TUnidad[] = [];
  let n = 1;
  const sexo = () => (r.uniform(20) === 0 ? ('Otro' as const) : r.uniform(2) ? F : M);
  for (let i = 0, k = 3 + r.uniform(8); i < k; i++)
    units.push(unidad(n++, [sexo(), sexo(), ...(r.uniform(3) ? [] : [sexo()])]));
  for (let i = 0, k = r.uniform(10); i < k; i++) units.push(unidad(n++, [sexo()], true));
  for (let i = 0, k = 10 + r.uniform(60); i < k; i++) units.push(unidad(n++, [sexo()]));
  return units;
}

function check(units: TUnidad[], plazas: TPlazas, draws: TSorteoDraw[]) {
  const byNumero = new Map(units.map((u) => [u.numero, u]));
  // Every unit drawn exactly once, indices in order.
  expect(draws.map((d) => d.index)).toEqual(draws.map((_, i) => i));
  expect(draws.map((d) => d.numero).sort((a, b) => a - b)).toEqual(units.map((u) => u.numero).sort((a, b) => a - b));
  // Stages in the order of SPEC 4.
  const ranks = draws.map((d) => SORTEO_STAGES.indexOf(d.stage));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  // Each unit drawn in its own stage, or in stage 4.
  for (const d of draws) {
    const kind = unitKind(byNumero.get(d.numero)!);
    expect([kind, 'suplentes']).toContain(d.stage);
    if (d.stage === 'suplentes') expect(d.resultado).toBe('suplente');
    if (d.stage === 'hermanos_primaria' || d.stage === 'comun') expect(d.resultado).toBe('titular');
  }
  const results = childResults(units, draws);
  const lists = splitLists(results);
  // Places never exceeded; positions are 1..n in each list, in draw order.
  for (const l of ['nenas', 'varones'] as const) {
    expect(lists.titulares[l].length).toBeLessThanOrEqual(plazas[l]);
    for (const group of [lists.titulares[l], lists.suplentes[l]]) {
      expect(group.map((r) => r.posicion)).toEqual(group.map((_, i) => i + 1));
      expect(group.map((r) => r.index)).toEqual([...group.map((r) => r.index)].sort((a, b) => a - b));
    }
    // A lone child is only a suplente once its list is full.
    const loneSuplente = lists.suplentes[l].some((r) => r.unidad.miembros.length === 1);
    if (loneSuplente) expect(lists.titulares[l].length).toBe(plazas[l]);
  }
  // Every child in exactly one list, the list of its sexo.
  expect(results).toHaveLength(units.reduce((s, u) => s + u.miembros.length, 0));
  for (const r of results) expect(r.lista).toBe(poolOf(r.miembro.sexo, plazas));
  // Stage-1 suplentes rank before every stage-4 suplente.
  for (const l of ['nenas', 'varones'] as const) {
    const stages = lists.suplentes[l].map((r) => (r.stage === 'hermanos_juntos' ? 0 : 1));
    expect(stages).toEqual([...stages].sort((a, b) => a - b));
  }
}

describe('planRaffle', () => {
  it('keeps the stage order, never exceeds the places and draws everyone once (200 random raffles)', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const units = population(seed);
      const r = seededSource(seed * 7919);
      const plazas = { nenas: r.uniform(30), varones: r.uniform(30) };
      check(units, plazas, planRaffle(units, plazas, r));
    }
  });

  it('never splits a group: it enters whole or goes whole to the substitutes', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const units = population(seed);
      const plazas = { nenas: 5 + (seed % 7), varones: 4 + (seed % 5) };
      const draws = planRaffle(units, plazas, seededSource(seed));
      for (const d of draws.filter((x) => x.stage === 'hermanos_juntos')) {
        const unit = units.find((u) => u.numero === d.numero)!;
        expect(d.miembros).toHaveLength(unit.miembros.length);
      }
      // Members of one group hold consecutive positions in each list.
      for (const d of draws) {
        for (const l of ['nenas', 'varones'] as const) {
          const pos = d.miembros.filter((m) => m.lista === l).map((m) => m.posicion);
          pos.forEach((p, i) => expect(p).toBe(pos[0]! + i));
        }
      }
    }
  });

  it('lets a later, smaller group in when an earlier one did not fit', () => {
    const groups = [unidad(1, [F, F, F]), unidad(2, [F, M])];
    // Fisher–Yates on two items calls uniform(2) once; 1 keeps the order [1, 2].
    const draws = planRaffle(groups, { nenas: 2, varones: 2 }, scriptedSource([1]));
    expect(draws.map((d) => [d.numero, d.resultado])).toEqual([
      [1, 'suplente'],
      [2, 'titular'],
    ]);
  });

  it('draws stage 3 alternately girl and boy while both lists have places and children', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const units = [...many(1, 30, [F]), ...many(100, 25, [M])];
      const draws = planRaffle(units, { nenas: 10, varones: 12 }, seededSource(seed));
      const comun = draws.filter((d) => d.stage === 'comun').map((d) => d.miembros[0]!.lista);
      // F M F M … while both have places; girls run out after 10 girls, then boys only.
      expect(comun.slice(0, 20)).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? 'varones' : 'nenas')));
      expect(comun.slice(20)).toEqual(['varones', 'varones']);
      expect(countersAt(draws, draws.length)).toEqual({ selectedCount: 22, suplentesCount: 33 });
    }
  });

  it('keeps the balance when one list runs out of children first', () => {
    const units = [...many(1, 3, [F]), ...many(10, 20, [M])];
    const draws = planRaffle(units, { nenas: 10, varones: 10 }, seededSource(3));
    const comun = draws.filter((d) => d.stage === 'comun').map((d) => d.miembros[0]!.lista);
    expect(comun).toEqual(['nenas', 'varones', 'nenas', 'varones', 'nenas', ...Array(8).fill('varones')]);
  });

  it('places children with siblings in primary before the common draw, while places last', () => {
    const units = [...many(1, 5, [F], true), ...many(10, 10, [F])];
    const draws = planRaffle(units, { nenas: 3, varones: 3 }, seededSource(11));
    const stage2 = draws.filter((d) => d.stage === 'hermanos_primaria');
    expect(stage2).toHaveLength(3);
    expect(draws.filter((d) => d.stage === 'comun')).toHaveLength(0);
    // The two stage-2 children left over are stage-4 suplentes, mixed with the others.
    const suplentes = draws.filter((d) => d.stage === 'suplentes');
    expect(suplentes).toHaveLength(12);
    expect(suplentes.filter((d) => d.numero <= 5)).toHaveLength(2);
  });

  it('puts a child whose sexo is "Otro" in the list with more places (girls on a tie), groups too', () => {
    const units = [unidad(1, ['Otro']), unidad(2, [M, 'Otro'])];
    const more = planRaffle(units, { nenas: 1, varones: 5 }, seededSource(1));
    expect(more.flatMap((d) => d.miembros.map((m) => m.lista))).toEqual(['varones', 'varones', 'varones']);
    const tie = planRaffle(units, { nenas: 3, varones: 3 }, seededSource(1));
    const group = tie.find((d) => d.numero === 2)!;
    expect(group.miembros.map((m) => m.lista)).toEqual(['varones', 'nenas']);
    expect(tie.find((d) => d.numero === 1)!.miembros[0]!.lista).toBe('nenas');
  });

  it('gives the same plan for the same random source, whatever the order of the input', () => {
    const units = population(42);
    const a = planRaffle(units, { nenas: 12, varones: 9 }, seededSource(5));
    const b = planRaffle([...units].reverse(), { nenas: 12, varones: 9 }, seededSource(5));
    expect(firstDifference(a, b)).toBeNull();
    const c = planRaffle(units, { nenas: 12, varones: 9 }, seededSource(6));
    expect(firstDifference(a, c)).not.toBeNull();
  });

  it('handles nobody fitting and no places at all', () => {
    const units = [unidad(1, [F, M]), unidad(2, [F]), unidad(3, [M], true)];
    const draws = planRaffle(units, { nenas: 0, varones: 0 }, seededSource(1));
    expect(draws.every((d) => d.resultado === 'suplente')).toBe(true);
    expect(draws.map((d) => d.stage)).toEqual(['hermanos_juntos', 'suplentes', 'suplentes']);
    expect(planRaffle([], { nenas: 3, varones: 3 }, seededSource(1))).toEqual([]);
  });

  it('consumes the random source in the documented order (Fisher–Yates from the end)', () => {
    const units = [unidad(1, [F, M]), unidad(2, [F, F]), unidad(3, [F], true), unidad(4, [F]), unidad(5, [M])];
    const rng = scriptedSource([0, 0, 0, 0]);
    planRaffle(units, { nenas: 10, varones: 10 }, rng);
    // Groups: uniform(2); stage 2: one child, no call; comun girls: one, no call; boys: one; stage 4: nobody.
    expect(rng.calls).toEqual([2]);
    expect(shuffle(['a', 'b', 'c'], scriptedSource([0, 0]))).toEqual(['b', 'c', 'a']);
  });
});

describe('firstDifference', () => {
  it('names the first changed result', () => {
    const units = population(9);
    const draws = planRaffle(units, { nenas: 8, varones: 8 }, seededSource(9));
    const changed = structuredClone(draws);
    const i = changed.findIndex((d) => d.resultado === 'titular');
    changed[i]!.resultado = 'suplente';
    expect(firstDifference(draws, changed)).toContain(`sorteo ${i + 1}`);
    expect(firstDifference(draws, draws.slice(0, -1))).toContain('falta el sorteo');
  });
});
