/**
 * Counts written for people, in Spanish: "1 inscripción", "118 inscripciones", "0 registros". Every text that
 * prints a count takes its word from here, so none says "118 inscripciónes" or "1 registros importados".
 *
 * Only 1 is singular (0 and 2 or more are plural, as Spanish says them). A single word gets its plural by
 * the spelling rules (`pluralDe`); a phrase whose words all change ("registro importado") passes its plural.
 */

/** The plural of one Spanish word: vowel + s, consonant + es, z → ces, and the accent of -ión/-én/-ás… dropped. */
export function pluralDe(palabra: string): string {
  if (palabra === '') return palabra;
  // An accented last syllable closed by n or s loses its accent: inscripción → inscripciones, inglés → ingleses.
  const aguda = /([áéíóú])([ns])$/.exec(palabra);
  if (aguda) {
    const sinTilde = { á: 'a', é: 'e', í: 'i', ó: 'o', ú: 'u' }[aguda[1] as 'á' | 'é' | 'í' | 'ó' | 'ú'];
    return `${palabra.slice(0, -2)}${sinTilde}${aguda[2]}es`;
  }
  if (/z$/.test(palabra)) return `${palabra.slice(0, -1)}ces`;
  // An unaccented final s or x stays (lunes, crisis, tórax).
  if (/[sx]$/.test(palabra)) return palabra;
  if (/[aeiouáéó]$/i.test(palabra)) return `${palabra}s`;
  return `${palabra}es`;
}

/** The singular for 1, the plural otherwise (given, or `pluralDe` of a single word). */
export function plural(n: number, singular: string, plurales: string = pluralDe(singular)): string {
  return n === 1 ? singular : plurales;
}

/** "1 inscripción", "118 inscripciones": the number and its word. */
export function cuenta(n: number, singular: string, plurales?: string): string {
  return `${n} ${plural(n, singular, plurales)}`;
}
