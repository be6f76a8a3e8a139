import { useCallback, useRef, useState } from 'react';
import { SECTION_NUMBERS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { sectionBodyId } from './form-section.tsx';
import { fieldId } from './form-ui.ts';

/** SPEC 9: an opened section scrolls into view 150 ms later, 80 px below the top. */
const SCROLL_DELAY_MS = 150;
const SCROLL_OFFSET_PX = 80;

type Elements<E> = Map<SectionNumber, E>;

/** A callback ref that keeps one element per section. */
function keep<E>(map: Elements<E>, section: SectionNumber) {
  return (el: E | null) => {
    if (el) map.set(section, el);
    else map.delete(section);
  };
}

/**
 * Which section is open (one at a time, SPEC 2), opening the next after a save, and where the focus and
 * the scroll go: an opened section's header, or the first problem of a section that cannot advance.
 */
export function useSectionNavigation(idPrefix: string, initialOpen: SectionNumber | null | undefined, isNew: boolean) {
  const [open, setOpen] = useState<SectionNumber | null>(() => {
    if (initialOpen !== undefined && initialOpen !== null) return initialOpen;
    return isNew ? 1 : null;
  });
  const headers = useRef<Elements<HTMLButtonElement>>(new Map());
  const messages = useRef<Elements<HTMLDivElement>>(new Map());

  const scrollToSection = useCallback((section: SectionNumber) => {
    window.setTimeout(() => {
      const header = headers.current.get(section);
      if (!header) return;
      const top = header.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo?.({ top, behavior: smooth ? 'smooth' : 'auto' });
    }, SCROLL_DELAY_MS);
  }, []);

  /** Focus (without a jump) and scroll to a section's header: after a create moved to the record's page. */
  const reveal = useCallback(
    (section: SectionNumber) => {
      headers.current.get(section)?.focus({ preventScroll: true });
      scrollToSection(section);
    },
    [scrollToSection],
  );

  const toggle = (section: SectionNumber) => {
    if (open === section) {
      setOpen(null);
      return;
    }
    setOpen(section);
    scrollToSection(section);
  };

  /** Open a section from the stepper (never closes it), focus its header and bring it into view. */
  const go = (section: SectionNumber) => {
    setOpen(section);
    reveal(section);
  };

  const openNext = (section: SectionNumber) => {
    const next = SECTION_NUMBERS.find((n) => n > section) ?? null;
    setOpen(next);
    headers.current.get(next ?? section)?.focus({ preventScroll: true });
    if (next) scrollToSection(next);
  };

  /** Focus the first input named by a blocker of the section (or its message when none is an input). */
  const focusFirstProblem = (section: SectionNumber, name: string | undefined) => {
    window.setTimeout(() => {
      const body = document.getElementById(sectionBodyId(idPrefix, section));
      const target =
        (name && body?.querySelector<HTMLElement>(`[name="${name}"]:not([disabled])`)) ||
        document.getElementById(fieldId(idPrefix, name ?? '')) ||
        messages.current.get(section);
      target?.focus();
    }, 0);
  };

  const refs = (section: SectionNumber) => ({
    headerRef: keep(headers.current, section),
    messageRef: keep(messages.current, section),
  });

  return { open, toggle, go, openNext, reveal, focusFirstProblem, refs };
}

/** The next section after `section`, if any. */
export const nextSection = (section: SectionNumber | null): SectionNumber | undefined =>
  section === null ? undefined : SECTION_NUMBERS.find((n) => n > section);
