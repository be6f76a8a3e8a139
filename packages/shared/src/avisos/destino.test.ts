import { describe, expect, it } from 'vitest';
import { destinoValido, enmascararDestino, normalizarDestino, normalizarTelefono } from './destino.ts';

describe('a destination written one way', () => {
  it('lower-cases and trims an e-mail address', () => {
    expect(normalizarDestino('email', '  Ana.Perez@Correo.UY ')).toBe('ana.perez@correo.uy');
  });

  it('writes a phone number with its country code, however it was typed', () => {
    for (const typed of ['+598 99 123 456', '00598 99 123 456', '099 123 456', '099-123-456', '(099) 123.456']) {
      expect([typed, normalizarTelefono(typed)]).toEqual([typed, '+59899123456']);
    }
    expect(normalizarTelefono('+54 9 11 1234 5678')).toBe('+5491112345678');
  });

  it('accepts what a provider can deliver to, and nothing else', () => {
    expect(destinoValido('email', 'ana@correo.uy')).toBe(true);
    expect(destinoValido('email', 'ana@correo')).toBe(false);
    expect(destinoValido('email', 'Ana <ana@correo.uy>')).toBe(false);
    expect(destinoValido('telefono', '+59899123456')).toBe(true);
    expect(destinoValido('telefono', '+598 99')).toBe(false);
  });

  it('shows staff only the start of an address and the end of a number', () => {
    expect(enmascararDestino('email', 'ana.perez@correo.uy')).toBe('an•••@correo.uy');
    expect(enmascararDestino('email', 'a@correo.uy')).toBe('a•••@correo.uy');
    expect(enmascararDestino('telefono', '+59899123456')).toBe('••• ••• 456');
  });
});
