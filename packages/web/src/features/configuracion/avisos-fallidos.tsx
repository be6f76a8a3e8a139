import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ZAvisoList } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { AvisoItem } from '../../lib/aviso-item.tsx';
import '../../lib/avisos.css';

const POR_PAGINA = 20;

/** Configuración › "Avisos que no se pudieron enviar" (decision 0029): every failure, newest first, with Reenviar. */
export function AvisosFallidos() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.avisosFallidos(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/avisos?estado=fallido&page=${page}&pageSize=${POR_PAGINA}`, { schema: ZAvisoList, signal }),
    staleTime: 0,
  });
  const paginas = query.data ? Math.max(1, Math.ceil(query.data.total / POR_PAGINA)) : 1;
  return (
    <section className="card mt-4" aria-labelledby="avisos-fallidos-titulo">
      <div className="card-body">
        <h2 id="avisos-fallidos-titulo" className="h5">
          Avisos que no se pudieron enviar
        </h2>
        {query.isPending && (
          <p className="d-flex align-items-center gap-2 mb-0" role="status">
            <Spinner animation="border" size="sm" aria-hidden="true" />
            Cargando...
          </p>
        )}
        {query.isError && (
          <p className="text-danger mb-0" role="alert">
            No se pudieron cargar los avisos: {errorMessage(query.error, '')}
          </p>
        )}
        {query.isSuccess && query.data.total === 0 && <p className="mb-0">Ningún aviso falló.</p>}
        {query.isSuccess && query.data.total > 0 && (
          <>
            <p>
              {query.data.total === 1 ? '1 aviso falló' : `${query.data.total} avisos fallaron`}. Revisá el destino en
              la inscripción y reenvialo.
            </p>
            <ul className="avisos-lista list-unstyled mb-0">
              {query.data.items.map((a) => (
                <AvisoItem
                  key={a.id}
                  aviso={a}
                  puedeReenviar
                  invalidar={['avisos']}
                  extra={
                    a.inscriptoId && (
                      <p className="small mb-0">
                        <Link to={`/inscriptos/${a.inscriptoId}`}>Ver la inscripción</Link>
                      </p>
                    )
                  }
                />
              ))}
            </ul>
            {paginas > 1 && (
              <div className="d-flex align-items-center gap-2 mt-3">
                <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Anterior
                </Button>
                <span className="small">
                  Página {page} de {paginas}
                </span>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={page >= paginas}
                  onClick={() => setPage(page + 1)}
                >
                  Siguiente
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
