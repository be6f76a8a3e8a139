import { ZInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { INSCRIPTO_FIELDS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';

/**
 * The form's checks in the browser, with the same shared schema and rules the server applies: each field's
 * message, and the part of the form that can be saved now (a field with an error waits until it is fixed,
 * so the rest of the draft is never held back by it).
 */
export function validar(todo: Record<string, unknown>, hoy: Date) {
  // The ranked schools are not one of the form's fields: the server checks them against the network.
  const { preferencias, ...datos } = todo;
  const errores: Record<string, string> = {};
  const r = ZInscriptoData.safeParse(datos);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const campo = String(issue.path[0] ?? '');
      if (campo && !errores[campo]) errores[campo] = issue.message;
    }
  }
  const validos = Object.fromEntries(Object.entries(datos).filter(([k]) => !(k in errores)));
  for (const e of ruleErrors(validos, hoy)) {
    const campo = e.field.split('.')[0]!;
    if (!errores[campo]) errores[campo] = e.message;
  }
  const guardable = Object.fromEntries(Object.entries(datos).filter(([k]) => !(k in errores)));
  return { errores, guardable: preferencias === undefined ? guardable : { ...guardable, preferencias } };
}

/** The section a missing field is in (documents: none). */
export const seccionDe = (campo: string): SectionNumber | null =>
  INSCRIPTO_FIELDS.find((f) => f.name === campo)?.section ?? null;
