import { describe, expect, it } from 'vitest';
import { zipEntryName } from './zip-entry-name.ts';

const ID = '0d9f3a7c-1b2e-4c5d-8e9f-0a1b2c3d4e5f';

describe('zipEntryName', () => {
  it('names a numbered enrolment by its number', () => {
    expect(zipEntryName({ id: ID, numeroInscripcion: 7 }, new Set())).toBe('inscripcion_7.pdf');
  });

  it('names a pending one by surname, name and the id start, in plain ASCII', () => {
    const name = zipEntryName({ id: ID, nombre1: 'Agustín', apellido1: 'Muñoz Güemes' }, new Set());
    expect(name).toBe('pendiente_munoz-guemes_agustin_0d9f3a7c.pdf');
    expect(name).toMatch(/^[\x21-\x7e]+$/);
  });

  it('drops what is not a letter or digit, and says when a name is missing', () => {
    expect(zipEntryName({ id: ID, nombre1: '../Zoë/', apellido1: '  ' }, new Set())).toBe(
      'pendiente_sin-apellido_zoe_0d9f3a7c.pdf',
    );
  });

  it('siblings sharing a number get distinct names', () => {
    const used = new Set<string>();
    expect(zipEntryName({ id: ID, numeroInscripcion: 12 }, used)).toBe('inscripcion_12.pdf');
    expect(zipEntryName({ id: 'abcdef12-0000', numeroInscripcion: 12 }, used)).toBe('inscripcion_12_abcdef12.pdf');
  });
});
