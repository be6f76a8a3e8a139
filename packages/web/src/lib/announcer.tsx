import { createContext, use, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/** How long an announcement stays in the region (then it is emptied, so a reader does not meet it later). */
export const ANNOUNCE_MS = 3000;
/** The region's id (the e2e suite checks what it says). */
export const ANNOUNCER_ID = 'anuncios';

const AnnouncerContext = createContext<(text: string) => void>(() => undefined);

/**
 * One polite live region for the logged-in pages, there from the first render: a screen reader announces
 * what changes inside a region it already knows, not a region that appears with its text (as a newly shown
 * alert does, and it may be missed). It outlives page changes, so a message said just before the page moves
 * (a new enrolment's first save moves to /inscriptos/{id}) is still heard.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [text, setText] = useState('');
  const timers = useRef<number[]>([]);

  const announce = useCallback((message: string) => {
    for (const t of timers.current) window.clearTimeout(t);
    // Emptied first, so the same message twice in a row is announced twice.
    setText('');
    timers.current = [
      window.setTimeout(() => setText(message), 50),
      window.setTimeout(() => setText(''), 50 + ANNOUNCE_MS),
    ];
  }, []);

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  return (
    <AnnouncerContext value={announce}>
      {children}
      <div id={ANNOUNCER_ID} role="status" aria-live="polite" aria-atomic="true" className="visually-hidden">
        {text}
      </div>
    </AnnouncerContext>
  );
}

/** Says a message politely through the page's live region (nothing outside an AnnouncerProvider). */
export function useAnnounce(): (text: string) => void {
  return use(AnnouncerContext);
}
