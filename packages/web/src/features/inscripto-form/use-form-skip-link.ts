import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { useSkipLink } from '../../lib/skip-links.tsx';

/** The form's inputs a user can type in or choose from (not the disabled ones of a read-only form). */
const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled])';

/**
 * The form's skip link, right after the page's own (two Tab presses from the top of the page, where the
 * sidebar's links came first): to the first field the user can fill (the official for an administrator,
 * else the open section's first), or to the sections' headers when there is none (a read-only form, or
 * no section open).
 */
export function useFormSkipLink(rootId: string, readOnly: boolean) {
  useSkipLink({
    id: rootId,
    label: readOnly ? INSCRIPTO_MSG.skipToSections : INSCRIPTO_MSG.skipToFirstField,
    find: () => {
      const root = document.getElementById(rootId);
      if (!root) return null;
      return (
        (readOnly ? null : root.querySelector<HTMLElement>(FIELD)) ??
        root.querySelector<HTMLElement>('.accordion-button') ??
        root
      );
    },
  });
}
