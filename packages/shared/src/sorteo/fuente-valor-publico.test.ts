import { describe, expect, it } from 'vitest';
import { missingTextRule } from '../text-rule.ts';
import { DRAND_QUICKNET } from './drand.ts';
import {
  describirFuente,
  formaDelValor,
  fuenteDrand,
  fuenteErrorAlIniciar,
  ZFuenteValorPublico,
  type TFuenteValorPublico,
} from './fuente-valor-publico.ts';
import { SORTEO_MSG } from './messages.ts';

const tresDados: TFuenteValorPublico = { tipo: 'dados', cantidad: 3 };
const quiniela: TFuenteValorPublico = {
  tipo: 'loteria',
  sorteo: 'Quiniela nocturna del 12/11/2026',
  cantidad: 5,
  cifras: 3,
};
/** Round 123 of quicknet is the first after 15:15:30 (its instant is 15:15:33). */
const ronda123 = fuenteDrand('2023-08-23T15:15:30Z');

describe('the declared source (decision 0027)', () => {
  it('accepts the three forms', () => {
    expect(ZFuenteValorPublico.parse(tresDados)).toEqual(tresDados);
    expect(ZFuenteValorPublico.parse({ ...quiniela, sorteo: '  Quiniela nocturna del 12/11/2026 ' })).toEqual(quiniela);
    expect(ZFuenteValorPublico.parse(ronda123)).toEqual({
      tipo: 'drand',
      cadena: DRAND_QUICKNET.chainHash,
      despuesDe: '2023-08-23T15:15:30Z',
      ronda: 123,
    });
  });

  it('refuses what is outside each form, with the catalogue’s messages', () => {
    const messages = (value: unknown) => ZFuenteValorPublico.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ tipo: 'moneda' })).toEqual([SORTEO_MSG.fuenteTipo]);
    expect(messages({ tipo: 'dados', cantidad: 0 })).toEqual([SORTEO_MSG.fuenteCantidadDados]);
    expect(messages({ tipo: 'dados', cantidad: 21 })).toEqual([SORTEO_MSG.fuenteCantidadDados]);
    expect(messages({ tipo: 'dados', cantidad: 2.5 })).toEqual([SORTEO_MSG.fuenteCantidadDados]);
    expect(messages({ tipo: 'dados', cantidad: 3, caras: 8 })).toHaveLength(1);
    expect(messages({ ...quiniela, cantidad: 31 })).toEqual([SORTEO_MSG.fuenteCantidadLoteria]);
    expect(messages({ ...quiniela, cifras: 7 })).toEqual([SORTEO_MSG.fuenteCifrasLoteria]);
    expect(messages({ ...quiniela, sorteo: ' ' })).toEqual([SORTEO_MSG.fuenteSorteoLoteria]);
    expect(messages({ ...quiniela, sorteo: 'x'.repeat(201) })).toEqual([SORTEO_MSG.fuenteSorteoLoteriaLargo]);
    expect(messages({ ...quiniela, sorteo: 'Quiniela\u202E nocturna' })?.[0]).toContain('Sorteo de lotería:');
    expect(
      messages({ ...ronda123, cadena: '8990e7a9aaed2ffed73dbd7092123d6f289930540d7651336225dc172e51b2ce' }),
    ).toEqual([SORTEO_MSG.fuenteCadenaDrand]);
    expect(messages({ ...ronda123, despuesDe: '23/08/2023 15:15' })).toEqual([SORTEO_MSG.fuenteDespuesDe]);
    expect(messages({ ...ronda123, despuesDe: '2023-02-30T00:00:00Z', ronda: 1 })).toEqual([
      SORTEO_MSG.fuenteDespuesDe,
    ]);
    // The round is derived from the instant: another one is refused.
    expect(messages({ ...ronda123, ronda: 124 })).toEqual([SORTEO_MSG.fuenteRondaDrand]);
  });

  it('puts every free text under the text rule', () => {
    expect(missingTextRule(ZFuenteValorPublico)).toEqual([]);
  });

  it('refuses at start a drand round before the start or more than 24 h after it', () => {
    const inicio = '2026-11-12T21:00:00.000Z';
    expect(fuenteErrorAlIniciar(fuenteDrand(inicio), inicio)).toBeNull();
    expect(fuenteErrorAlIniciar(fuenteDrand('2026-11-12T21:30:00Z'), inicio)).toBeNull();
    expect(fuenteErrorAlIniciar(fuenteDrand('2026-11-12T20:59:59Z'), inicio)).toBe(
      SORTEO_MSG.fuenteDrandAntesDelInicio,
    );
    expect(fuenteErrorAlIniciar(fuenteDrand('2026-11-13T21:00:01Z'), inicio)).toBe(SORTEO_MSG.fuenteDrandMuyLejos(24));
    expect(fuenteErrorAlIniciar(tresDados, inicio)).toBeNull();
    expect(fuenteErrorAlIniciar(quiniela, inicio)).toBeNull();
  });

  it('describes each source and the form of its value in Spanish', () => {
    expect(describirFuente(tresDados)).toBe('3 dados de seis caras, tirados en la sala');
    expect(describirFuente({ tipo: 'dados', cantidad: 1 })).toBe('1 dado de seis caras, tirado en la sala');
    expect(describirFuente(quiniela)).toBe(
      'Los primeros 5 números (de 3 cifras) del sorteo «Quiniela nocturna del 12/11/2026», en el orden en que se ' +
        'publican',
    );
    expect(describirFuente({ ...quiniela, cantidad: 1, cifras: 1 })).toBe(
      'El primer número (de 1 cifra) del sorteo «Quiniela nocturna del 12/11/2026», en el orden en que se publican',
    );
    expect(describirFuente(fuenteDrand('2026-11-12T21:00:00Z'))).toBe(
      'La ronda 33904613 de drand quicknet, la primera después del 12/11/2026 18:00 (hora de Uruguay), con su ' +
        'firma verificada con la clave pública de la red',
    );
    expect(formaDelValor(tresDados)).toBe(
      'Ingresá exactamente 3 dados, cada uno del 1 al 6, separados por espacios o comas y en cualquier orden ' +
        '(por ejemplo: 5 3 6).',
    );
    expect(formaDelValor(quiniela)).toBe(
      'Ingresá exactamente los primeros 5 números publicados, del 0 al 999, separados por espacios o comas y en ' +
        'cualquier orden.',
    );
    expect(formaDelValor(ronda123)).toBe(
      'Pegá la firma (signature) de la ronda 123 de drand quicknet: 96 dígitos hexadecimales.',
    );
  });
});
