import { describe, expect, it } from 'vitest';
import {
  fechaHoraLarga,
  fechaHoraMontevideo,
  fechaHoraTexto,
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
