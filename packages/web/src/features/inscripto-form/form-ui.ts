import { createContext, use } from 'react';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import type { FormValues } from './form-values.ts';

/**
 * What the field components need besides react-hook-form: who is looking (read-only, administrator),
 * which fields are required and which are reported missing, and the record being edited.
 */
export interface FormUi {
  readOnly: boolean;
  /** Administrators see "ADMIN: Fuera de zona autorizado" (SPEC 2, 6). */
  canSetFueraDeZona: boolean;
  /** The record's id once it exists (the CI check excludes it). */
  recordId: string | null;
  /** "Today" for the date windows. */
  today: Date;
  /** Prefix of the ids of this form's inputs. */
  idPrefix: string;
  /** The current values (for conditional parts of a section). */
  values: FormValues;
  /** Required to advance or to finalise (marked with *). */
  isRequired: (name: string) => boolean;
  /** The message of a field reported missing by the last "Siguiente" of its section. */
  fieldError: (name: string) => string | undefined;
  /** SPEC 2: section 4 ticks the household member from parentesco only once per form. */
  householdAutoTick: { done: boolean };
  /** The duplicate check of the student's CI. */
  ciCheck: CiCheckState;
  /** Fields the server withheld from this reader (camposReservados): shown as "Dato reservado". */
  reserved?: ReadonlySet<string>;
  /** The record is saved as it is typed now (the possible-duplicate warning stops saying "podés seguir"). */
  guardada?: boolean;
  /** The intake year of the record's cycle ("Educación Inicial …" names the year before); null if unknown. */
  anioIngreso?: number | null;
}

/** Result of the duplicate check of the student's CI (GET /api/inscriptos/verificar-ci). */
export interface CiCheckState {
  /** The server's message when another enrolment has this CI. */
  duplicate: string | null;
  /** The same child in other admission cycles, as information: "Ya se inscribió en Ingresos 2026 (N° 12)". */
  anteriores: string[];
  checking: boolean;
}

export const FormUiContext = createContext<FormUi | null>(null);

export function useFormUi(): FormUi {
  const ui = use(FormUiContext);
  if (!ui) throw new Error('useFormUi must be used inside <FormUiContext>');
  return ui;
}

/** A stable DOM id for a field name ("hermanosInscriben.0.ci" → "…-hermanosInscriben-0-ci"). */
export function fieldId(prefix: string, name: string): string {
  return `${prefix}-${name.replace(/\./g, '-')}`;
}

export function fieldLabel(name: string): string {
  return FIELD_LABELS[name] ?? name;
}
