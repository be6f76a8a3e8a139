import { describe, expect, it } from 'vitest';
import { DIRECCION_MSG, esDireccionLocal, esUrlPublicaValida, problemaDeDireccion } from './direccion-publica.ts';

describe('the public address (decision 0030)', () => {
  it.each([
    'http://127.0.0.1:3277',
    'http://127.1',
    'http://0x7f000001',
    'http://localhost:3000',
    'http://LOCALHOST.',
    'http://app.localhost',
    'http://10.20.30.40',
    'http://192.168.1.20:3000',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://169.254.1.1',
    'http://0.0.0.0:3000',
    'http://[::1]:3000',
    'http://[::ffff:127.0.0.1]',
    'http://[::ffff:192.168.0.1]',
    'http://[fd00::1]',
    'http://[fe80::1]',
  ])('%s is this computer or a private network', (url) => {
    expect(esDireccionLocal(url)).toBe(true);
    expect(problemaDeDireccion(url)).toBe(DIRECCION_MSG.local(url));
  });

  it.each([
    'https://inscripciones.escuela.edu.uy',
    'http://172.15.0.1',
    'http://172.32.0.1',
    'http://8.8.8.8',
    'http://[2001:db8::1]',
  ])('%s can be opened from home', (url) => {
    expect(esDireccionLocal(url)).toBe(false);
    expect(problemaDeDireccion(url)).toBeNull();
  });

  it('a missing address has its own message, which says where to set it', () => {
    expect(problemaDeDireccion(undefined)).toBe(DIRECCION_MSG.falta);
    expect(problemaDeDireccion('')).toBe(DIRECCION_MSG.falta);
    expect(DIRECCION_MSG.falta).toContain('Configuración → Dirección pública');
  });

  it('accepts only absolute http(s) addresses without query, fragment or credentials', () => {
    for (const ok of ['https://e.example', 'http://e.example:8080/inscripciones'])
      expect(esUrlPublicaValida(ok)).toBe(true);
    for (const bad of [
      'ftp://e.example',
      'javascript:alert(1)',
      'e.example',
      'https://e.example/?a=1',
      'https://e.example/#x',
      'https://u:p@e.example',
    ]) {
      expect(esUrlPublicaValida(bad), bad).toBe(false);
    }
  });
});
