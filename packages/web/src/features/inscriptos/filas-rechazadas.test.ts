import { describe, expect, it } from 'vitest';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { filasRechazadas, filasRechazadasCsv } from './filas-rechazadas.ts';

const result: TImportResult = {
  imported: 1,
  skipped: 0,
  message: '',
  errores: [
    {
      fila: 4,
      campo: 'Barrio',
      valor: 'Centroo',
      motivo: 'Barrio: «Centroo» no es una opción válida (opciones: Centro)',
    },
    { fila: 2, campo: 'Observaciones', valor: '=HYPERLINK("x")', motivo: 'Texto "raro"' },
  ],
  duplicados: [{ fila: 3, ci: '6.123.456-7', nombre: 'Ana Gómez', conflicto: 'fila 2 (Lucía Pérez)' }],
  posiblesDuplicados: [],
  omitidos: [],
  avisos: [],
  columnasIgnoradas: [],
  simulacion: false,
};

describe('the refused rows of an import', () => {
  it('lists invalid cells and repeated CIs in sheet order, each with the value given and its reason', () => {
    expect(filasRechazadas(result)).toEqual([
      { fila: 2, campo: 'Observaciones', valor: '=HYPERLINK("x")', motivo: 'Texto "raro"' },
      {
        fila: 3,
        campo: 'Cédula',
        valor: '6.123.456-7',
        motivo: 'Ana Gómez: la cédula coincide con fila 2 (Lucía Pérez)',
      },
      { fila: 4, campo: 'Barrio', valor: 'Centroo', motivo: expect.stringContaining('«Centroo»') },
    ]);
  });

  it('writes them as a CSV Excel opens in Spanish, a formula-like value kept as text', () => {
    const lines = filasRechazadasCsv(result).split('\r\n');
    expect(lines[0]).toBe('\uFEFF"Fila";"Campo";"Valor";"Motivo"');
    expect(lines[1]).toBe('"2";"Observaciones";"\'=HYPERLINK(""x"")";"Texto ""raro"""');
    expect(lines[3]).toContain('"4";"Barrio";"Centroo";"Barrio: «Centroo» no es una opción válida (opciones: Centro)"');
    expect(lines).toHaveLength(5);
  });
});
