import { CI_MIN_NUMBER, ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { MENORES_VALUES, OTROS_VALUES, TOTAL_INTEGRANTES_VALUES } from '@inscripciones/shared/inscriptos/options.ts';
import { NOMBRES_F, NOMBRES_M } from './pools.ts';
import type { Rng } from './random.ts';

/** What every part of the generator shares: its state, the child it is writing, and small value makers. */

export type Sexo = 'M' | 'F';
export type Section = TInscriptoData;

export interface Context {
  r: Rng;
  year: number;
  today: Date;
  usernames: readonly string[];
  nextCi: () => string;
}

export interface Child {
  nombre1: string;
  nombre2: string | undefined;
  sexo: Sexo | 'Otro';
  ci: string;
}

const CI_SPACE = 10_000_000 - CI_MIN_NUMBER;
/** Coprime with CI_SPACE (2^8 · 5^6): stepping by it visits every 7-digit number once, in scattered order. */
const CI_STRIDE = 1_234_567;

/** Unique valid CIs: 7 digits ≥ 6.000.000 and the right check digit, skipping those already taken. */
export function ciSource(r: Rng, isTaken: (ci: string) => boolean): () => string {
  const offset = r.int(0, CI_SPACE - 1);
  let k = 0;
  return () => {
    while (k < CI_SPACE) {
      const first7 = String(CI_MIN_NUMBER + ((offset + k++ * CI_STRIDE) % CI_SPACE));
      const ci = `${first7}${ciCheckDigit(first7)}`;
      if (!isTaken(ci)) return ci;
    }
    throw new Error('No quedan cédulas libres para generar');
  };
}

export const fullName = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
export const firstName = (r: Rng, sexo: Sexo | 'Otro') =>
  r.pick(sexo === 'M' ? NOMBRES_M : sexo === 'F' ? NOMBRES_F : r.pick([NOMBRES_M, NOMBRES_F]));
export const phone = (r: Rng, prefix: string, digits: number) =>
  prefix + String(r.int(0, 10 ** digits - 1)).padStart(digits, '0');
/** '85.000': the way families write it and the schema accepts it. */
export const pesos = (amount: number) => String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
/** Counts as the form stores them: '0'…'9', '10+'; 'masde4' and 'masde7' past the top of their lists. */
export const otros = (n: number) => OTROS_VALUES[Math.min(n, OTROS_VALUES.length - 1)]!;
export const menores = (n: number) => MENORES_VALUES[Math.min(n, MENORES_VALUES.length - 1)]!;
export const integrantes = (n: number) => TOTAL_INTEGRANTES_VALUES[Math.min(n, TOTAL_INTEGRANTES_VALUES.length) - 1]!;
