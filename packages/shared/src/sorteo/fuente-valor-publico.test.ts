import { describe, expect, it } from 'vitest';
import { missingTextRule } from '../text-rule.ts';
import { DRAND_QUICKNET } from './drand.ts';
import {
  canonicalizarValor,
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
/** Round 123 of quicknet (noislabs/drand-verify, src/verify.rs; see drand.test.ts): the first after 15:15:30. */
const ronda123 = fuenteDrand('2023-08-23T15:15:30Z');
const FIRMA_123 = 'b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92';
/** Round 3's signature (ChainSafe/forest's fixture): a valid point, of another round. */
const FIRMA_3 = 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64';

const ok = (valor: string) => ({ ok: true, valor });
const no = (message: string) => ({ ok: false, message });

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
    expect(describirFuente(quiniela)).toBe('5 números de 3 cifras del sorteo «Quiniela nocturna del 12/11/2026»');
    expect(describirFuente(fuenteDrand('2026-11-12T21:00:00Z'))).toBe(
      'La ronda 33904613 de drand quicknet, la primera después del 12/11/2026 18:00 (hora de Uruguay), con su ' +
        'firma verificada con la clave pública de la red',
    );
    expect(formaDelValor(tresDados)).toBe(
      'Ingresá exactamente 3 dados, cada uno del 1 al 6, separados por espacios o comas y en cualquier orden ' +
        '(por ejemplo: 5 3 6).',
    );
    expect(formaDelValor(quiniela)).toBe(
      'Ingresá exactamente 5 números del 0 al 999, solo los sorteados, separados por espacios o comas y en ' +
        'cualquier orden.',
    );
    expect(formaDelValor(ronda123)).toBe(
      'Pegá la firma (signature) de la ronda 123 de drand quicknet: 96 dígitos hexadecimales.',
    );
  });
});

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
    // The default chain's round 2 (ChainSafe/forest, src/beacon/signatures/tests.rs): 96 bytes, on G2.
    expect(
      canonicalizarValor(
        ronda123,
        'aa18facd2d51b616511d542de6f9af8a3b920121401dad1434ed1db4a565f10e04fad8d9b2b4e3e0094364374caafe9b10478bf75650124831509c638b5a36a7a232ec70289f8751a2adb47fc32eb70b57dc81c39d48cbcac9fec46cdfc31663',
      ),
    ).toEqual(no(SORTEO_MSG.valorDrandFormato(forma)));
    expect(canonicalizarValor(ronda123, `drand-quicknet:124:${FIRMA_123}`)).toEqual(
      no(SORTEO_MSG.valorDrandOtraRonda(124, 123)),
    );
  });
});
