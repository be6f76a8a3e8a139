import type { Page } from '@playwright/test';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/** SPEC's own texts in tú: they stay as SPEC writes them (docs/ux.md, "Voseo"). */
const SPEC_TU = [
  INSCRIPTO_MSG.noEditPermission,
  INSCRIPTO_MSG.noDeletePermission,
  INSCRIPTO_MSG.importNoFile,
  INSCRIPTO_MSG.importWrongType,
  USER_MSG.noAccess,
  AUTH_MSG.forbidden,
];

/** What the season's walk found on screen: tú beside vos, the old placeholder, a misspelt or a wrong plural. */
const SLIPS: [string, RegExp][] = [
  ['tú en lugar de vos', /\b(tienes|puedes|debes|quieres|necesitas|sabes|eliges)\b/gi],
  ['el marcador viejo', /\bSeleccione\b/g],
  ['plural con tilde', /\p{L}+ciónes\b/gu],
  [
    '1 en plural',
    /(?<![\d.,/-])1 (inscripciones|registros|niños y niñas|sorteos|accesos|usuarios|hermanos|ofertas|suplentes)\b/g,
  ],
];

/** The slips in the page's text, options of its lists included, as "kind: «text»" lines. */
export async function wordingSlips(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => {
    const options = Array.from(document.querySelectorAll('option')).map((o) => o.textContent ?? '');
    return [document.body.innerText, ...options].join('\n');
  });
  const cleaned = SPEC_TU.reduce((t, spec) => t.split(spec).join(''), text);
  return SLIPS.flatMap(([kind, re]) => [...cleaned.matchAll(re)].map((m) => `${kind}: «${m[0]}»`));
}
