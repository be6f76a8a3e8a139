import { describe, expect, it } from 'vitest';
import {
  birthDateError,
  birthDateWindow,
  centreYearError,
  centreYearWindow,
  dateInMontevideo,
  formatDateDMY,
  isIsoDate,
  parseDateDMY,
  yearInMontevideo,
  yearRangeError,
} from './dates.ts';

/** Montevideo is UTC−3 (no daylight saving since 2015). */
const MID_2025 = new Date('2025-06-15T15:00:00Z');
const FIRST_JAN_2025 = new Date('2025-01-01T03:00:00Z'); // 00:00 of 1 January 2025 in Montevideo
const LAST_DEC_2025 = new Date('2026-01-01T02:59:59Z'); // 23:59:59 of 31 December 2025 in Montevideo

describe('yearInMontevideo / dateInMontevideo', () => {
  it.each([
    [new Date('2025-01-01T02:59:59Z'), 2024, '2024-12-31'],
    [FIRST_JAN_2025, 2025, '2025-01-01'],
    [MID_2025, 2025, '2025-06-15'],
    [LAST_DEC_2025, 2025, '2025-12-31'],
    [new Date('2026-01-01T03:00:00Z'), 2026, '2026-01-01'],
  ])('%s → %i, %s', (today, year, date) => {
    expect(yearInMontevideo(today)).toBe(year);
    expect(dateInMontevideo(today)).toBe(date);
  });
});

describe('isIsoDate / formatDateDMY / parseDateDMY', () => {
  it.each([
    ['2019-05-14', true],
    ['2020-02-29', true],
    ['2019-02-29', false],
    ['2019-04-31', false],
    ['2019-13-01', false],
    ['2019-5-14', false],
    ['14/05/2019', false],
    ['', false],
  ])('isIsoDate(%j) → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['2019-05-14', '14/05/2019'],
    ['2017-01-01', '01/01/2017'],
    ['no es fecha', 'no es fecha'],
    ['', ''],
  ])('formatDateDMY(%j) → %j', (value, expected) => {
    expect(formatDateDMY(value)).toBe(expected);
  });

  it.each([
    ['14/05/2019', '2019-05-14'],
    ['1/2/2019', '2019-02-01'],
    [' 31/12/2021 ', '2021-12-31'],
    ['29/02/2019', null],
    ['31/04/2019', null],
    ['2019-05-14', null],
    ['14-05-2019', null],
  ])('parseDateDMY(%j) → %j', (value, expected) => {
    expect(parseDateDMY(value)).toBe(expected);
  });
});

describe('birth-date window (SPEC 9: 1 January of year − 8 to 31 December of year − 4)', () => {
  it.each([
    [FIRST_JAN_2025, { min: '2017-01-01', max: '2021-12-31' }],
    [MID_2025, { min: '2017-01-01', max: '2021-12-31' }],
    [LAST_DEC_2025, { min: '2017-01-01', max: '2021-12-31' }],
    [new Date('2025-01-01T02:59:59Z'), { min: '2016-01-01', max: '2020-12-31' }],
  ])('today %s → %o', (today, window) => {
    expect(birthDateWindow(today)).toEqual(window);
  });

  const OUT = 'La fecha de nacimiento debe estar entre el 01/01/2017 y el 31/12/2021';
  it.each([
    ['2017-01-01', null],
    ['2016-12-31', OUT],
    ['2021-12-31', null],
    ['2022-01-01', OUT],
    ['2019-05-14', null],
    ['2020-02-29', null],
    ['2019-02-29', 'La fecha de nacimiento no es una fecha válida'],
    ['14/05/2019', 'La fecha de nacimiento no es una fecha válida'],
    ['', null],
    [null, null],
  ])('%j → %j', (value, expected) => {
    for (const today of [FIRST_JAN_2025, MID_2025, LAST_DEC_2025]) expect(birthDateError(value, today)).toBe(expected);
  });
});

describe('centre-year windows (SPEC 9: CAIF year − 5, others year − 6, up to this year)', () => {
  it.each([
    ['caif', { min: 2020, max: 2025 }],
    ['clubNinos', { min: 2019, max: 2025 }],
    ['clubDeportivo', { min: 2019, max: 2025 }],
    ['centroEducativoRecreativo', { min: 2019, max: 2025 }],
  ] as const)('%s → %o on 1 January and on 31 December', (centre, window) => {
    expect(centreYearWindow(centre, FIRST_JAN_2025)).toEqual(window);
    expect(centreYearWindow(centre, LAST_DEC_2025)).toEqual(window);
  });

  it.each([
    ['caif', 'inicio', 2020, null],
    ['caif', 'inicio', 2019, 'CAIF: el año de inicio (2019) debe estar entre 2020 y 2025'],
    ['caif', 'fin', 2025, null],
    ['caif', 'fin', 2026, 'CAIF: el año de fin (2026) debe estar entre 2020 y 2025'],
    ['clubNinos', 'inicio', 2019, null],
    ['clubNinos', 'inicio', 2018, 'Club de Niños: el año de inicio (2018) debe estar entre 2019 y 2025'],
    ['clubDeportivo', 'fin', 2025, null],
    [
      'centroEducativoRecreativo',
      'fin',
      2026,
      'Centro Educativo Recreativo: el año de fin (2026) debe estar entre 2019 y 2025',
    ],
    ['caif', 'inicio', undefined, null],
    ['caif', 'inicio', null, null],
  ] as const)('%s %s %s → %j', (centre, which, year, expected) => {
    expect(centreYearError(centre, which, year, MID_2025)).toBe(expected);
  });
});

describe('yearRangeError (SPEC 5)', () => {
  it.each([
    ['CAIF', 2022, 2023, null],
    ['CAIF', 2023, 2023, null],
    ['CAIF', 2024, 2023, 'CAIF: El año de inicio (2024) no puede ser posterior al año de fin (2023)'],
    ['Club de Niños', 2021, 2020, 'Club de Niños: El año de inicio (2021) no puede ser posterior al año de fin (2020)'],
    ['CAIF', undefined, 2023, null],
    ['CAIF', 2023, undefined, null],
    ['CAIF', null, null, null],
  ])('%s %s–%s → %j', (section, start, end, expected) => {
    expect(yearRangeError(section, start, end)).toBe(expected);
  });
});
