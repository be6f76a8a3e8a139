import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ZAvisosDeInscripto } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { AvisoItem } from '../../lib/aviso-item.tsx';
import '../../lib/avisos.css';

/**
 * "Avisos a la familia" on a saved record (decision 0029): every message written for it, newest first, with its
 * channel, masked destination, state, attempts and times; Reenviar for administrators. Never the text.
 */
export function RecordAvisos({ id }: { id: string }) {
  const ids = useId();
  const { user } = useAuth();
  const key = queryKeys.avisosDeInscripto(id);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}/avisos`, { schema: ZAvisosDeInscripto, signal }),
    staleTime: 0,
  });
  return (
    <section className="record-avisos card mt-4" aria-labelledby={`${ids}-titulo`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id={`${ids}-titulo`} className="h5 mb-0 me-auto">
            Avisos a la familia
          </h2>
          <Button size="sm" variant="outline-secondary" onClick={() => void query.refetch()}>
            Actualizar
          </Button>
        </div>
        {query.isPending && (
          <p className="d-flex align-items-center gap-2 mt-3 mb-0" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Cargando avisos...
          </p>
        )}
        {query.isError && (
          <p className="text-danger mt-3 mb-0" role="alert">
            No se pudieron cargar los avisos: {errorMessage(query.error, '')}
          </p>
        )}
        {query.isSuccess && query.data.items.length === 0 && (
          <p className="mt-3 mb-0">
            No se envió ningún aviso: la familia no aceptó recibirlos, o todavía no hubo novedades.
          </p>
        )}
        {query.isSuccess && query.data.items.length > 0 && (
          <ul className="avisos-lista list-unstyled mt-3 mb-0">
            {query.data.items.map((a) => (
              <AvisoItem key={a.id} aviso={a} puedeReenviar={can(user, 'avisos:reenviar')} invalidar={key} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
