import { normalizarFirmaHex } from './drand.ts';
import { verificarFirmaDrand } from './drand-verificar.ts';
import {
  formaDelValor,
  type TFuenteDados,
  type TFuenteDrand,
  type TFuenteLoteria,
  type TFuenteValorPublico,
} from './fuente-valor-publico.ts';
import { SORTEO_MSG } from './messages.ts';

/*
 * The public value in its one canonical form (docs/decisions/0027): what the draw function uses (0008: the HMAC
 * message `inscripciones-sorteo-v1|<valor>|k|intento`). Every spelling of one throw, one lottery draw or one drand
 * round gives the same string, so an operator who knows the seed has nothing to try; anything that is not the
 * declared form is refused with the reason. The server, the CLI and the browser run this same code.
 */

export type TValorCanonico = { ok: true; valor: string } | { ok: false; message: string };

const refuse = (message: string): TValorCanonico => ({ ok: false, message });

/** Digits of other scripts (after NFKC, which turns fullwidth and circled digits into 0–9). */
const OTHER_DIGITS = /[^\P{N}0-9]/u;

/** The runs of digits of `texto`, or null when it has digits other than 0–9. */
function numeros(texto: string): string[] | null {
  const t = texto.normalize('NFKC');
  if (OTHER_DIGITS.test(t)) return null;
  return t.match(/[0-9]+/g) ?? [];
}

function canonicalDados(fuente: TFuenteDados, texto: string): TValorCanonico {
  const forma = formaDelValor(fuente);
  const runs = numeros(texto);
  if (!runs) return refuse(SORTEO_MSG.valorOtrasCifras(forma));
  const bad = runs.find((run) => !/^[1-6]$/.test(run));
  if (bad !== undefined) return refuse(SORTEO_MSG.valorDadoFueraDeRango(bad, forma));
  if (runs.length !== fuente.cantidad) return refuse(SORTEO_MSG.valorCantidad(runs.length, fuente.cantidad, forma));
  return {
    ok: true,
    valor: `dados:${runs
      .map(Number)
      .sort((a, b) => a - b)
      .join(',')}`,
  };
}

function canonicalLoteria(fuente: TFuenteLoteria, texto: string): TValorCanonico {
  const forma = formaDelValor(fuente);
  const runs = numeros(texto);
  if (!runs) return refuse(SORTEO_MSG.valorOtrasCifras(forma));
  const bad = runs.find((run) => run.replace(/^0+(?=.)/, '').length > fuente.cifras);
  if (bad !== undefined) return refuse(SORTEO_MSG.valorLoteriaFueraDeRango(bad, fuente.cifras, forma));
  if (runs.length !== fuente.cantidad) return refuse(SORTEO_MSG.valorCantidad(runs.length, fuente.cantidad, forma));
  const sorted = runs.map(Number).sort((a, b) => a - b);
  return { ok: true, valor: `loteria:${sorted.map((n) => String(n).padStart(fuente.cifras, '0')).join(',')}` };
}

const DRAND_PREFIX = 'drand-quicknet:';

function canonicalDrand(fuente: TFuenteDrand, texto: string): TValorCanonico {
  const forma = formaDelValor(fuente);
  let firma = texto.normalize('NFKC').replace(/\s+/g, '');
  // The canonical value itself is accepted too (the CLI re-reads an acta), if it names the declared round.
  const canonical = /^drand-quicknet:([0-9]+):(.*)$/i.exec(firma);
  if (canonical) {
    const ronda = Number(canonical[1]);
    if (ronda !== fuente.ronda) return refuse(SORTEO_MSG.valorDrandOtraRonda(ronda, fuente.ronda));
    firma = canonical[2]!;
  }
  const hex = normalizarFirmaHex(firma);
  if (!hex) return refuse(SORTEO_MSG.valorDrandFormato(forma));
  if (!verificarFirmaDrand(fuente.ronda, hex)) return refuse(SORTEO_MSG.valorDrandNoVerifica(fuente.ronda));
  return { ok: true, valor: `${DRAND_PREFIX}${fuente.ronda}:${hex}` };
}

/**
 * The one canonical value of `texto` in the declared form, or the Spanish reason it is not in that form (for a
 * 400). `fuente` is a parsed declaration. Canonical forms (docs/decisions/0027):
 * - dados: `dados:` and the faces in ascending order, joined by commas (`dados:3,5,6`): a throw is a multiset;
 * - loteria: `loteria:` and the numbers in ascending order, each zero-padded to `cifras` digits, joined by
 *   commas (`loteria:045,123,999`);
 * - drand: `drand-quicknet:<ronda>:<firma>`, the signature as 96 lowercase hex digits, verified.
 * Canonicalising a canonical value gives it back.
 */
export function canonicalizarValor(fuente: TFuenteValorPublico, texto: string): TValorCanonico {
  if (!/[^\s]/u.test(texto)) return refuse(SORTEO_MSG.valorVacio(formaDelValor(fuente)));
  switch (fuente.tipo) {
    case 'dados':
      return canonicalDados(fuente, texto);
    case 'loteria':
      return canonicalLoteria(fuente, texto);
    case 'drand':
      return canonicalDrand(fuente, texto);
  }
}
