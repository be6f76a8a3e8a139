import { describe, expect, it } from 'vitest';
import { buildUnits, canonicalJson, estadisticas, NOMBRE_HERMANO_SIN_NOMBRE, type TSorteoFuente } from './units.ts';
import { iniciales, nombreUnidad, padNumero } from './format.ts';

let next = 0;
function fuente(numero: number, overrides: Partial<TSorteoFuente> = {}): TSorteoFuente {
  next += 1;
  return {
    inscriptoId: `id-${next}`,
    numero,
    ci: String(60_000_000 + next),
    sexo: 'F',
    nombreCompleto: `Niña ${next}`,
    tieneHermanosPrimaria: false,
    hermanosInscriben: [],
    ...overrides,
  };
}

describe('buildUnits', () => {
  it('groups enrolments sharing a number and keeps lone children alone', () => {
    const units = buildUnits(
      [
        fuente(3),
        fuente(1, { ci: '5.000.001-1' }),
        fuente(1, { ci: '50000000' }),
        fuente(2, { tieneHermanosPrimaria: true }),
      ],
      new Set(),
    );
    expect(units.map((u) => [u.numero, u.miembros.length, u.hermanosPrimaria])).toEqual([
      [1, 2, false],
      [2, 1, true],
      [3, 1, false],
    ]);
    // CIs normalised, members by CI.
    expect(units[0]!.miembros.map((m) => m.ci)).toEqual(['50000000', '50000011']);
    expect(estadisticas(units)).toEqual({ gruposHermanos: 1, hermanosPrimaria: 1, comunes: 1, total: 4 });
  });

  it('adds listed siblings without a record of their own, once, and skips those with one', () => {
    const a = fuente(7, {
      ci: '41111111',
      nombreCompleto: 'Ana Pérez',
      hermanosInscriben: [
        { nombre: 'Luis Pérez', ci: '4.222.222-2', sexo: 'M' },
        { nombre: 'Eva Pérez', ci: '43333333', sexo: 'F' },
        { nombre: 'Sin Cédula Pérez' },
        { nombre: 'ana perez' },
      ],
    });
    const b = fuente(7, {
      ci: '44444444',
      nombreCompleto: 'Bruno Pérez',
      sexo: 'M',
      hermanosInscriben: [
        { nombre: 'Luis Pérez', ci: '42222222', sexo: 'M' },
        { nombre: 'Ana Pérez', ci: '41111111' },
        {},
      ],
    });
    // Eva has an enrolment of her own (pending): she takes part through it, or not at all.
    const units = buildUnits([a, b], new Set(['41111111', '44444444', '43333333']));
    expect(units).toHaveLength(1);
    expect(units[0]!.miembros).toEqual([
      { ci: '41111111', inscriptoId: a.inscriptoId, nombreCompleto: 'Ana Pérez', sexo: 'F' },
      { ci: '42222222', inscriptoId: null, nombreCompleto: 'Luis Pérez', sexo: 'M' },
      { ci: '44444444', inscriptoId: b.inscriptoId, nombreCompleto: 'Bruno Pérez', sexo: 'M' },
      { ci: null, inscriptoId: null, nombreCompleto: 'Sin Cédula Pérez', sexo: 'Otro' },
    ]);
    expect(NOMBRE_HERMANO_SIN_NOMBRE).toBeTruthy();
  });

  it('makes a lone enrolment with a listed sibling a group', () => {
    const units = buildUnits(
      [fuente(9, { hermanosInscriben: [{ nombre: 'Gemelo', ci: '49999999', sexo: 'M' }] })],
      new Set(),
    );
    expect(units[0]!.miembros).toHaveLength(2);
    expect(estadisticas(units).gruposHermanos).toBe(1);
  });

  it('has one canonical form whatever the input order (the participant hash depends on it)', () => {
    const list = [fuente(5, { sexo: 'Otro' }), fuente(4), fuente(4), fuente(6, { ci: null })];
    const a = canonicalJson(buildUnits(list, new Set()));
    const b = canonicalJson(buildUnits([...list].reverse(), new Set()));
    expect(a).toBe(b);
    expect(a.startsWith('[{"numero":4,"hermanosPrimaria":false,"miembros":[{"ci":')).toBe(true);
    expect(canonicalJson(JSON.parse(a))).toBe(a);
  });
});

describe('format', () => {
  it('pads numbers to 3 digits and makes initials', () => {
    expect(padNumero(7)).toBe('007');
    expect(padNumero(1234)).toBe('1234');
    expect(iniciales('Ana María Pérez-Gómez')).toBe('A. M. P. G.');
    expect(iniciales('  ángel  ñandú ')).toBe('Á. Ñ.');
    expect(nombreUnidad([{ nombreCompleto: 'Ana' }, { nombreCompleto: 'Luis' }, { nombreCompleto: 'Eva' }])).toBe(
      'Ana, Luis y Eva',
    );
  });
});
