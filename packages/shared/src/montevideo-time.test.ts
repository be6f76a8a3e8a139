import { describe, expect, it } from 'vitest';
import {
  fechaHoraLarga,
  fechaHoraMontevideo,
  fechaHoraTexto,
  montevideoOffsetMs,
  fechaMontevideo,
  horaMontevideo,
  selloArchivo,
} from './montevideo-time.ts';

describe('fechaHoraMontevideo', () => {
  it.each([
    ['2026-10-31T17:00:00.000Z', { fecha: '31/10/2026', hora: '14:00' }],
    ['2026-01-01T02:30:00.000Z', { fecha: '31/12/2025', hora: '23:30' }],
    ['no es una fecha', { fecha: '', hora: '' }],
    [null, { fecha: '', hora: '' }],
  ])('%j → %j', (input, expected) => {
    expect(fechaHoraMontevideo(input)).toEqual(expected);
  });
});

describe('the other forms of an instant in Montevideo', () => {
  const at = new Date('2026-01-01T02:30:05.000Z');

  it('give the same day and time in every form', () => {
    expect(fechaHoraTexto(at)).toBe('31/12/2025 23:30');
    expect(fechaMontevideo(at.toISOString())).toBe('31/12/2025');
    expect(horaMontevideo(at)).toBe('23:30');
    expect(fechaHoraLarga(at)).toBe('31 de diciembre de 2025, 23:30');
    expect(selloArchivo(at)).toBe('20251231233005');
  });

  it('give empty text for what is not a date', () => {
    expect([fechaHoraTexto('no'), fechaMontevideo(undefined), horaMontevideo('')]).toEqual(['', '', '']);
  });
});

describe('montevideoOffsetMs', () => {
  it('is three hours behind UTC today, and two in a summer of daylight saving (up to 2015)', () => {
    expect(montevideoOffsetMs(Date.parse('2026-11-24T03:00:00Z'))).toBe(-3 * 3_600_000);
    expect(montevideoOffsetMs(Date.parse('2014-01-15T12:00:00Z'))).toBe(-2 * 3_600_000);
  });
});
