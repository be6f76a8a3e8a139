import { describe, expect, it } from 'vitest';
import type { TNinoDuplicado } from '@inscripciones/shared/duplicados/api-schema.ts';
import { compararPar } from './comparar.ts';

const lucia: TNinoDuplicado = {
  inscriptoId: 'a',
  hermano: null,
  numeroInscripcion: 12,
  nombreCompleto: 'Lucía Pérez',
  fechaNacimiento: '2020-03-05',
  ci: '71234563',
};

describe('compararPar', () => {
  it('shows the fields side by side as the screen reads them, marking only those that differ', () => {
    const copia = { ...lucia, inscriptoId: 'b', nombreCompleto: 'LUCIA  perez', ci: '7.123.457-3' };
    expect(compararPar(lucia, copia)).toEqual([
      { campo: 'Nombre', a: 'Lucía Pérez', b: 'LUCIA  perez', distinto: true },
      { campo: 'Fecha de nacimiento', a: '05/03/2020', b: '05/03/2020', distinto: false },
      { campo: 'Cédula', a: '7.123.456-3', b: '7.123.457-3', distinto: true },
    ]);
  });

  it('takes spacing and CI punctuation as no difference, and says what a listed sibling lacks', () => {
    const hermano = { ...lucia, hermano: 0, nombreCompleto: 'Lucía  Pérez ', fechaNacimiento: null, ci: '7.123.456-3' };
    const filas = compararPar(lucia, hermano);
    expect(filas.map((f) => f.distinto)).toEqual([false, true, false]);
    expect(filas[1]!.b).toBe('No consta');
  });
});
