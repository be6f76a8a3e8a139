import { useRef, useState } from 'react';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { InscriptoInput } from '@inscripciones/shared/inscriptos/rules-input.ts';
import { labelsOf, ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';
import { VALIDATION_MSG } from '@inscripciones/shared/messages.ts';

/** The warning under the sections when a finalisation cannot go ahead: a text and, for rule errors, a list. */
export interface FinalizeWarning {
  text: string;
  list?: string[];
}

/**
 * What stops a finalisation before the server is asked (SPEC 4, 5): missing fields, rule errors (and a CI
 * another enrolment has), or saves of this record still waiting in the outbox. Null: ask the server.
 */
export function finalizeBlocker(
  data: InscriptoInput & { funcionario?: string | null },
  now: Date,
  ciDuplicate: string | null,
  waiting: number,
  /** The cycle's intake year, for the label that names a year. */
  anioIngreso: number | null = null,
): FinalizeWarning | null {
  const missing = missingForCompleteness(data);
  if (missing.length > 0) return { text: INSCRIPTO_MSG.cannotFinalize(labelsOf(missing, anioIngreso).join(', ')) };
  const errors = ruleErrors(data, now).map((e) => e.message);
  if (ciDuplicate) errors.push(ciDuplicate);
  if (errors.length > 0) return { text: INSCRIPTO_MSG.finalizeFailed(VALIDATION_MSG.summary), list: errors };
  // Finalising needs the server (it assigns the number): first the queued saves must arrive.
  if (waiting > 0) return { text: OUTBOX_MSG.finalizeWaiting(waiting) };
  return null;
}

/** The finalisation warning and its focus target (a warning the form raises itself takes the focus). */
export function useFinalizeWarning() {
  const [warning, setWarning] = useState<FinalizeWarning | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const raise = (found: FinalizeWarning) => {
    setWarning(found);
    window.setTimeout(() => ref.current?.focus(), 0);
  };
  return { warning, ref, raise, set: setWarning, clear: () => setWarning(null) };
}
