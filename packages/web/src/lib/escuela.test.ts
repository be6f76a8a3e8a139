// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { clearSession, getSession, saveSession } from './session.ts';
import { conEscuela, duenoDeLaCola, elegirEscuela, escuelaActual, escuelaDelPedido } from './escuela.ts';

const base: TSessionUser = { id: 'u1', username: 'ana', role: 'administrador', nombre: 'Ana', email: 'ana@x.uy' };
const una: TSessionUser = { ...base, escuelas: [{ codigo: 'principal', nombre: 'Escuela 1', role: 'administrador' }] };
const dos: TSessionUser = {
  ...base,
  rolRed: null,
  escuelas: [
    { codigo: 'principal', nombre: 'Escuela 1', role: 'administrador' },
    { codigo: 'norte', nombre: 'Escuela Norte', role: 'voluntario' },
  ],
};

afterEach(() => {
  clearSession();
  window.history.replaceState(null, '', '/');
});

describe('the school a request is for', () => {
  it('an account with one school sends none: the URLs stay as they were', () => {
    saveSession('t', una);
    expect(escuelaDelPedido()).toBeNull();
    expect(conEscuela('/api/inscriptos?page=2')).toBe('/api/inscriptos?page=2');
    expect(duenoDeLaCola(una)).toBe('u1');
  });

  it('an account with several sends the chosen one, remembered, and takes its role there', () => {
    saveSession('t', dos);
    expect(escuelaActual(dos)?.codigo).toBe('principal');
    expect(conEscuela('/api/inscriptos')).toBe('/api/inscriptos?escuela=principal');
    elegirEscuela('norte');
    expect(window.localStorage.getItem('inscripciones:escuela')).toBe('norte');
    expect(conEscuela('/api/inscriptos?page=2')).toBe('/api/inscriptos?page=2&escuela=norte');
    expect(getSession()?.user.role).toBe('voluntario');
    expect(duenoDeLaCola(dos)).toBe('u1@norte');
  });

  it("the page's ?escuela= goes first, and a path naming one keeps it", () => {
    window.history.replaceState(null, '', '/sorteo?escuela=sur');
    expect(escuelaDelPedido()).toBe('sur');
    expect(conEscuela('/api/sorteo/eventos')).toBe('/api/sorteo/eventos?escuela=sur');
    expect(conEscuela('/api/auth/me?escuela=otra')).toBe('/api/auth/me?escuela=otra');
  });
});
