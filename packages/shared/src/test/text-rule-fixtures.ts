/**
 * For tests: one character of each class the text rule refuses in every field, with the words its message
 * uses. Tests put each one inside a value ("Ana" + character + "Bel") of every text field.
 */
export const FORBIDDEN_SAMPLES = {
  NUL: ['\u0000', 'carácter de control invisible (U+0000)'],
  ESC: ['\u001b', 'carácter de control invisible (U+001B)'],
  BEL: ['\u0007', 'carácter de control invisible (U+0007)'],
  DEL: ['\u007f', 'carácter de control invisible (U+007F)'],
  'C1 (NEL)': ['\u0085', 'carácter de control invisible (U+0085)'],
  RLO: ['\u202e', 'cambia la dirección del texto (U+202E)'],
  PDI: ['\u2069', 'cambia la dirección del texto (U+2069)'],
  LRI: ['\u2066', 'cambia la dirección del texto (U+2066)'],
  RLM: ['\u200f', 'cambia la dirección del texto (U+200F)'],
  ALM: ['\u061c', 'cambia la dirección del texto (U+061C)'],
  'lone high surrogate': ['\ud800', 'carácter incompleto (U+D800)'],
  'lone low surrogate': ['\udc00', 'carácter incompleto (U+DC00)'],
} as const;
