import { describe, expect, it } from 'vitest';
import { ciCheckDigitWarning } from '../inscriptos/ci.ts';
import { DUPLICADOS_ESPERADOS, DUPLICADOS_FIXTURE, generateEnrolments } from '../test/duplicados-fixture.ts';
import {
  ciNearMiss,
  findDuplicados,
  nameKey,
  ninoKey,
  type TDuplicadoFuente,
  type TParDuplicado,
} from './duplicados.ts';

const summary = (pairs: readonly TParDuplicado[]) =>
  pairs.map((p) => ({ a: ninoKey(p.a), b: ninoKey(p.b), motivo: p.motivo }));

describe('findDuplicados on the fixture of known duplicates and look-alikes', () => {
  const found = summary(findDuplicados(DUPLICADOS_FIXTURE));
  const key = (p: { a: string; b: string }) => `${p.a}|${p.b}`;
  const expected = new Set(DUPLICADOS_ESPERADOS.map(key));

  it('finds every known duplicate with its reason, and flags no look-alike (precision and recall 1)', () => {
    expect(found).toEqual([...DUPLICADOS_ESPERADOS].sort((p, q) => (key(p) < key(q) ? -1 : 1)));
    const truePositives = found.filter((p) => expected.has(key(p))).length;
    expect(truePositives / found.length).toBe(1);
    expect(truePositives / expected.size).toBe(1);
  });

  it('never pairs a look-alike (ids starting with n-)', () => {
    expect(found.filter((p) => p.a.startsWith('n-') || p.b.startsWith('n-'))).toEqual([]);
  });

  it('covers a one-digit typo that keeps both check digits valid', () => {
    const [a, b] = ['d-matias-1', 'd-matias-2'].map((id) => DUPLICADOS_FIXTURE.find((f) => f.inscriptoId === id)!.ci!);
    expect([ciCheckDigitWarning(a), ciCheckDigitWarning(b)]).toEqual([null, null]);
    expect(ciNearMiss(a!, b!)).toBe('ci_un_digito');
  });

  it('gives the same pairs whatever the order of the enrolments', () => {
    expect(summary(findDuplicados([...DUPLICADOS_FIXTURE].reverse()))).toEqual(found);
  });
});

