import { describe, expect, it } from 'vitest';
import { fechaHoraMontevideo } from './montevideo-time.ts';

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
