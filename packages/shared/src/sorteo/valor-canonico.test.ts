import { describe, expect, it } from 'vitest';
import { DEFAULT_CHAIN_ROUND_2, QUICKNET_ROUNDS, RONDA_123 } from '../test/drand-rondas.ts';
import { formaDelValor, fuenteDrand, type TFuenteValorPublico } from './fuente-valor-publico.ts';
import { SORTEO_MSG } from './messages.ts';
import { canonicalizarValor } from './valor-canonico.ts';

const tresDados: TFuenteValorPublico = { tipo: 'dados', cantidad: 3 };
const quiniela: TFuenteValorPublico = {
  tipo: 'loteria',
  sorteo: 'Quiniela nocturna del 12/11/2026',
  cantidad: 5,
  cifras: 3,
};
/** Round 123 of quicknet is the first after 15:15:30 (its instant is 15:15:33). */
const ronda123 = fuenteDrand('2023-08-23T15:15:30Z');
const FIRMA_123 = RONDA_123.firma;
/** Round 3's signature: a valid point, of another round. */
const FIRMA_3 = QUICKNET_ROUNDS.find((r) => r.ronda === 3)!.firma;

const ok = (valor: string) => ({ ok: true, valor });
const no = (message: string) => ({ ok: false, message });

describe('dice: one throw, one value', () => {
  it.each([
    '3 5 6',
    'Dados: 5, 3 y 6',
    '5-3-6',
    '6,5,3',
    '  5 · 3 · 6  ',
    'dados 5; 3; 6.',
    '5\u00a03\u00a06',
    '５ ３ ６',
    '(5) (3) (6)',
    'dados:3,5,6',
  ])('«%s» → dados:3,5,6', (texto) => {
    expect(canonicalizarValor(tresDados, texto)).toEqual(ok('dados:3,5,6'));
  });

  it('keeps repeated faces (a throw is a multiset) and sorts them', () => {
    expect(canonicalizarValor(tresDados, '6 1 6')).toEqual(ok('dados:1,6,6'));
    expect(canonicalizarValor({ tipo: 'dados', cantidad: 1 }, 'Salió un 4')).toEqual(ok('dados:4'));
    expect(canonicalizarValor({ tipo: 'dados', cantidad: 5 }, '2 2 2 2 2')).toEqual(ok('dados:2,2,2,2,2'));
  });

  it('gives one value for every order and spelling of a throw: nothing to grind', () => {
    const throwOf = [4, 1, 6, 1, 3];
    const fuente: TFuenteValorPublico = { tipo: 'dados', cantidad: throwOf.length };
    const separators = [' ', ', ', '-', ' y ', ';', '/', ' · ', '\u00a0'];
    const values = new Set<string>();
    let state = 7;
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2 ** 31), state % n);
    for (let i = 0; i < 200; i++) {
      const order = [...throwOf].sort(() => next(3) - 1);
      const text = ['', 'Dados: ', 'dados '][next(3)] + order.map(String).join(separators[next(separators.length)]);
      const result = canonicalizarValor(fuente, text);
      expect(result.ok).toBe(true);
      if (result.ok) values.add(result.valor);
    }
    expect([...values]).toEqual(['dados:1,1,3,4,6']);
  });

  it('refuses too few, too many, out of range and run-together faces with the form', () => {
    const forma = formaDelValor(tresDados);
    expect(forma).toContain('Ingresá exactamente 3 dados, cada uno del 1 al 6');
    expect(canonicalizarValor(tresDados, '3 5')).toEqual(no(SORTEO_MSG.valorCantidad(2, 3, forma)));
    expect(canonicalizarValor(tresDados, '3 5 6 2')).toEqual(no(SORTEO_MSG.valorCantidad(4, 3, forma)));
    expect(canonicalizarValor(tresDados, 'Dados: 5, 3 y 6 (el 2 se cayó)')).toEqual(
      no(SORTEO_MSG.valorCantidad(4, 3, forma)),
    );
    expect(canonicalizarValor(tresDados, '3 5 7')).toEqual(no(SORTEO_MSG.valorDadoFueraDeRango('7', forma)));
    expect(canonicalizarValor(tresDados, '0 3 5')).toEqual(no(SORTEO_MSG.valorDadoFueraDeRango('0', forma)));
    expect(canonicalizarValor(tresDados, '536')).toEqual(no(SORTEO_MSG.valorDadoFueraDeRango('536', forma)));
    expect(canonicalizarValor(tresDados, '05 3 6')).toEqual(no(SORTEO_MSG.valorDadoFueraDeRango('05', forma)));
    expect(canonicalizarValor(tresDados, 'tres, cinco y seis')).toEqual(no(SORTEO_MSG.valorCantidad(0, 3, forma)));
    expect(canonicalizarValor(tresDados, '٣ 5 6')).toEqual(no(SORTEO_MSG.valorOtrasCifras(forma)));
    expect(canonicalizarValor(tresDados, '   ')).toEqual(no(SORTEO_MSG.valorVacio(forma)));
    expect(SORTEO_MSG.valorDadoFueraDeRango('7', forma)).toBe(
      '«7» no es la cara de un dado. Ingresá exactamente 3 dados, cada uno del 1 al 6, separados por espacios o ' +
        'comas y en cualquier orden (por ejemplo: 5 3 6).',
    );
  });
});

