import { describe, expect, it } from 'vitest';
import { INCOME_THRESHOLDS, estrato, householdSize, isConditional, parseIngresos } from './socioeconomic.ts';

describe('INCOME_THRESHOLDS (SPEC 9)', () => {
  it('has the spec values', () => {
    expect(INCOME_THRESHOLDS).toEqual({ 1: 19706, 2: 35696, 3: 50623, 4: 65550, 5: 80477, 6: 95404 });
  });
});

describe('parseIngresos (digits and dot; the dot separates thousands)', () => {
  it.each([
    ['19706', 19706],
    ['19.706', 19706],
    ['1.234.567', 1234567],
    ['25000.50', 25000.5],
    ['25000.5', 25000.5],
    ['0', 0],
    [' 25.000 ', 25000],
    [25000, 25000],
    ['', undefined],
    ['abc', undefined],
    ['25,000', undefined],
    ['1.2.3', undefined],
    ['.', undefined],
    [undefined, undefined],
    [null, undefined],
    [-5, undefined],
  ])('%j → %j', (value, expected) => {
    expect(parseIngresos(value)).toBe(expected);
  });
});

describe('householdSize', () => {
  it.each([
    ['1', 1],
    ['6', 6],
    ['7', 7],
    ['masde7', 7],
    [3, 3],
    ['0', undefined],
    ['', undefined],
    ['muchos', undefined],
    [undefined, undefined],
  ])('%j → %j', (value, expected) => {
    expect(householdSize(value)).toBe(expected);
  });
});

describe('estrato (below the threshold → BAJO)', () => {
  const withDots = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cases = Object.entries(INCOME_THRESHOLDS).flatMap(([size, threshold]) => [
    [threshold, size, 'NORMAL'],
    [threshold - 1, size, 'BAJO'],
    [String(threshold), size, 'NORMAL'],
    [String(threshold - 1), size, 'BAJO'],
    [withDots(threshold), size, 'NORMAL'],
    [withDots(threshold - 1), size, 'BAJO'],
  ]);
  it.each(cases)('income %j, household %s → %s', (ingresos, size, expected) => {
    expect(estrato(ingresos, size)).toBe(expected);
  });

  it.each([
    [0, '7', 'NORMAL'],
    [0, 'masde7', 'NORMAL'],
    ['1', 'masde7', 'NORMAL'],
    [undefined, '3', 'NORMAL'],
    ['', '3', 'NORMAL'],
    ['abc', '3', 'NORMAL'],
    [1000, undefined, 'NORMAL'],
    [1000, '', 'NORMAL'],
    [0, '1', 'BAJO'],
  ])('income %j, household %j → %s', (ingresos, size, expected) => {
    expect(estrato(ingresos, size)).toBe(expected);
  });
});

describe('isConditional (SPEC 9)', () => {
  const normal = { zonaTolerancia: 'No', ingresosAclarar: '85.000', totalIntegrantesHogar: '5' };
  it.each([
    ['normal household', {}, false],
    ['tolerance zone', { zonaTolerancia: 'Sí' }, true],
    ['income one below the threshold', { ingresosAclarar: '80.476' }, true],
    ['income at the threshold', { ingresosAclarar: '80.477' }, false],
    ['7 or more members, low income', { ingresosAclarar: '100', totalIntegrantesHogar: 'masde7' }, false],
    ['Plan de Equidad', { planEquidad: true }, true],
    ['Tarjeta Uruguay Social', { tarjetaUruguaySocial: 'true' }, true],
    ['Asignación Familiar', { asignacionFamiliar: true }, true],
    ['benefits false', { planEquidad: false, tarjetaUruguaySocial: 'false', asignacionFamiliar: '' }, false],
    ['missing income', { ingresosAclarar: undefined }, false],
  ])('%s → %s', (_name, change, expected) => {
    expect(isConditional({ ...normal, ...change })).toBe(expected);
  });
});
