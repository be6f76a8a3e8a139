import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { huella, huellaFamilia, listaPublica, miembrosDeLaFamilia } from './lista-publica.ts';
import type { TUnidad } from './schemas.ts';

/** The vector written in docs/decisions/0020 ("Huellas que nadie puede invertir"). */
const SAL = '5a'.repeat(32);
const VECTOR = {
  codigo: 'K7M2Q-XH9PA',
  numero: 42,
  huellas: [
    'c81fd9974707b50b2397df390c853416593f4f7865af3b39d27b22c06d84fa54',
    '5babee21cc345e92e6f38c10aa6f04da44ad0cc378eaa47723a46a2a540e8dc6',
  ],
};

describe('huella v2: keyed by the family status code', () => {
  it('gives the decision’s test vector, whatever case, spaces or dashes the code is typed with', () => {
    for (const codigo of [VECTOR.codigo, 'K7M2QXH9PA', 'k7m2q xh9pa']) {
      expect(VECTOR.huellas.map((_, i) => huellaFamilia(codigo, SAL, VECTOR.numero, i))).toEqual(VECTOR.huellas);
    }
  });

  it('is HMAC-SHA-256 as node:crypto computes it, and depends on every input', () => {
    const ref = crypto
      .createHmac('sha256', 'ABCDE23456')
      .update(`inscripciones/huella/v2|${'01'.repeat(32)}|7|2`)
      .digest('hex');
    expect(huellaFamilia('ABCDE-23456', '01'.repeat(32), 7, 2)).toBe(ref);
    const base = huellaFamilia('ABCDE23456', SAL, 7, 0);
    expect(huellaFamilia('ABCDE23457', SAL, 7, 0)).not.toBe(base);
    expect(huellaFamilia('ABCDE23456', '5b'.repeat(32), 7, 0)).not.toBe(base);
    expect(huellaFamilia('ABCDE23456', SAL, 8, 0)).not.toBe(base);
    expect(huellaFamilia('ABCDE23456', SAL, 7, 1)).not.toBe(base);
  });

  it('lets a family find its own children in the public list with its number and code, and nobody else’s', () => {
    const unit = (numero: number, codigo: string, n: number): TUnidad => ({
      numero,
      hermanosPrimaria: false,
      miembros: Array.from({ length: n }, (_, i) => ({
        ci: `4567891${i}`,
        inscriptoId: `id-${numero}-${i}`,
        nombreCompleto: `Niño${i} Apellido`,
        sexo: 'F' as const,
        huella: huellaFamilia(codigo, SAL, numero, i),
      })),
    });
    const lista = listaPublica([unit(42, VECTOR.codigo, 2), unit(43, 'ZZZZZ22222', 1)], { nenas: 1, varones: 1 }, SAL);
    expect(lista[0]!.miembros.map((m) => m.huella)).toEqual(VECTOR.huellas);
    expect(miembrosDeLaFamilia(lista, 'k7m2q-xh9pa', SAL, 42)).toEqual([0, 1]);
    expect(miembrosDeLaFamilia(lista, 'K7M2QXH9PB', SAL, 42)).toEqual([]);
    expect(miembrosDeLaFamilia(lista, VECTOR.codigo, SAL, 43)).toEqual([]);
    expect(miembrosDeLaFamilia(lista, VECTOR.codigo, SAL, 44)).toEqual([]);
  });

  it('keeps v1 for lists frozen before: hex(SHA-256(sal|ci|nombreCompleto))', () => {
    expect(huella(SAL, { ci: '45678912', nombreCompleto: 'Ana María Pérez Gómez' })).toBe(
      '8e8a88280f32d80ba6ea47113eba5a827f6ad88ac5e2832f3391fabbeac1ee51',
    );
  });
});
