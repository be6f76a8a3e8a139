/**
 * Text as pdfkit's standard fonts can draw it. Helvetica encodes WinAnsi only: any other character comes
 * out as an unrelated glyph pair ("❌" printed "'L"). The error mark and its kin become "×", which every
 * PDF viewer draws; any other character outside WinAnsi (an emoji typed in a field)
 * becomes "?", as a viewer without the glyph would show it, instead of letters that were never typed.
 */
const CROSS_MARKS = /[\u274C\u2716\u2717\u2718\u274E\u2A2F]/gu;

/** The 0x80–0x9F code points of WinAnsi that are not Latin-1. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

function drawable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (
    code === 0x09 ||
    code === 0x0a ||
    code === 0x0d ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRA.includes(ch)
  );
}

/** Zero-width joiner and variation selectors: parts of an emoji sequence, never shown alone. */
const JOINERS = new Set(['\u200D', '\uFE0E', '\uFE0F']);

export function pdfText(text: string): string {
  const marked = text.replace(CROSS_MARKS, '×');
  if ([...marked].every(drawable)) return marked;
  // Emoji sequences (ZWJ, variation selectors, skin tones) collapse to one "?".
  return [...marked]
    .map((ch) => (drawable(ch) ? ch : JOINERS.has(ch) || /\p{Emoji_Modifier}/u.test(ch) ? '' : '?'))
    .join('');
}
