import { FIELD_LABELS, INSCRIPTO_FIELDS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { ciError } from '@inscripciones/shared/inscriptos/ci.ts';
import {
  NIVEL_EDUCATIVO_RULE_LABEL,
  sectionBlockers,
  sectionMissing,
  siblingCiLabel,
} from '@inscripciones/shared/inscriptos/sections.ts';
import { MSG } from '@inscripciones/shared/messages.ts';
import { rulesInput, type FormValues } from './form-values.ts';

/**
 * The web side of the shared rules: which fields to mark required, which field a missing label names,
 * and what blocks "Siguiente". Nothing here decides a rule; it only asks sections.ts and completeness.ts.
 */

const SECTION_OF: ReadonlyMap<string, SectionNumber> = new Map(INSCRIPTO_FIELDS.map((f) => [f.name, f.section]));
const NAME_OF_LABEL: ReadonlyMap<string, string> = new Map([
  ...INSCRIPTO_FIELDS.map((f) => [f.label, f.name] as const),
  [FIELD_LABELS.funcionario!, 'funcionario'] as const,
]);
const CANDIDATES = [...INSCRIPTO_FIELDS.map((f) => f.name), 'funcionario'];

function blank(values: FormValues, name: string): FormValues {
  const current = (values as unknown as Record<string, unknown>)[name];
  const empty = Array.isArray(current) ? [] : typeof current === 'boolean' ? false : '';
  return { ...values, [name]: empty };
}

/**
 * The fields required now (to advance or to finalise): a field is required when leaving it empty would
 * put its label in the section's missing list or in the completeness list. Conditional requirements
 * (barrio "otro", a ticked centre, a car...) follow the current values.
 */
export function requiredFields(values: FormValues, today: Date): ReadonlySet<string> {
  const required = new Set<string>();
  for (const name of CANDIDATES) {
    const label = FIELD_LABELS[name];
    if (!label) continue;
    const data = rulesInput(blank(values, name));
    const section = SECTION_OF.get(name);
    if (
      (section !== undefined && sectionMissing(section, data, today).includes(label)) ||
      missingForCompleteness(data).includes(label)
    ) {
      required.add(name);
    }
  }
  return required;
}

/** Field names (form paths) and messages for a list of missing labels. */
export function missingFields(values: FormValues, labels: readonly string[]): { name: string; message: string }[] {
  return labels.flatMap((label) => {
    if (label === NIVEL_EDUCATIVO_RULE_LABEL) {
      return ['nivelEducativoMadre', 'nivelEducativoPadre'].map((name) => ({ name, message: label }));
    }
    const sibling = values.hermanosInscriben.findIndex((_, i) => siblingCiLabel(i + 1) === label);
    if (sibling >= 0) {
      const message = ciError(values.hermanosInscriben[sibling]?.ci) ?? MSG.validation.required;
      return [{ name: `hermanosInscriben.${sibling}.ci`, message }];
    }
    const name = NAME_OF_LABEL.get(label);
    return name ? [{ name, message: MSG.validation.required }] : [];
  });
}

/** SPEC 4/5: what blocks "Siguiente" in a section, plus a CI another enrolment already has (section 1). */
export function blockersOf(
  section: SectionNumber,
  values: FormValues,
  today: Date,
  ciDuplicate: string | null,
): { missing: string[]; errors: string[] } {
  const { missing, errors } = sectionBlockers(section, rulesInput(values), today);
  if (section === 1 && ciDuplicate) errors.push(ciDuplicate);
  return { missing, errors };
}
