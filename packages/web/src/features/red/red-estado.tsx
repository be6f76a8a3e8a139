import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ApiError } from '../../lib/api-client.ts';

/** The network screens' loading line. */
export function Cargando({ texto }: { texto: string }) {
  return (
    <div className="d-flex align-items-center gap-2" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{texto}</span>
    </div>
  );
}

/** A network screen that could not load: the server's message (or the connection's), and a retry. */
export function ErrorDeCarga({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const mensaje =
    error instanceof ApiError && error.message ? error.message : 'No se pudieron cargar los datos de la red.';
  return (
    <Alert variant="danger" role="alert">
      {mensaje}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
        Reintentar
      </Button>
    </Alert>
  );
}
