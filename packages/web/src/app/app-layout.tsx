import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigationType } from 'react-router';
import { AnnouncerProvider } from '../lib/announcer.tsx';
import { useAuth } from '../lib/auth-context.tsx';
import { SkipLinks } from '../lib/skip-links.tsx';
import { MOBILE_QUERY, useIsMobile } from '../lib/use-media-query.ts';
import { Sidebar } from './sidebar.tsx';

const SIDEBAR_ID = 'menu-lateral';
const MAIN_ID = 'contenido-principal';

/**
 * Logged-in pages: sidebar plus main content. On mobile (<= 768 px) the sidebar sits behind a toggle;
 * it closes on navigation, on Escape and when the window grows past the breakpoint.
 */
export function AppLayout() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  // The menu is open for one path only, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = isMobile && openOn === pathname;
  const navigationType = useNavigationType();

  // Saves queued offline are sent on any page after login, not only when a form opens (decision 0010).
  useEffect(() => {
    void import('../features/inscripto-form/outbox/inscripto-outbox.ts').then((m) => m.inscriptoOutbox());
  }, []);

  // A new page starts at its top (the list after "Cancelar" came back scrolled as deep as the form was). Back
  // and Forward (POP) leave the scroll to the browser, and a page that replaces its own address keeps it.
  useEffect(() => {
    if (navigationType === 'PUSH') window.scrollTo?.({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, navigationType]);

  useEffect(() => {
    const list = window.matchMedia(MOBILE_QUERY);
    const onChange = () => {
      if (!list.matches) setOpenOn(null);
    };
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        document.getElementById('boton-menu')?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  if (!user) return null;

  const logout = () => {
    void signOut().then(() => navigate('/login', { replace: true }));
  };

  return (
    <div className={`app-shell${isMobile ? ' app-shell--mobile' : ''}`}>
      <SkipLinks mainId={MAIN_ID}>
        {isMobile && (
          <header className="app-topbar">
            <button
              type="button"
              id="boton-menu"
              className="btn btn-outline-light app-topbar__toggle"
              aria-label="Abrir menú"
              aria-expanded={open}
              aria-controls={SIDEBAR_ID}
              onClick={() => setOpenOn(open ? null : pathname)}
            >
              <span className="app-topbar__icon" aria-hidden="true" />
            </button>
            <span className="app-topbar__title">Inscripciones</span>
          </header>
        )}

        <aside id={SIDEBAR_ID} className="app-sidebar" hidden={isMobile && !open}>
          <Sidebar user={user} onNavigate={() => setOpenOn(null)} onLogout={logout} />
        </aside>

        <main id={MAIN_ID} className="app-main" tabIndex={-1}>
          <AnnouncerProvider>
            <Outlet />
          </AnnouncerProvider>
        </main>
      </SkipLinks>
    </div>
  );
}
