import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import {
  ACCESO_ACCIONES,
  ACCESO_ACCION_LABELS,
  ZAccesoList,
  type TAcceso,
} from '@inscripciones/shared/accesos/accesos-schema.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { cuenta } from '@inscripciones/shared/plural.ts';

const PAGE_SIZE = 20;
const EMPTY = { usuario: '', inscriptoId: '', accion: '', desde: '', hasta: '' };
type Filters = typeof EMPTY;

function queryString(filters: Filters, page: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}

function detalle(a: TAcceso): string {
  if (a.accion !== 'exportar') return '';
  return `${a.detalle ?? ''}${a.cantidad === null ? '' : ` (${cuenta(a.cantidad, 'inscripción')})`}`;
}

/** /admin/accesos: who read which child's data, exported or looked up a status (docs/privacy.md). */
export function AccesosPage() {
  const { user } = useAuth();
  const allowed = can(user, 'accesos:leer');
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: queryKeys.accesos(filters, page),
    queryFn: ({ signal }) => apiRequest(`/api/accesos?${queryString(filters, page)}`, { schema: ZAccesoList, signal }),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });

  if (!allowed) {
    return (
      <>
        <title>Accesos · Inscripciones</title>
        <Alert variant="danger" role="alert">
          {AUTH_MSG.forbidden}
        </Alert>
      </>
    );
  }

  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const clear = () => {
    setDraft(EMPTY);
    setFilters(EMPTY);
    setPage(1);
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PAGE_SIZE)) : 1;

  return (
    <>
      <title>Accesos · Inscripciones</title>
      <h1 className="h3 mb-3">Accesos</h1>
      <p className="text-body-secondary">
        Quién vio una inscripción, descargó su PDF, exportó inscripciones o consultó un estado, cuándo y desde qué
        dirección.
      </p>
      <Form onSubmit={apply} className="row g-2 align-items-end mb-3" aria-label="Filtros de accesos">
        <Form.Group className="col-12 col-md-2" controlId="accesos-usuario">
          <Form.Label>Usuario</Form.Label>
          <Form.Control value={draft.usuario} onChange={set('usuario')} autoComplete="off" />
        </Form.Group>
        <Form.Group className="col-12 col-md-3" controlId="accesos-inscripcion">
          <Form.Label>Id de la inscripción</Form.Label>
          <Form.Control value={draft.inscriptoId} onChange={set('inscriptoId')} autoComplete="off" />
        </Form.Group>
        <Form.Group className="col-12 col-md-2" controlId="accesos-accion">
          <Form.Label>Acción</Form.Label>
          <Form.Select value={draft.accion} onChange={set('accion')}>
            <option value="">Todas</option>
            {ACCESO_ACCIONES.map((a) => (
              <option key={a} value={a}>
                {ACCESO_ACCION_LABELS[a]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="accesos-desde">
          <Form.Label>Desde</Form.Label>
          <Form.Control type="date" value={draft.desde} onChange={set('desde')} />
        </Form.Group>
        <Form.Group className="col-6 col-md-2" controlId="accesos-hasta">
          <Form.Label>Hasta</Form.Label>
          <Form.Control type="date" value={draft.hasta} onChange={set('hasta')} />
        </Form.Group>
        <div className="col-12 col-md-1 d-flex gap-2">
          <Button type="submit">Filtrar</Button>
          <Button variant="outline-secondary" onClick={clear}>
            Limpiar
          </Button>
        </div>
      </Form>

      {list.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(list.error, 'No se pudieron cargar los accesos.')}
        </Alert>
      )}
      {list.isPending && !list.isError && <Spinner animation="border" role="status" aria-label="Cargando" />}
      {list.data && (
        <>
          <p aria-live="polite">{cuenta(list.data.total, 'acceso')}</p>
          <div className="table-responsive">
            <Table striped hover size="sm">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Usuario</th>
                  <th scope="col">Acción</th>
                  <th scope="col">Inscripción</th>
                  <th scope="col">Detalle</th>
                  <th scope="col">IP</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((a) => {
                  const { fecha, hora } = fechaHoraMontevideo(a.fecha);
                  return (
                    <tr key={a.id}>
                      <td>
                        {fecha} {hora}
                      </td>
                      <td>{a.usuario}</td>
                      <td>{ACCESO_ACCION_LABELS[a.accion]}</td>
                      <td>{a.inscriptoId && <Link to={`/inscriptos/${a.inscriptoId}`}>{a.inscriptoId}</Link>}</td>
                      <td>{detalle(a)}</td>
                      <td>{a.ip}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
          <nav aria-label="Páginas de accesos" className="d-flex align-items-center gap-2">
            <Button variant="outline-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Anterior
            </Button>
            <span>
              Página {page} de {pages}
            </span>
            <Button variant="outline-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Siguiente
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
