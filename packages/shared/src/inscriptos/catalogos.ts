import { z } from '../zod-es.ts';
import data from './catalogos.json' with { type: 'json' };

/**
 * Option lists the spec leaves "not shown" (SPEC 3): the neighbourhoods and the car makes. They live in
 * catalogos.json so an operator can change them without touching code (the server reads the file at
 * start-up; the web bundles it at build time, so a change needs a restart and a rebuild). The "otro" /
 * "Otro" values are appended here, never in the file. A malformed file stops the process with a Spanish
 * message naming the problem, rather than producing a form with broken lists.
 *
 * Values are stored as written in the file: renaming or removing an entry makes records that hold the old
 * value fail validation on their next save, so prefer adding names to renaming them.
 */

/** Value appended to the neighbourhood list; it makes "barrioOtro" required (SPEC 5, section 2). */
export const BARRIO_OTRO = 'otro';
/** Value appended to the car-make list; it makes "marcaAutoOtroAclarar" required (SPEC 5, section 6). */
export const MARCA_AUTO_OTRO = 'Otro';

function catalogue(name: string, reserved: string) {
  return z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: `catalogos.json: "${name}" tiene un nombre vacío` }),
      {
        error: `catalogos.json: "${name}" debe ser una lista de textos`,
      },
    )
    .min(1, { error: `catalogos.json: "${name}" no puede estar vacía` })
    .refine((list) => new Set(list).size === list.length, {
      error: `catalogos.json: "${name}" tiene nombres repetidos`,
    })
    .refine((list) => !list.some((v) => v.toLowerCase() === reserved.toLowerCase()), {
      error: `catalogos.json: "${name}" no debe incluir "${reserved}" (se agrega automáticamente)`,
    });
}

export const ZCatalogos = z.object({
  barrios: catalogue('barrios', BARRIO_OTRO),
  marcasAuto: catalogue('marcasAuto', MARCA_AUTO_OTRO),
});
export type TCatalogos = z.infer<typeof ZCatalogos>;

/** Validates a catalogue document; throws an Error listing every problem. */
export function parseCatalogos(input: unknown): TCatalogos {
  const result = ZCatalogos.safeParse(input);
  if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join('; '));
  return result.data;
}

const catalogos = parseCatalogos(data);

/** The neighbourhoods of catalogos.json plus 'otro'. */
export const BARRIOS: readonly string[] = Object.freeze([...catalogos.barrios, BARRIO_OTRO]);
/** The car makes of catalogos.json plus 'Otro'. */
export const MARCAS_AUTO: readonly string[] = Object.freeze([...catalogos.marcasAuto, MARCA_AUTO_OTRO]);