describe('lottery: order and leading zeros are no lever', () => {
  it.each([
    '045 123 999 007 500',
    '999, 500, 123, 45, 7',
    '0045-0123-999-7-500',
    '7 45 123 500 999',
    'loteria:007,045,123,500,999',
  ])('«%s» → loteria:007,045,123,500,999', (texto) => {
    expect(canonicalizarValor(quiniela, texto)).toEqual(ok('loteria:007,045,123,500,999'));
  });

  it('keeps repeated numbers and zero', () => {
    expect(canonicalizarValor(quiniela, '000 7 7 999 0')).toEqual(ok('loteria:000,000,007,007,999'));
    expect(canonicalizarValor({ ...quiniela, cantidad: 2, cifras: 2 }, '48 5')).toEqual(ok('loteria:05,48'));
  });

  it('refuses the wrong count, a number with more digits, and the draw’s date typed in', () => {
    const forma = formaDelValor(quiniela);
    expect(canonicalizarValor(quiniela, '45 123 999 7')).toEqual(no(SORTEO_MSG.valorCantidad(4, 5, forma)));
    expect(canonicalizarValor(quiniela, '45 123 999 7 500 1')).toEqual(no(SORTEO_MSG.valorCantidad(6, 5, forma)));
    expect(canonicalizarValor(quiniela, '45 123 1000 7 500')).toEqual(
      no(SORTEO_MSG.valorLoteriaFueraDeRango('1000', 3, forma)),
    );
    expect(canonicalizarValor(quiniela, 'Quiniela del 12/11/2026: 45 123 999 7 500')).toEqual(
      no(SORTEO_MSG.valorLoteriaFueraDeRango('2026', 3, forma)),
    );
    expect(canonicalizarValor(quiniela, '')).toEqual(no(SORTEO_MSG.valorVacio(forma)));
  });
});

describe('drand: the round’s verified signature', () => {
  const canonical = `drand-quicknet:123:${FIRMA_123}`;

  it.each([
    FIRMA_123,
    `0x${FIRMA_123}`,
    FIRMA_123.toUpperCase(),
    ` ${FIRMA_123.slice(0, 48)}  ${FIRMA_123.slice(48)} `,
    canonical,
    canonical.toUpperCase(),
  ])('«%s» → the canonical value', (texto) => {
    expect(canonicalizarValor(ronda123, texto)).toEqual(ok(canonical));
  });

  it('refuses another round’s signature, a changed one, malformed hex and another chain’s', () => {
    const forma = formaDelValor(ronda123);
    expect(canonicalizarValor(ronda123, FIRMA_3)).toEqual(no(SORTEO_MSG.valorDrandNoVerifica(123)));
    expect(canonicalizarValor(ronda123, `${FIRMA_123.slice(0, -1)}3`)).toEqual(
      no(SORTEO_MSG.valorDrandNoVerifica(123)),
    );
    expect(canonicalizarValor(ronda123, FIRMA_123.slice(0, -2))).toEqual(no(SORTEO_MSG.valorDrandFormato(forma)));
    expect(canonicalizarValor(ronda123, `${FIRMA_123}ab`)).toEqual(no(SORTEO_MSG.valorDrandFormato(forma)));
    expect(canonicalizarValor(ronda123, 'ronda 123')).toEqual(no(SORTEO_MSG.valorDrandFormato(forma)));
    // The default chain's signatures are 96 bytes, on G2.
    expect(canonicalizarValor(ronda123, DEFAULT_CHAIN_ROUND_2)).toEqual(no(SORTEO_MSG.valorDrandFormato(forma)));
    expect(canonicalizarValor(ronda123, `drand-quicknet:124:${FIRMA_123}`)).toEqual(
      no(SORTEO_MSG.valorDrandOtraRonda(124, 123)),
    );
  });
});
