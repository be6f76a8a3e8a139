import { describe, expect, it } from 'vitest';
import { anonimizarUnidades } from './anonimizar.ts';
import { hmacSourceJs } from './draw-source.ts';
import { huellaFamilia, listaPublica, listaPublicaHash } from './lista-publica.ts';
import { planRaffle } from './plan.ts';
import type { TPlazas, TUnidad } from './schemas.ts';
import { canonicalJson, canonicalUnits } from './units.ts';
import { seededSource } from '../test/test-random.ts';

const SAL = 'ab'.repeat(32);
const SEMILLA = 'cd'.repeat(32);
const plazas: TPlazas = { nenas: 4, varones: 3 };

/** Groups whose members' CIs run against the listing order, a sibling without CI, lone children, an "Otro". */
function population(): TUnidad[] {
  const units: TUnidad[] = [];
  for (let n = 1; n <= 30; n++) {
    const size = n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : 1;
    units.push({
      numero: n,
      hermanosPrimaria: n % 11 === 0,
      miembros: Array.from({ length: size }, (_, i) => ({
        ci: n % 10 === 0 && i === size - 1 ? null : String(59_999_999 - n * 10 - i),
        inscriptoId: i === 2 ? null : `id-${n}-${i}`,
        nombreCompleto: `Nombre${n}x${i} Apellido${n}x${i}`,
        sexo: n === 13 ? ('Otro' as const) : (n + i) % 2 ? ('F' as const) : ('M' as const),
      })),
    });
  }
  return units;
}

describe('anonymising a frozen list (decision 0024)', () => {
  it.each([1, 2, 3, 4, 5])(
    'keeps the public list, its hash and the replay; removes names and CIs of the rest (seed %i)',
    (seed) => {
      const units = population();
      const r = seededSource(seed);
      const keep = new Set(
        units.flatMap((u) => u.miembros.map((_, i) => `${u.numero}:${i}`)).filter(() => !r.uniform(3)),
      );
      const result = anonimizarUnidades(units, SAL, (numero, i) => keep.has(`${numero}:${i}`));

      expect(listaPublica(result, plazas, SAL)).toEqual(listaPublica(units, plazas, SAL));
      expect(listaPublicaHash(listaPublica(result, plazas, SAL))).toBe(
        listaPublicaHash(listaPublica(units, plazas, SAL)),
      );
      const plan = (u: TUnidad[]) => planRaffle(u, plazas, hmacSourceJs(SEMILLA, 'valor'));
      expect(plan(result)).toEqual(plan(units));

      // Member indices are the canonical order's, as in the draws and the offers.
      const json = canonicalJson(result);
      for (const u of canonicalUnits(units)) {
        u.miembros.forEach((m, i) => {
          const kept = keep.has(`${u.numero}:${i}`);
          expect(json.includes(m.nombreCompleto), m.nombreCompleto).toBe(kept);
          if (m.ci && !kept) expect(json).not.toContain(m.ci);
        });
      }
      // Again, with nobody kept: still the same public list; and nothing changes the second time.
      const none = anonimizarUnidades(result, SAL, () => false);
      expect(listaPublicaHash(listaPublica(none, plazas, SAL))).toBe(
        listaPublicaHash(listaPublica(units, plazas, SAL)),
      );
      expect(plan(none)).toEqual(plan(units));
      expect(canonicalJson(anonimizarUnidades(none, SAL, () => false))).toBe(canonicalJson(none));
      for (const u of units) for (const m of u.miembros) expect(canonicalJson(none)).not.toContain(m.nombreCompleto);
    },
  );

  it('leaves a unit whose children were all admitted exactly as frozen', () => {
    const units = population();
    expect(canonicalJson(anonimizarUnidades(units, SAL, () => true))).toBe(canonicalJson(units));
  });

  it('removes the CIs of a list frozen with its huellas (v2) and keeps its public list', () => {
    const units = population().map((u) => ({
      ...u,
      miembros: canonicalUnits([u])[0]!.miembros.map((m, i) => ({
        ...m,
        huella: huellaFamilia('ABCDE23456', SAL, u.numero, i),
      })),
    }));
    const none = anonimizarUnidades(units, SAL, () => false);
    expect(listaPublicaHash(listaPublica(none, plazas, SAL))).toBe(listaPublicaHash(listaPublica(units, plazas, SAL)));
    const json = canonicalJson(none);
    for (const u of units) {
      for (const m of u.miembros) {
        expect(json).not.toContain(m.nombreCompleto);
        if (m.ci) expect(json).not.toContain(m.ci);
      }
    }
    expect(canonicalJson(anonimizarUnidades(none, SAL, () => false))).toBe(json);
  });
});