describe('the rules one by one', () => {
  const base: TDuplicadoFuente = {
    inscriptoId: 'a',
    nombre1: 'Lucía',
    apellido1: 'Pérez',
    apellido2: 'Sosa',
    fechaNacimiento: '2020-03-14',
    ci: '71234563',
  };
  const pairOf = (...fuentes: TDuplicadoFuente[]) => summary(findDuplicados(fuentes));

  it('nameKey drops accents, case, spaces and punctuation', () => {
    expect(nameKey('  María  José ')).toBe('mariajose');
    expect(nameKey("D'Alessandro-Núñez")).toBe('dalessandronunez');
    expect(nameKey(undefined)).toBe('');
  });

  it('ciNearMiss tells one digit, an adjacent swap and anything else apart', () => {
    expect(ciNearMiss('71234563', '71234573')).toBe('ci_un_digito');
    expect(ciNearMiss('71234563', '17234563')).toBe('ci_digitos_invertidos');
    expect(ciNearMiss('71234563', '71234536')).toBe('ci_digitos_invertidos');
    expect(ciNearMiss('71234563', '71234563')).toBeNull();
    expect(ciNearMiss('71234563', '73214563')).toBeNull(); // swap of non-adjacent digits
    expect(ciNearMiss('71234563', '71234574')).toBeNull(); // two digits changed
  });

  it('needs the same birth date for names and for CIs', () => {
    expect(pairOf(base, { ...base, inscriptoId: 'b', ci: '68888883' })).toHaveLength(1);
    expect(pairOf(base, { ...base, inscriptoId: 'b', ci: '68888883', fechaNacimiento: '2020-03-15' })).toEqual([]);
    expect(pairOf(base, { ...base, inscriptoId: 'b', nombre1: 'Ana', ci: '71234573' })).toEqual([
      { a: 'a', b: 'b', motivo: 'ci_un_digito' },
    ]);
    expect(
      pairOf(base, { ...base, inscriptoId: 'b', nombre1: 'Ana', ci: '71234573', fechaNacimiento: '2020-01-01' }),
    ).toEqual([]);
  });

  it('does not take a missing birth date or name as a match', () => {
    const sinFecha = { ...base, fechaNacimiento: undefined };
    expect(pairOf(sinFecha, { ...sinFecha, inscriptoId: 'b', ci: '71234573' })).toEqual([]);
    const sinNombre = { ...base, nombre1: undefined };
    expect(pairOf(sinNombre, { ...sinNombre, inscriptoId: 'b', ci: '68888883' })).toEqual([]);
  });

  it('reports a pair found by several rules once, with the name rule first', () => {
    expect(pairOf(base, { ...base, inscriptoId: 'b', ci: '71234573' })).toEqual([
      { a: 'a', b: 'b', motivo: 'nombre_y_fecha' },
    ]);
  });

  it('does not report a listed sibling linked to its own enrolment by the same CI', () => {
    const hermana = {
      ...base,
      inscriptoId: 'b',
      nombre1: 'Ana',
      hermanosInscriben: [{ nombre: 'Lucía Pérez Sosa', ci: base.ci! }],
    };
    expect(pairOf(base, hermana)).toEqual([]);
    expect(pairOf(base, { ...hermana, hermanosInscriben: [{ nombre: 'Lucia Perez' }] })).toEqual([
      { a: 'a', b: 'b#0', motivo: 'hermano_e_inscripto' },
    ]);
  });

  it('finds a listed sibling whose name has several given names or a compound surname', () => {
    const mj = { ...base, nombre1: 'María José', apellido1: 'de León', apellido2: undefined };
    const lista = (nombre: string) => ({
      ...base,
      inscriptoId: 'b',
      nombre1: 'Ana',
      ci: '68888883',
      hermanosInscriben: [{ nombre }],
    });
    expect(pairOf(mj, lista('Maria Jose De Leon'))).toHaveLength(1);
    expect(pairOf(mj, lista('María José de León Sosa'))).toHaveLength(1);
    expect(pairOf(mj, lista('María de León'))).toEqual([]);
  });
});

describe('on a generated cycle', () => {
  it('finds every planted duplicate among 2,000 enrolments', () => {
    const enrolments = generateEnrolments(2000, 7);
    const planted = enrolments.slice(0, 50).map((f, i) => ({
      ...f,
      inscriptoId: `dup-${i}`,
      nombre1: f.nombre1!.toUpperCase(),
      ci: undefined,
      hermanosInscriben: undefined,
    }));
    const found = new Set(summary(findDuplicados([...enrolments, ...planted])).map((p) => `${p.a}|${p.b}`));
    for (let i = 0; i < 50; i++) expect(found.has(`dup-${i}|gen-${i}`), `gen-${i}`).toBe(true);
  });
});

