import { describe, expect, it } from 'vitest';
import { completeInscripto } from '../test/fixtures.ts';
import { faltantesSolicitud } from './completitud.ts';

describe('faltantesSolicitud', () => {
  it("is staff entry's completeness without the official, plus both documents", () => {
    const datos = completeInscripto(new Date('2026-10-01T12:00:00Z'));
    expect(faltantesSolicitud(datos, ['ci', 'domicilio'])).toEqual([]);
    expect(faltantesSolicitud(datos, ['domicilio']).map((f) => f.field)).toEqual(['documentos.ci']);
    const { nombre1: _n, ...sinNombre } = datos;
    expect(faltantesSolicitud(sinNombre, ['ci', 'domicilio'])).toEqual([
      { field: 'nombre1', label: 'Primer Nombre', message: 'Este campo es obligatorio' },
    ]);
    expect(faltantesSolicitud({}, []).map((f) => f.field)).not.toContain('funcionario');
  });
});
