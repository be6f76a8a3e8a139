/**
 * Text as search compares it: lower case, without accents or diacritics (á → a, ñ → n, ü → u),
 * single spaces. The server stores names in this form and normalises queries the same way, so
 * "Martinez" finds "Martínez" and "MUÑOZ" finds "Muñoz".
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
