import type { FieldError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_FIELDS, SECTION_NUMBERS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { cuenta, plural } from '@inscripciones/shared/plural.ts';
import type { SectionBlockers } from './form-section.tsx';

/**
 * The state of each section for the stepper, from the shared rules only: what blocks
 * its "Siguiente" (sections.ts) and the completeness items that live in it (completeness.ts). A section is
 * "open" while the user edits it, "done" when neither finds anything, "missing" otherwise. The official
 * ("Inscripción realizada por") sits above the sections and is not counted in any.
 */
export type SectionStatus = 'done' | 'missing' | 'open';

export interface SectionState {
  section: SectionNumber;
  status: SectionStatus;
  /** Distinct fields the rules name in this section (0 when done). */
  problems: number;
}

const SECTION_OF: ReadonlyMap<string, SectionNumber> = new Map(INSCRIPTO_FIELDS.map((f) => [f.name, f.section]));

/** "hermanosInscriben.0.ci" lives in the section of hermanosInscriben. */
export const sectionOfField = (field: string): SectionNumber | undefined => SECTION_OF.get(field.split('.')[0] ?? '');

export function sectionStates(
  blockersOf: (section: SectionNumber) => SectionBlockers,
  completenessMissing: readonly FieldError[],
  open: SectionNumber | null,
): SectionState[] {
  return SECTION_NUMBERS.map((section) => {
    const { missing, errors } = blockersOf(section);
    const inSection = completenessMissing.filter((f) => sectionOfField(f.field) === section);
    const problems = new Set([...missing, ...errors, ...inSection].map((f) => f.field)).size;
    const status: SectionStatus = section === open ? 'open' : problems === 0 ? 'done' : 'missing';
    return { section, status, problems };
  });
}

export const STATUS_TEXT: Readonly<Record<SectionStatus, (problems: number) => string>> = {
  done: () => 'completa',
  missing: (n) => `${plural(n, 'falta', 'faltan')} ${cuenta(n, 'dato')}`,
  open: () => 'abierta',
};
