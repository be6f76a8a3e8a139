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
