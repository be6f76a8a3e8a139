import { z } from './zod-es.ts';

/**
 * The one rule for text people type (docs/decisions/0013): every text field of every schema is built with
 * `safeText`, so none can forget it. Refused, with a Spanish message that names the field:
 * - control characters: C0 (U+0000–U+001F, NUL included), DEL (U+007F) and C1 (U+0080–U+009F);
 * - tab and line breaks (LF, CR, and the Unicode line and paragraph separators U+2028, U+2029), except in
 *   multi-line fields (observaciones and the like), where every line break is stored as LF;
 * - the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the direction
 *   marks (U+200E, U+200F, U+061C): invisible, they reverse or garble names in lists and PDFs, and no text of
 *   a Uruguayan school needs them;
 * - lone surrogates: half a character, which no database stores as it was sent.
 * Everything else is text: accents, ñ, emoji (with their joiners), non-breaking spaces, any script.
 */

/**
 * What the rule refuses in a multi-line field, and in a single-line one (there every C0 control, tab and line
 * breaks included, and the Unicode line separators). With the u flag, \p{Cs} matches only a surrogate without
 * its pair.
 */
const FORBIDDEN_MULTILINE =
  // eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const FORBIDDEN_SINGLE_LINE =
  // eslint-disable-next-line no-control-regex -- control characters are what the rule refuses
  /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\p{Cs}]/u;

type ForbiddenKind = 'line-break' | 'control' | 'bidi' | 'surrogate';

export interface ForbiddenCharacter {
  kind: ForbiddenKind;
  /** The code point, for the message (U+001B). */
  codePoint: number;
}

const LINE_BREAKS = new Set([0x09, 0x0a, 0x0d, 0x2028, 0x2029]);

function kindOf(code: number): ForbiddenKind {
  if (LINE_BREAKS.has(code)) return 'line-break';
  if (code <= 0x9f) return 'control';
  if (code >= 0xd800 && code <= 0xdfff) return 'surrogate';
  return 'bidi';
}

/** The first character the rule refuses in `value`, or null when it is acceptable text. */
export function forbiddenCharacter(value: string, multiline = false): ForbiddenCharacter | null {
  const match = (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN_SINGLE_LINE).exec(value);
  if (!match) return null;
  const codePoint = match[0].charCodeAt(0);
  return { kind: kindOf(codePoint), codePoint };
}

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

const REASONS: Record<ForbiddenKind, (code: string) => string> = {
  'line-break': () => 'no puede tener saltos de línea ni tabulaciones (es de una sola línea)',
  control: (code) => `tiene un carácter de control invisible (${code}) que no se permite`,
  bidi: (code) => `tiene un carácter invisible que cambia la dirección del texto (${code}) y no se permite`,
  surrogate: (code) => `tiene un carácter incompleto (${code}) que no se permite`,
};

/** The Spanish message for `found` in the field `label`: "Primer Nombre: tiene un carácter de control…". */
function textRuleMessage(label: string, found: ForbiddenCharacter): string {
  return `${label}: ${REASONS[found.kind](hex(found.codePoint))}. Borralo y volvé a escribir el texto.`;
}

/** The message when `value` breaks the rule, or null: for text checked outside a schema (import cells). */
export function textRuleError(label: string, value: string, multiline = false): string | null {
  const found = forbiddenCharacter(value, multiline);
  return found ? textRuleMessage(label, found) : null;
}

/** The rule's checks, so `textFields` can tell a string that has it from one that does not. */
const RULE_CHECKS = new WeakSet<object>();

function ruleCheck(label: string, multiline: boolean) {
  const check = z.check<string>((payload) => {
    const found = forbiddenCharacter(payload.value, multiline);
    if (!found) return;
    // continue: false stops the later checks too (length ones run otherwise): one message per field.
    payload.issues.push({
      code: 'custom',
      message: textRuleMessage(label, found),
      input: payload.value,
      continue: false,
    });
  });
  RULE_CHECKS.add(check);
  return check;
}

export interface SafeTextOptions {
  /** Tab and line breaks allowed (a textarea); CR LF, CR, U+2028 and U+2029 are stored as LF. */
  multiline?: boolean;
  /** Leading and trailing whitespace removed first (default); false for passwords. */
  trim?: boolean;
  /** The message when the value is not a string. Default: "{label}: debe ser un texto". */
  error?: string;
}

/**
 * A string schema under the text rule, for a field labelled `label`; chain `.min`, `.max`, `.regex`… on it.
 * Whitespace is trimmed before the rule, so a pasted trailing tab or newline is dropped, not refused.
 */
export function safeText(label: string, options: SafeTextOptions = {}) {
  const { multiline = false, trim = true, error = `${label}: debe ser un texto` } = options;
  let schema = z.string({ error });
  if (trim) schema = schema.trim();
  if (multiline) schema = schema.overwrite((s) => s.replace(/\r\n?|[\u2028\u2029]/g, '\n'));
  return schema.check(ruleCheck(label, multiline));
}

export interface TextField {
  /** Where the string is: `nombre1`, `hermanosInscriben[].nombre` ('' for a schema that is a string). */
  path: string;
  /** Built with safeText. */
  ruled: boolean;
}

/**
 * Every free string inside `schema`, with whether it follows the rule. String formats (uuid, email…) have
 * their own strict pattern and record keys are names matched against known ones: neither is listed.
 */
export function textFields(schema: z.core.$ZodType, path = ''): TextField[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string, at = path) => (def[key] ? textFields(def[key] as z.core.$ZodType, at) : []);
  switch (def.type) {
    case 'string': {
      if ((def as { format?: string }).format) return [];
      const checks = (def.checks ?? []) as object[];
      return [{ path, ruled: checks.some((c) => RULE_CHECKS.has(c)) }];
    }
    case 'object':
      return Object.entries((def as unknown as { shape: Record<string, z.core.$ZodType> }).shape).flatMap(
        ([key, child]) => textFields(child, path ? `${path}.${key}` : key),
      );
    case 'array':
      return inner('element', `${path}[]`);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => textFields(option, path));
    case 'pipe':
      // The output side receives what the input side made; it meets outside text only after a preprocess.
      return (def.in as z.core.$ZodType)._zod.def.type === 'transform' ? inner('out') : inner('in');
    case 'record':
      return inner('valueType');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    default:
      return [];
  }
}

/**
 * The paths of the free strings inside `schema` that lack the rule (empty when none). The server runs it on
 * every route's schema at start-up (lib/validation.ts), so no endpoint can forget the rule.
 */
export function missingTextRule(schema: z.core.$ZodType): string[] {
  return textFields(schema)
    .filter((f) => !f.ruled)
    .map((f) => f.path || '(raíz)');
}
