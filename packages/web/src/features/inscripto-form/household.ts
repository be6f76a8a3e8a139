import type { FormValues } from './form-values.ts';

/**
 * SPEC 2: "Opening section 4 auto-ticks the household member matching parentesco (madre, padre, abuelo, ...)
 * once, if none is set." The parentesco values are those of options.ts (PARENTESCO_VALUES), whose first
 * values name the household members (see its comment). An adult relative who is not a parent or
 * grandparent (tío, tía, an adult brother or sister, a legal guardian, someone else) counts as one
 * "otros adultos".
 *
 * This mapping is a form convenience, not a rule the server checks; it would move to
 * packages/shared/src/inscriptos if another client needed it.
 */
type HouseholdTick = Partial<
  Pick<FormValues, 'madre' | 'padre' | 'madrastra' | 'padrastro' | 'abuelos' | 'abuelas' | 'otrosAdultos'>
>;

const TICKS: Readonly<Record<string, HouseholdTick>> = {
  madre: { madre: true },
  padre: { padre: true },
  madrastra: { madrastra: true },
  padrastro: { padrastro: true },
  abuelo: { abuelos: '1' },
  abuela: { abuelas: '1' },
  tio: { otrosAdultos: '1' },
  tia: { otrosAdultos: '1' },
  hermano: { otrosAdultos: '1' },
  hermana: { otrosAdultos: '1' },
  tutor: { otrosAdultos: '1' },
  otro: { otrosAdultos: '1' },
};

/** True when any household member is already answered (a box ticked or a count chosen, even 0). */
function householdSet(values: FormValues): boolean {
  return (
    values.madre ||
    values.padre ||
    values.madrastra ||
    values.padrastro ||
    values.abuelos !== '' ||
    values.abuelas !== '' ||
    values.otrosAdultos !== ''
  );
}

/** What to tick for this parentesco, or null when nothing applies or the household is already set. */
export function householdTick(values: FormValues): HouseholdTick | null {
  if (householdSet(values)) return null;
  return TICKS[values.parentesco] ?? null;
}
