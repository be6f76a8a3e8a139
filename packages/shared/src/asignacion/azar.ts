import { DRAW_DOMAIN, hmacSourceJs } from '../sorteo/draw-source.ts';
import { shuffle, type RandomSource } from '../sorteo/plan.ts';

/**
 * The network raffle (docs/decisions/0028 "Número al azar"): one random number per application, so a sibling
 * group shares one (single tie-breaking, at the family level). The applications' numbers in ascending order
 * are shuffled once with the school raffle's Fisher–Yates and random source (0008); the application at
 * position i (0-based) of the shuffled order gets `azar` = i + 1. Lower is better.
 */
export function sortearAzar(numeros: readonly number[], rng: RandomSource): Map<number, number> {
  const ordered = [...numeros].sort((a, b) => a - b);
  const azar = new Map<number, number>();
  shuffle(ordered, rng).forEach((numero, i) => azar.set(numero, i + 1));
  return azar;
}

/** The same draw with the raffle's HMAC source from the revealed seed and the public value (the verifier's). */
export function azarDelSorteo(numeros: readonly number[], semilla: string, valorPublico: string): Map<number, number> {
  return sortearAzar(numeros, hmacSourceJs(semilla, valorPublico));
}

/** The draw in words, as the acta prints it (`funcion`). */
export const FUNCION_AZAR =
  'uniform(n), k-ésima llamada (k = 0, 1, 2, …): x = HMAC-SHA256(clave = los 32 bytes de la semilla, ' +
  `mensaje = UTF-8 de "${DRAW_DOMAIN}|" + valorPublico + "|" + k + "|" + intento), leído como entero de 256 bits ` +
  'big-endian; intento empieza en 0; si x < floor(2^256 / n) · n el resultado es x mod n, si no se repite con ' +
  'intento + 1. Una sola mezcla de Fisher–Yates desde el final (i = m-1 … 1, j = uniform(i + 1)) de los números ' +
  'de las postulaciones en orden ascendente; la postulación en el lugar i (desde 0) de la mezcla tiene azar i + 1. ' +
  'compromiso = SHA-256 de los 32 bytes de la semilla; listaHash = SHA-256 del JSON canónico de las escuelas y ' +
  'las postulaciones sin azar (decisión 0028).';