/** The rules written pair by pair, over every pair (quadratic): what the blocked search must find. */
function bruteForce(fuentes: readonly TDuplicadoFuente[]): string[] {
  const found = new Map<string, string>();
  const rank = [
    'nombre_y_fecha',
    'apellidos_invertidos',
    'ci_un_digito',
    'ci_digitos_invertidos',
    'hermano_e_inscripto',
  ];
  const add = (x: string, y: string, motivo: string) => {
    const key = x < y ? `${x}|${y}` : `${y}|${x}`;
    const prev = found.get(key);
    if (!prev || rank.indexOf(motivo) < rank.indexOf(prev)) found.set(key, motivo);
  };
  const ci = (v: string | null | undefined) =>
    v && /^\d{8}$/.test(v) && Number(v.slice(0, 7)) >= 6_000_000 ? v : null;
  // Keys computed once per record; the comparisons below still visit every pair.
  const rows = fuentes.map((f) => ({
    id: f.inscriptoId,
    fecha: f.fechaNacimiento,
    n: nameKey(f.nombre1),
    ap1: nameKey(f.apellido1),
    ap2: nameKey(f.apellido2),
    ci: ci(f.ci),
    hermanos: (f.hermanosInscriben ?? []).map((h) => ({
      words: (h.nombre ?? '').split(/\s+/).map(nameKey).filter(Boolean),
      ci: ci(h.ci),
    })),
  }));
  for (const a of rows) {
    for (const b of rows) {
      if (a.id >= b.id) continue;
      const sameDate = !!a.fecha && a.fecha === b.fecha;
      if (!sameDate) continue;
      if (a.n && a.n === b.n && a.ap1 && a.ap1 === b.ap1) add(a.id, b.id, 'nombre_y_fecha');
      if (a.n && a.n === b.n && a.ap1 && a.ap2 && a.ap1 !== a.ap2 && a.ap1 === b.ap2 && a.ap2 === b.ap1) {
        add(a.id, b.id, 'apellidos_invertidos');
      }
      const near = a.ci && b.ci ? ciNearMiss(a.ci, b.ci) : null;
      if (near) add(a.id, b.id, near);
    }
  }
  for (const x of rows) {
    x.hermanos.forEach(({ words, ci: hc }, i) => {
      for (const y of rows) {
        if (y === x || !y.n || !y.ap1) continue;
        const matches = words.some((_, split) => {
          if (split === 0 || words.slice(0, split).join('') !== y.n) return false;
          const rest = words.slice(split);
          const full = rest.join('');
          if (full === y.ap1 || (y.ap2 && (full === y.ap1 + y.ap2 || full === y.ap2 + y.ap1))) return true;
          return !y.ap2 && rest.some((_, to) => to > 0 && rest.slice(0, to).join('') === y.ap1);
        });
        if (matches && (!hc || !y.ci || ciNearMiss(hc, y.ci))) add(`${x.id}#${i}`, y.id, 'hermano_e_inscripto');
      }
    });
  }
  return [...found].map(([k, m]) => `${k}|${m}`).sort();
}

describe('the blocked search against every pair', () => {
  it('finds exactly the pairs the rules give over all pairs, on generated cycles with planted duplicates', () => {
    for (const seed of [1, 2, 3]) {
      const base = generateEnrolments(600, seed);
      // Swaps the first two adjacent digits that differ (swapping equal ones would give the same CI).
      const swap = (s: string) => {
        const i = [...s].findIndex((d, k) => k > 0 && d !== s[k + 1] && k + 1 < s.length);
        return `${s.slice(0, i)}${s[i + 1]}${s[i]}${s.slice(i + 2)}`;
      };
      const planted: TDuplicadoFuente[] = base.slice(0, 40).map((f, i) => {
        const id = `p-${i}`;
        switch (i % 4) {
          case 0: // typed again without CI, in capitals
            return {
              ...f,
              inscriptoId: id,
              nombre1: f.nombre1!.toUpperCase(),
              ci: undefined,
              hermanosInscriben: undefined,
            };
          case 1: // surnames swapped, another CI
            return {
              ...f,
              inscriptoId: id,
              apellido1: f.apellido2 ?? f.apellido1,
              apellido2: f.apellido1,
              ci: undefined,
            };
          case 2: // a CI with two adjacent digits swapped and a typo in the name
            return {
              ...f,
              inscriptoId: id,
              nombre1: `${f.nombre1}x`,
              ci: swap(f.ci!),
              hermanosInscriben: undefined,
            };
          default: // listed as a sibling in another record, without CI
            return {
              ...base[i + 100]!,
              inscriptoId: id,
              ci: undefined,
              hermanosInscriben: [{ nombre: `${f.nombre1} ${f.apellido1} ${f.apellido2 ?? ''}` }],
            };
        }
      });
      const cycle = [...base, ...planted];
      const found = findDuplicados(cycle)
        .map((p) => `${p.clave}|${p.motivo}`)
        .sort();
      expect(found, `seed ${seed}`).toEqual(bruteForce(cycle));
      const pairs = new Set(findDuplicados(cycle).map((p) => p.clave));
      planted.forEach((p, i) => {
        const key = i % 4 === 3 ? [`${p.inscriptoId}#0`, base[i]!.inscriptoId] : [p.inscriptoId, base[i]!.inscriptoId];
        expect(pairs.has(key.sort().join('|')), `seed ${seed}: ${p.inscriptoId}`).toBe(true);
      });
    }
  });
});
