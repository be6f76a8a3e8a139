import { INSCRIPTO_MSG } from './messages.ts';

/** The CI (cédula de identidad) rules of SPEC 5 "CI" and SPEC 9. */
export const CI_LENGTH = 8;
/** The first 7 digits, read as a number, must not be below this (SPEC 9). */
export const CI_MIN_NUMBER = 6_000_000;
/** Uruguayan check-digit weights for the first 7 digits. */
export const CI_WEIGHTS = [2, 9, 8, 7, 6, 3, 4] as const;

/** Removes dots, hyphens (any dash) and whitespace: "4.567.890-1" → "45678901". */
export function normalizeCi(input: string): string {
  return input.replace(/[.\s\-‐‑‒–—]/g, '');
}

/**
 * The shared validator of SPEC 5: optional (blank → null); after normalizeCi it must be exactly 8 digits,
 * and its first 7 digits must not be below 6.000.000. Returns the blocking message or null. The check digit
 * is not blocking: see ciCheckDigitWarning.
 */
export function ciError(input: string | undefined | null): string | null {
  if (input === undefined || input === null || input.trim() === '') return null;
  const ci = normalizeCi(input);
  if (!/^\d{8}$/.test(ci)) return INSCRIPTO_MSG.ciLength;
  if (Number(ci.slice(0, 7)) < CI_MIN_NUMBER) return INSCRIPTO_MSG.ciMinimum;
  return null;
}

/** For the form field: like ciError, but a blank CI is "La cédula es obligatoria" (SPEC 5, section 1). */
export function ciRequiredError(input: string | undefined | null): string | null {
  if (input === undefined || input === null || input.trim() === '') return INSCRIPTO_MSG.ciRequired;
  return ciError(input);
}

/**
 * Display format X.XXX.XXX-X (SPEC 2, 5): keeps digits only, at most 8, and formats progressively while
 * typing: "4" → "4", "4567" → "4.567", "4567890" → "4.567.890", "45678901" → "4.567.890-1".
 */
export function formatCi(input: string): string {
  // A CI masked for the guest (maskCi) is already in its display format.
  if (input.includes(CI_MASK)) return input;
  const d = input.replace(/\D/g, '').slice(0, CI_LENGTH);
  let out = d.slice(0, 1);
  if (d.length > 1) out += '.' + d.slice(1, 4);
  if (d.length > 4) out += '.' + d.slice(4, 7);
  if (d.length > 7) out += '-' + d.slice(7, 8);
  return out;
}

/** What stands for each hidden digit of a masked CI. */
export const CI_MASK = '•';

/**
 * The CI as the public may see it: its last 3 digits only, in the display format, "1.234.456-7" →
 * "•.•••.•56-7". A document that is not 8 digits (a foreign one) keeps its last 3 characters the same way.
 */
export function maskCi(ci: string): string {
  const d = normalizeCi(ci);
  if (/^\d{8}$/.test(d)) return `${CI_MASK}.${CI_MASK.repeat(3)}.${CI_MASK}${d.slice(5, 7)}-${d[7]}`;
  return d.length > 3 ? CI_MASK.repeat(d.length - 3) + d.slice(-3) : CI_MASK.repeat(3);
}

/**
 * The Uruguayan check digit of the first 7 digits: the sum of each digit times 2,9,8,7,6,3,4, and then
 * (10 − sum mod 10) mod 10. Throws if `first7` is not exactly 7 digits.
 */
export function ciCheckDigit(first7: string): number {
  if (!/^\d{7}$/.test(first7)) throw new Error(`ciCheckDigit: se esperaban 7 dígitos y llegó "${first7}"`);
  const sum = CI_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first7[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * Non-blocking warning: a CI of 8 digits whose last digit is not the Uruguayan check digit. Foreign documents
 * (an Argentine DNI, SPEC 2 "Consultas") are entered in the same field, so this never blocks a save.
 * Anything that is not 8 digits gives null here (ciError reports it).
 */
export function ciCheckDigitWarning(ci: string | undefined | null): string | null {
  if (ci === undefined || ci === null) return null;
  const d = normalizeCi(ci);
  if (!/^\d{8}$/.test(d)) return null;
  return ciCheckDigit(d.slice(0, 7)) === Number(d[7]) ? null : INSCRIPTO_MSG.ciCheckDigit;
}
