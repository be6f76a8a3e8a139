import { describe, expect, it } from 'vitest';
import { ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import { seccionDe, validar } from './validar.ts';

describe('validar (the online application in the browser)', () => {
  const hoy = new Date('2026-10-01T12:00:00Z');

  it("marks a field with the shared schema's message and saves the rest without it", () => {
    const { errores, guardable } = validar({ nombre1: 'Ana', ci: '1234', sexo: 'F' }, hoy);
    expect(errores).toEqual({ ci: ciError('1234') });
    expect(guardable).toEqual({ nombre1: 'Ana', sexo: 'F' });
  });

  it("applies today's rules too (a birth date outside the window)", () => {
    const { errores, guardable } = validar({ nombre1: 'Ana', fechaNacimiento: '2000-01-01' }, hoy);
    expect(Object.keys(errores)).toEqual(['fechaNacimiento']);
    expect(guardable).toEqual({ nombre1: 'Ana' });
  });

  it('accepts a partial draft, and names the section of a missing field', () => {
    expect(validar({ nombre1: 'Ana' }, hoy)).toEqual({ errores: {}, guardable: { nombre1: 'Ana' } });
    expect(seccionDe('cel1')).toBe(2);
    expect(seccionDe('documentos.ci')).toBeNull();
  });

  it('saves the ranked schools beside the sections, never as an unknown field', () => {
    const { errores, guardable } = validar({ nombre1: 'Ana', preferencias: ['B', 'A'] }, hoy);
    expect(errores).toEqual({});
    expect(guardable).toEqual({ nombre1: 'Ana', preferencias: ['B', 'A'] });
  });
});
