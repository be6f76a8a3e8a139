import { describe, expect, it } from 'vitest';
import { columnField, siblingsFromText, siblingsToText } from './spreadsheet.ts';

describe('spreadsheet columns', () => {
  it.each([
    ['Primer Nombre', 'nombre1'],
    ['primer nombre', 'nombre1'],
    ['nombre1', 'nombre1'],
    ['telFijo', 'tel'],
    ['Teléfono fijo', 'tel'],
    ['TELEFONO FIJO', 'tel'],
    ['N° Inscripción', 'numeroInscripcion'],
    ['numeroInscripcion', 'numeroInscripcion'],
    ['Cédula de Identidad', 'ci'],
    ['Columna inventada', undefined],
  ])('%j → %j', (header, field) => {
    expect(columnField(header)).toBe(field);
  });

  it('writes sibling lists as readable text and reads them back', () => {
    const list = [
      { nombre: 'Ana Núñez', nivel: 'Inicial', ci: '61234568', sexo: 'F' },
      { nombre: 'Bruno Núñez', nivel: 'Inicial', ci: '62345670', sexo: 'M' },
    ];
    const text = siblingsToText(list, ['nombre', 'nivel', 'ci', 'sexo']);
    expect(text).toBe(
      'Nombre completo: Ana Núñez, Nivel: Inicial, Cédula: 6.123.456-8, Sexo: F | Nombre completo: Bruno Núñez, Nivel: Inicial, Cédula: 6.234.567-0, Sexo: M',
    );
    expect(siblingsFromText(text)).toEqual([
      { nombre: 'Ana Núñez', nivel: 'Inicial', ci: '6.123.456-8', sexo: 'F' },
      { nombre: 'Bruno Núñez', nivel: 'Inicial', ci: '6.234.567-0', sexo: 'M' },
    ]);
    expect(siblingsFromText('')).toEqual([]);
  });
});
