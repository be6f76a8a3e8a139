import { use, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ZAuditList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { FormUiContext } from './form-ui.ts';
import { camposText, historyItems } from './record-history.ts';

const HISTORY_MSG = {
  title: 'Historial de cambios',
  show: 'Ver historial',
  hide: 'Ocultar historial',
  loading: 'Cargando historial...',
  empty: 'Esta inscripción no tiene cambios registrados.',
  failed: 'No se pudo cargar el historial',
  retry: 'Reintentar',
} as const;

/**
 * The record's history as a timeline, for administrators (the server allows
 * /historial to them only). Read when opened, fresh each time: it is an audit view, not a form input.
 */
export function RecordHistory({ id }: { id: string }) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: queryKeys.inscriptoHistorial(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}/historial`, { schema: ZAuditList, signal }),
    enabled: open,
    staleTime: 0,
    gcTime: 0,
  });
  const anioIngreso = use(FormUiContext)?.anioIngreso ?? null;
  const items = query.data ? historyItems(query.data, anioIngreso) : [];

  return (
    <section className="record-history card mt-4" aria-labelledby={`${ids}-titulo`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id={`${ids}-titulo`} className="h5 mb-0 me-auto">
            {HISTORY_MSG.title}
          </h2>
          <Button
            size="sm"
            variant="outline-primary"
            aria-expanded={open}
            aria-controls={`${ids}-lista`}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? HISTORY_MSG.hide : HISTORY_MSG.show}
          </Button>
        </div>
        <div id={`${ids}-lista`} hidden={!open}>
          {open && query.isPending && (
            <p className="d-flex align-items-center gap-2 mt-3 mb-0" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" />
              {HISTORY_MSG.loading}
            </p>
          )}
          {open && query.isError && (
            <p className="text-danger mt-3 mb-0" role="alert">
              {HISTORY_MSG.failed}: {errorMessage(query.error, '')}{' '}
              <Button variant="link" className="p-0 align-baseline" onClick={() => void query.refetch()}>
                {HISTORY_MSG.retry}
              </Button>
            </p>
          )}
          {open && query.isSuccess && items.length === 0 && <p className="mt-3 mb-0">{HISTORY_MSG.empty}</p>}
          {items.length > 0 && (
            <ol className="record-history__list mt-3 mb-0">
              {items.map((item) => (
                <li key={item.seq} className="record-history__item">
                  <p className="mb-0">
                    <time dateTime={item.fecha} className="text-body-secondary small d-block">
                      {item.when}
                    </time>
                    <strong>{item.accion}</strong> · {item.usuario}
                  </p>
                  {item.campos.length > 0 && (
                    <p className="small mb-0" title={item.campos.join(', ')}>
                      {camposText(item)}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </section>
  );
}
