import type { TInscriptoData } from './inscripto-schema.ts';
import { isBlank } from './normalize.ts';

/**
 * What the rules accept: a parsed record (TInscriptoData) or the form's raw state, where a field may still
 * be '', null, a digit string or a 'true'/'false' text. The rules never trust the shape.
 */
export type InscriptoInput = { readonly [K in keyof TInscriptoData]?: unknown };

export function field(data: InscriptoInput, name: string): unknown {
  return Object.hasOwn(data, name) ? (data as Record<string, unknown>)[name] : undefined;
}

/** Filled: not null/undefined, not blank or whitespace-only text, not an empty list. */
export function isFilled(value: unknown): boolean {
  return !isBlank(value) && !(Array.isArray(value) && value.length === 0);
}

/** A year given as a number or as digits; anything else → undefined. */
export function toYear(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}
