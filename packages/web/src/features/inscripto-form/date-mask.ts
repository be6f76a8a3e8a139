/**
 * The DD/MM/YYYY mask of the birth date: digits fill day, month and year, and the
 * slash appears as soon as the next part has a digit, so "14052020" reads "14/05/2020" and backspace
 * over a slash is not undone. A slash typed after one digit pads it ("1/5/2020" → "01/05/2020");
 * anything else is dropped.
 */
export function maskDateDMY(text: string): string {
  const sizes = [2, 2, 4] as const;
  const parts = ['', '', ''];
  let part = 0;
  for (const char of text) {
    if (char === '/') {
      // A slash closes a started day or month; a stray one (empty part, or in the year) is dropped.
      if (part < 2 && parts[part] !== '') {
        parts[part] = parts[part]!.padStart(2, '0');
        part += 1;
      }
      continue;
    }
    if (!/\d/.test(char)) continue;
    if (parts[part]!.length === sizes[part]) {
      if (part === 2) break;
      part += 1;
    }
    parts[part] += char;
  }
  // Parts up to the current one: a typed slash has already opened the next (empty) part.
  return parts.slice(0, part + 1).join('/');
}
