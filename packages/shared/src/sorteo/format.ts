import type { TLista, TMiembro } from './schemas.ts';

/** Raffle numbers are shown with 3 digits (SPEC 9): 7 → "007"; longer numbers are left as they are. */
export function padNumero(numero: number): string {
  return String(numero).padStart(3, '0');
}

/**
 * Initials for the public board when the school hides full names: "Ana María Pérez Gómez" → "A. M. P. G.".
 * Letters keep their accents ("Ángel" → "Á.").
 */
export function iniciales(nombreCompleto: string): string {
  return nombreCompleto
    .split(/[\s-]+/)
    .map((word) => /\p{L}/u.exec(word)?.[0])
    .filter((c): c is string => !!c)
    .map((c) => `${c.toLocaleUpperCase('es')}.`)
    .join(' ');
}

/** The name a unit is announced with: one child's name, or the siblings' names joined ("Ana y Juan Pérez"). */
export function nombreUnidad(miembros: readonly Pick<TMiembro, 'nombreCompleto'>[]): string {
  const names = miembros.map((m) => m.nombreCompleto);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** The sexo letter a list stands for (SPEC 3 says participants are F or M). */
export function sexoDeLista(lista: TLista): 'F' | 'M' {
  return lista === 'nenas' ? 'F' : 'M';
}
