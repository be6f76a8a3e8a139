import type { FieldError } from '../errors.ts';
import { normalizeBoolean } from './normalize.ts';
import { ULTIMO_CENTRO_OTRO } from './options.ts';
import { type InscriptoInput, field, isFilled } from './rules-input.ts';
import { educationLevelMissing, finding, ultimoCentroFilled } from './sections.ts';
import { VALIDATION_MSG } from '../messages.ts';

/**
 * SPEC 5 "Mandatory fields for completeness" and SPEC 4: an enrolment is finalizado only when nothing is
 * missing. The missing list names fields with their labels, in the spec's order, with the conditional items
 * in their place in the form:
 *
 *  1. the 24 single fields of the spec's list (from Primer Nombre to Tipo de vehículo); zonaTolerancia is not
 *     required when fueraDeZonaAutorizado is true; ultimoCentro 'Seleccione' counts as empty, and
 *     'Otro centro' adds 'Aclaración de Otro centro';
 *  2. the education-level rule (one item: the other responsible's level, or at least one parent's level);
 *  3. 'Razón para elegir la institución' (at least one);
 *  4. the full check's ultimoAnioCentroEstudios, trabajoFuturo, trabajoFuturoTipo and funcionario.
 *
 * Blank or whitespace-only text counts as empty. Rule errors (an invalid CI, a birth date out of the window)
 * are not completeness: see ruleErrors in sections.ts.
 *
 * Percentage (SPEC 5: "filled items out of (mandatory count + 1), rounded, minimum 0"): MANDATORY_COUNT is
 * the number of single-value items every record is checked for (24 + the education-level rule + the 4 of
 * the full check = 29), and the "+ 1" is the list item (at least one reason). Filled items are that total
 * minus the missing ones: max(0, round((MANDATORY_COUNT + 1 − missing) / (MANDATORY_COUNT + 1) × 100)).
 * It is 100 exactly when the record is complete and 0 for an empty one. 'Aclaración de Otro centro' only
 * applies once ultimoCentro is filled, so it takes that item's place and the missing count never exceeds
 * the total; the minimum of 0 is kept as the spec states it.
 */

type CompletenessInput = InscriptoInput & { readonly funcionario?: string | null };

const missingOne = (name: string) => finding(name, VALIDATION_MSG.required);

/** The always-checked single fields of SPEC 5, in order (zonaTolerancia and ultimoCentro have conditions). */
const SPEC_FIELDS = [
  'nombre1',
  'apellido1',
  'fechaNacimiento',
  'sexo',
  'ci',
  'domicilio',
  'barrio',
  'zonaTolerancia',
  'cel1',
  'inscriptor',
  'parentesco',
  'escuelaAnioActual',
  'escuelaAnioActualExtendido',
  'escuelaUltimo',
  'ultimoCentro',
  'escuelaP',
  'necesidadesEducativas',
  'monoparental',
  'menores',
  'totalIntegrantesHogar',
  'ingresosAclarar',
  'trabajo',
  'vivienda',
  'vehiculo',
] as const;

/** The full check's extra fields (SPEC 5), after the reasons. */
const FULL_CHECK_FIELDS = ['ultimoAnioCentroEstudios', 'trabajoFuturo', 'trabajoFuturoTipo', 'funcionario'] as const;

/** Single-value items every record is checked for: 24 fields + the education-level rule + 4 = 29. */
export const MANDATORY_COUNT = SPEC_FIELDS.length + 1 + FULL_CHECK_FIELDS.length;

/** What is missing for the enrolment to be complete, in order (see above). */
export function missingForCompleteness(data: CompletenessInput): FieldError[] {
  const missing: FieldError[] = [];
  for (const name of SPEC_FIELDS) {
    if (name === 'zonaTolerancia' && normalizeBoolean(field(data, 'fueraDeZonaAutorizado'))) continue;
    const filled = name === 'ultimoCentro' ? ultimoCentroFilled(data) : isFilled(field(data, name));
    if (!filled) missing.push(missingOne(name));
    if (
      name === 'ultimoCentro' &&
      field(data, name) === ULTIMO_CENTRO_OTRO &&
      !isFilled(field(data, 'centroOtroAclarar'))
    )
      missing.push(missingOne('centroOtroAclarar'));
  }
  missing.push(...educationLevelMissing(data));
  if (!isFilled(field(data, 'razonElegirInstitucion'))) missing.push(missingOne('razonElegirInstitucion'));
  for (const name of FULL_CHECK_FIELDS) if (!isFilled(field(data, name))) missing.push(missingOne(name));
  return missing;
}

export function isComplete(data: CompletenessInput): boolean {
  return missingForCompleteness(data).length === 0;
}

/** SPEC 5 completion percentage (see above): 0…100, 100 only when complete. */
export function completionPercent(data: CompletenessInput): number {
  const total = MANDATORY_COUNT + 1;
  const filled = total - missingForCompleteness(data).length;
  return Math.max(0, Math.round((filled / total) * 100));
}
