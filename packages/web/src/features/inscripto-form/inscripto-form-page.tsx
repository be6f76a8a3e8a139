import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import type { PageNoticeState } from '../../lib/page-notice.tsx';
import { InscriptoForm } from './inscripto-form.tsx';
import type { FormNavigationState, QueuedRecord } from './record-meta.ts';
import { useInscripto } from './inscripto-api.ts';
import { inscriptoOutbox, pendingOf, useOutboxView } from './outbox/inscripto-outbox.ts';
import { OutboxBanner } from './outbox/outbox-banner.tsx';
import './inscripto-form.css';
import { duenoDeLaCola } from '../../lib/escuela.ts';

/**
 * /inscriptos/nuevo and /inscriptos/{id} (SPEC 2 "Enrolment form"). An existing record is read fresh
 * before the form shows it (its version is what the next save sends; the query keeps nothing once the page
 * is left), except right after this browser created it, when the saved record is already in the cache.
 * A record with saves waiting in this browser's outbox shows the latest of them instead (decision 0010).
 */
export function InscriptoFormPage() {
  const { user } = useAuth();
  const { id } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const arrival = (location.state ?? {}) as FormNavigationState;

  // The message and open section of an arrival are for that arrival: a reload must not show them again.
  useEffect(() => {
    if (id && location.state) void navigate(location.pathname, { replace: true, state: null });
  }, [id, location.state, location.pathname, navigate]);

  if (!id) {
    // Whoever may not enrol (the guest) goes back to the list, told why, instead of a disabled form.
    if (!can(user, 'inscriptos:create')) {
      const notice: PageNoticeState = { notice: INSCRIPTO_MSG.createNotAllowed };
      return <Navigate to="/inscriptos" replace state={notice} />;
    }
    return <InscriptoForm key={`nuevo-${location.key}`} record={null} />;
  }
  return <ExistingInscripto key={id} id={id} arrival={arrival} />;
}

function ExistingInscripto({ id, arrival: arrivalNow }: { id: string; arrival: FormNavigationState }) {
  const { user } = useAuth();
  const [arrival] = useState(arrivalNow);
  const outboxView = useOutboxView(inscriptoOutbox(), user ? duenoDeLaCola(user) : null);
  const query = useInscripto(id);
  /**
   * Decided once, when the outbox has been read: the latest queued data of this record, or null to show the
   * server's copy. It does not change when the queue empties, so the open form is never replaced.
   */
  const [queued, setQueued] = useState<QueuedRecord | null | undefined>(undefined);
  if (queued === undefined && outboxView.ready) {
    const items = pendingOf(outboxView, id);
    const first = items[0];
    const last = items.at(-1);
    setQueued(
      first && last
        ? {
            recordId: id,
            data: last.payload,
            baseVersion: first.kind === 'create' ? 0 : (first.baseVersion ?? 0),
          }
        : null,
    );
  }

  const flash = {
    initialOpen: arrival.openSection ?? null,
    initialFlash: arrival.flash ?? null,
    initialFlashVariant: arrival.flashVariant,
  };

  if (queued) {
    return <InscriptoForm key={id} record={null} queued={queued} {...flash} />;
  }

  if (queued === undefined) return <Loading />;

  if (query.isError && !query.data) {
    const title = viewTitle(user);
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <title>{`${title} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{title}</h1>
        <Alert variant="danger" role="alert">
          <p className="mb-2">
            {INSCRIPTO_MSG.loadFailed}
            {notFound ? `: ${query.error.message}` : ''}
          </p>
          {!notFound && (
            <Button variant="danger" size="sm" className="me-2" onClick={() => void query.refetch()}>
              Reintentar
            </Button>
          )}
          <Link to="/inscriptos" className="btn btn-secondary btn-sm">
            Volver al listado
          </Link>
        </Alert>
        <OutboxBanner />
      </>
    );
  }

  if (!query.data) return <Loading />;

  return <InscriptoForm key={id} record={query.data as TInscripto} {...flash} />;
}

/** The title before the record is read: "Ver Inscripto" for whoever can only read (the guest). */
const viewTitle = (user: Parameters<typeof can>[0]) =>
  can(user, 'inscriptos:create') ? INSCRIPTO_MSG.titleEdit : INSCRIPTO_MSG.titleView;

function Loading() {
  const { user } = useAuth();
  const title = viewTitle(user);
  return (
    <>
      <title>{`${title} · Inscripciones`}</title>
      <h1 className="h2 mb-3">{title}</h1>
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>Cargando datos del inscripto...</span>
      </div>
    </>
  );
}
