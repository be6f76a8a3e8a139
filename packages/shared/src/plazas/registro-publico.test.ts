import { describe, expect, it } from 'vitest';
import { HASH_INICIAL, encadenar, hashEntrada, jsonCanonico, type TEntradaSinHash } from './registro-publico.ts';
import { verificarCadena } from './verificar-registro-publico.ts';

/** The test vectors of docs/decisions/0015 "Nota posterior": the exact bytes every verifier hashes. */
const ENTRADAS: TEntradaSinHash[] = [
  {
    n: 1,
    tipo: 'publicacion',
    en: '2026-12-01T13:00:00.000Z',
    sorteoId: '0193a5b0-0000-7000-8000-000000000001',
    dias: 7,
  },
  {
    n: 2,
    tipo: 'oferta',
    en: '2026-12-01T13:00:00.000Z',
    numero: 12,
    miembro: 0,
    iniciales: 'A. B. C.',
    lista: 'nenas',
    origen: 'titular',
    vence: '2026-12-08T13:00:00.000Z',
  },
  { n: 3, tipo: 'respuesta', en: '2026-12-02T10:30:00.000Z', numero: 12, respuesta: 'rechazada' },
];

describe('the public register chain', () => {
  it('hashes the previous hash and the canonical JSON, as the decision doc shows', () => {
    expect(jsonCanonico(ENTRADAS[2])).toBe(
      '{"en":"2026-12-02T10:30:00.000Z","n":3,"numero":12,"respuesta":"rechazada","tipo":"respuesta"}',
    );
    expect(encadenar(ENTRADAS).map((e) => e.hash)).toEqual([
      '4b3cffa4413b48dc73eceb0f12b26e109bc945a11b64b6876a734d538326d3bb',
      'fb0f43ce37a1f40c5595fda7b97c19598579becee1a494ad40c7ad858eaa9ff2',
      '7091f1fa838b98fceae9b9bf50efb818863f0676deec6960f8308cbdcc4469db',
    ]);
    expect(hashEntrada(HASH_INICIAL, ENTRADAS[0]!)).toBe(encadenar(ENTRADAS)[0]!.hash);
  });

  it('names a skipped, a reordered and an edited entry', () => {
    const chain = encadenar(ENTRADAS);
    expect(verificarCadena(chain)).toBeNull();
    expect(verificarCadena([chain[0]!, chain[2]!])).toBe(
      'Falta la entrada N° 2 del registro: después de la 1 viene la 3.',
    );
    expect(verificarCadena([chain[0]!, chain[2]!, chain[1]!])).toBe(
      'La entrada N° 2 está fuera de orden: aparece en el lugar 3 del registro.',
    );
    const edited = structuredClone(chain);
    if (edited[1]!.tipo === 'oferta') edited[1]!.vence = '2026-12-09T13:00:00.000Z';
    expect(verificarCadena(edited)).toBe(
      'La entrada N° 2 fue alterada o no sigue a la anterior: su hash no coincide con el encadenado.',
    );
  });
});
