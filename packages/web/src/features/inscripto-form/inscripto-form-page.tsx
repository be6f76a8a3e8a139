import { Link, useLocation, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { InscriptoForm, type FormNavigationState } from './inscripto-form.tsx';
import { useInscripto } from './inscripto-api.ts';
import './inscripto-form.css';

/**
 * /inscriptos/nuevo and /inscriptos/{id} (SPEC 2 "Enrolment form"). An existing record is read fresh
 * before the form shows it (its version is what the next save sends; the query keeps nothing once the page
 * is left), except right after this browser created it, when the saved record is already in the cache.
 */
export function InscriptoFormPage() {
  const { id } = useParams();
  const location = useLocation();
  const arrival = (location.state ?? {}) as FormNavigationState;
  const query = useInscripto(id);

  if (!id) {
    return <InscriptoForm key={`nuevo-${location.key}`} record={null} />;
  }

  if (query.isError && !query.data) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <title>{`${INSCRIPTO_MSG.titleEdit} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{INSCRIPTO_MSG.titleEdit}</h1>
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
      </>
    );
  }

  if (!query.data) {
    return (
      <>
        <title>{`${INSCRIPTO_MSG.titleEdit} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{INSCRIPTO_MSG.titleEdit}</h1>
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Cargando datos del inscripto...</span>
        </div>
      </>
    );
  }

  return (
    <InscriptoForm
      key={id}
      record={query.data as TInscripto}
      initialOpen={arrival.openSection ?? null}
      initialFlash={arrival.flash ?? null}
    />
  );
}
