import { hmacSourceJs } from '../sorteo/draw-source.ts';
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
