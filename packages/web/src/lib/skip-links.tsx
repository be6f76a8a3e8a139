import { createContext, use, useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';

/** A page's own skip link: where it goes (an element found when followed) and what it says. */
export interface SkipTarget {
  label: string;
  /** The id of the part of the page it leads to (the link's href). */
  id: string;
  /** The element to focus: found when the link is followed, as the page may have changed. */
  find: () => HTMLElement | null;
}

const SkipLinksContext = createContext<(target: SkipTarget | null) => void>(() => undefined);

/**
 * Moves the focus to an element and brings it into view, without changing the address: a "#…" in the URL
 * would be a navigation for the router (a new location key), and the enrolment form is keyed by it.
 */
function follow(event: MouseEvent<HTMLAnchorElement>, find: () => HTMLElement | null) {
  const target = find();
  if (!target) return;
  event.preventDefault();
  // A container (not focusable by itself) takes the focus from a script only.
  if (target.tabIndex < 0 && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * The skip links of the logged-in pages, first in the tab order: "Saltar al contenido principal" always, and
 * right after it the page's own when it has one (the enrolment form's first field: the sidebar's links would
 * otherwise come before it, 14 Tab presses).
 */
export function SkipLinks({ mainId, children }: { mainId: string; children: ReactNode }) {
  const [page, setPage] = useState<SkipTarget | null>(null);
  return (
    <SkipLinksContext value={setPage}>
      <div className="app-skip-links">
        <a
          href={`#${mainId}`}
          className="visually-hidden-focusable app-skip-link"
          onClick={(e) => follow(e, () => document.getElementById(mainId))}
        >
          Saltar al contenido principal
        </a>
        {page && (
          <a
            href={`#${page.id}`}
            className="visually-hidden-focusable app-skip-link"
            onClick={(e) => follow(e, page.find)}
          >
            {page.label}
          </a>
        )}
      </div>
      {children}
    </SkipLinksContext>
  );
}

/** Offers a skip link to part of this page while it is shown (null: none). `find` may change between renders. */
export function useSkipLink(target: SkipTarget | null) {
  const set = use(SkipLinksContext);
  const find = useRef(target?.find);
  useEffect(() => {
    find.current = target?.find;
  });
  const label = target?.label;
  const id = target?.id;
  useEffect(() => {
    if (!label || !id) return;
    set({ label, id, find: () => find.current?.() ?? null });
    return () => set(null);
  }, [set, label, id]);
}
