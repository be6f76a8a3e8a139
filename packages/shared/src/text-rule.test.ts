import { describe, expect, it } from 'vitest';
import { z } from './zod-es.ts';
import { forbiddenCharacter, missingTextRule, safeText, textRuleError } from './text-rule.ts';
import { FORBIDDEN_SAMPLES } from './test/text-rule-fixtures.ts';
import { ZInscriptoCreate, ZInscriptoListQuery, ZCiCheckQuery, ZInscriptoUpdate } from './inscriptos/api-schema.ts';
import { ZInscriptoData } from './inscriptos/inscripto-schema.ts';
import { ZUserCreate, ZUserUpdate } from './users/user-schema.ts';
import { ZLoginRequest } from './auth/auth-schema.ts';
import { ZContenidoUpdate } from './configuracion/contenido-schema.ts';
import { ZSorteoConfirmBody, ZSorteoStartBody, ZValorPublicoBody } from './sorteo/api-schema.ts';

describe('the text rule', () => {
  it.each(Object.entries(FORBIDDEN_SAMPLES))('refuses %s in any field, naming it', (_name, [ch, words]) => {
    for (const multiline of [false, true]) {
      const message = textRuleError('Primer Nombre', `Ana${ch}Bel`, multiline);
      expect(message).toContain('Primer Nombre: tiene un ');
      expect(message).toContain(words);
    }
  });

  it('allows tab and line breaks only in multi-line fields', () => {
    for (const ch of ['\t', '\n', '\r', '\u2028', '\u2029']) {
      expect(textRuleError('Primer Nombre', `Ana${ch}Bel`)).toBe(
        'Primer Nombre: no puede tener saltos de línea ni tabulaciones (es de una sola línea). Borralo y volvé a escribir el texto.',
      );
    }
    expect(textRuleError('Observaciones', 'Primera línea\n\tsegunda\r\ntercera\u2028cuarta', true)).toBeNull();
  });

  it('accepts the text a school writes: accents, ñ, emoji with joiners and skin tones, other scripts, NBSP', () => {
    for (const text of ['Martínez Ñandú', 'Güemes', '👨‍👩‍👧 👍🏽', 'Ольга', 'שלום', 'María\u00a0José', "O'Neill"]) {
      expect(forbiddenCharacter(text), text).toBeNull();
    }
  });

  it('reports the first forbidden character', () => {
    expect(forbiddenCharacter('a\u202eb\u0000')).toEqual({ kind: 'bidi', codePoint: 0x202e });
    expect(forbiddenCharacter('a\udc00\u0000')).toEqual({ kind: 'surrogate', codePoint: 0xdc00 });
  });
});

describe('safeText', () => {
  const nombre = safeText('Primer Nombre').max(5, { error: 'Primer Nombre: como máximo 5' });
  const observaciones = safeText('Observaciones', { multiline: true });

  it('trims first, so pasted whitespace at the ends is dropped rather than refused', () => {
    expect(nombre.parse('\tAna\n')).toBe('Ana');
  });

  it('gives one message per field: the later checks do not run on refused text', () => {
    const r = nombre.safeParse('Ana\u0000Beatriz');
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Primer Nombre: tiene un carácter de control invisible (U+0000) que no se permite. Borralo y volvé a escribir el texto.',
    ]);
  });

  it('stores CR LF, CR and the Unicode separators as LF in multi-line fields', () => {
    expect(observaciones.parse('uno\r\ndos\rtres\u2028cuatro')).toBe('uno\ndos\ntres\ncuatro');
  });

  it('keeps passwords as typed when asked not to trim', () => {
    expect(safeText('Contraseña', { trim: false }).parse(' clave ')).toBe(' clave ');
  });
});

describe('missingTextRule', () => {
  it('finds a free string without the rule wherever it is', () => {
    const schema = z.object({
      a: z.string(),
      b: z.array(z.object({ c: z.string().optional() })),
      d: z.preprocess((v) => v, z.string()),
      e: z.union([z.literal(''), z.string()]),
      ok: safeText('Ok').transform((s) => s.length),
      id: z.uuid(),
      kind: z.enum(['x', 'y']),
    });
    expect(missingTextRule(schema)).toEqual(['a', 'b[].c', 'd', 'e']);
  });

  it.each([
    ['ZInscriptoData', ZInscriptoData],
    ['ZInscriptoCreate', ZInscriptoCreate],
    ['ZInscriptoUpdate', ZInscriptoUpdate],
    ['ZInscriptoListQuery', ZInscriptoListQuery],
    ['ZCiCheckQuery', ZCiCheckQuery],
    ['ZUserCreate', ZUserCreate],
    ['ZUserUpdate', ZUserUpdate],
    ['ZLoginRequest', ZLoginRequest],
    ['ZContenidoUpdate', ZContenidoUpdate],
    ['ZValorPublicoBody', ZValorPublicoBody],
    ['ZSorteoStartBody', ZSorteoStartBody],
    ['ZSorteoConfirmBody', ZSorteoConfirmBody],
  ])('%s: every text field follows the rule', (_name, schema) => {
    expect(missingTextRule(schema)).toEqual([]);
  });
});
