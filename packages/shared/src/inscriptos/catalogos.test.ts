import { describe, expect, it } from 'vitest';
import data from './catalogos.json' with { type: 'json' };
import { BARRIOS, MARCAS_AUTO, parseCatalogos } from './catalogos.ts';

describe('catalogos.json (operator-editable lists)', () => {
  it('ships 18 neighbourhoods and about 36 car makes, without the "otro" values', () => {
    expect(data.barrios).toHaveLength(18);
    expect(data.marcasAuto.length).toBeGreaterThanOrEqual(30);
    expect(data.barrios).not.toContain('otro');
    expect(data.marcasAuto).not.toContain('Otro');
  });

  it('BARRIOS and MARCAS_AUTO append otro / Otro at the end', () => {
    expect(BARRIOS).toEqual([...data.barrios, 'otro']);
    expect(MARCAS_AUTO).toEqual([...data.marcasAuto, 'Otro']);
    expect(Object.isFrozen(BARRIOS)).toBe(true);
  });

  it.each([
    [
      'a list that is not a list',
      { barrios: 'Centro', marcasAuto: ['Fiat'] },
      'catalogos.json: "barrios" debe ser una lista de textos',
    ],
    ['an empty list', { barrios: [], marcasAuto: ['Fiat'] }, 'catalogos.json: "barrios" no puede estar vacía'],
    [
      'a blank name',
      { barrios: ['Centro', ' '], marcasAuto: ['Fiat'] },
      'catalogos.json: "barrios" tiene un nombre vacío',
    ],
    [
      'a repeated name',
      { barrios: ['Centro'], marcasAuto: ['Fiat', 'Fiat'] },
      'catalogos.json: "marcasAuto" tiene nombres repetidos',
    ],
    [
      'the reserved value',
      { barrios: ['Centro', 'Otro'], marcasAuto: ['Fiat'] },
      'catalogos.json: "barrios" no debe incluir "otro" (se agrega automáticamente)',
    ],
    ['a missing list', { barrios: ['Centro'] }, 'catalogos.json: "marcasAuto" debe ser una lista de textos'],
  ])('rejects %s', (_name, input, message) => {
    expect(() => parseCatalogos(input)).toThrow(message);
  });

  it('accepts a changed catalogue', () => {
    expect(parseCatalogos({ barrios: ['Centro'], marcasAuto: ['Fiat', 'Ford'] })).toEqual({
      barrios: ['Centro'],
      marcasAuto: ['Fiat', 'Ford'],
    });
  });
});
