import type { FieldError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_FIELDS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { finding, inputsOf, sectionBlockers, sectionMissing } from '@inscripciones/shared/inscriptos/sections.ts';
import { rulesInput, type FormValues } from './form-values.ts';

/**
 * The web side of the shared rules: which fields to mark required, which inputs a finding names, and what
 * blocks "Siguiente". Nothing here decides a rule; it only asks sections.ts and completeness.ts, whose
 * findings name the server's field (the form's inputs carry the same names and paths).
 */

const SECTION_OF: ReadonlyMap<string, SectionNumber> = new Map(INSCRIPTO_FIELDS.map((f) => [f.name, f.section]));
const CANDIDATES = [...INSCRIPTO_FIELDS.map((f) => f.name), 'funcionario'];

function blank(values: FormValues, name: string): FormValues {
  const current = (values as unknown as Record<string, unknown>)[name];
  const empty = Array.isArray(current) ? [] : typeof current === 'boolean' ? false : '';
  return { ...values, [name]: empty };
}

/** A finding that makes exactly this input required (an either-or rule makes neither one required). */
const names = (findings: readonly FieldError[], name: string) =>
  findings.some((f) => inputsOf(f).length === 1 && f.field === name);

/**
 * The fields required now (to advance or to finalise): a field is required when leaving it empty would
 * put it in the section's missing list or in the completeness list. Conditional requirements (barrio
 * "otro", a ticked centre, a car...) follow the current values.
 */
export function requiredFields(values: FormValues, today: Date): ReadonlySet<string> {
  const required = new Set<string>();
  for (const name of CANDIDATES) {
    const data = rulesInput(blank(values, name));
    const section = SECTION_OF.get(name);
    if (
      (section !== undefined && names(sectionMissing(section, data, today), name)) ||
      names(missingForCompleteness(data), name)
    ) {
      required.add(name);
    }
  }
  return required;
}

/** The inputs (form paths) to mark, with their messages, for a list of findings. */
export function markedFields(findings: readonly FieldError[]): { name: string; message: string }[] {
  return findings.flatMap((f) => inputsOf(f).map((name) => ({ name, message: f.message })));
}

/** SPEC 4/5: what blocks "Siguiente" in a section, plus a CI another enrolment already has (section 1). */
export function blockersOf(
  section: SectionNumber,
  values: FormValues,
  today: Date,
  ciDuplicate: string | null,
): { missing: FieldError[]; errors: FieldError[] } {
  const { missing, errors } = sectionBlockers(section, rulesInput(values), today);
  if (section === 1 && ciDuplicate) errors.push(finding('ci', ciDuplicate));
  return { missing, errors };
}
