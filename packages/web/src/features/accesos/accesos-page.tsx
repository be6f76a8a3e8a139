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
import { ACCESO_MSG } from '@inscripciones/shared/accesos/messages.ts';

const PAGE_SIZE = 20;
const EMPTY = { usuario: '', inscriptoId: '', accion: '', desde: '', hasta: '' };
type Filters = typeof EMPTY;

function queryString(filters: Filters, page: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}

const T = ACCESO_MSG;
/** A filter's column: one row of five from 1200 px, three from 992, two from 576. */
const CAMPO = 'col-12 col-sm-6 col-lg-4 col-xl';

function detalle(a: TAcceso): string {
  if (a.accion !== 'exportar') return '';
  return `${a.detalle ?? ''}${a.cantidad === null ? '' : T.cantidad(a.cantidad)}`;
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
        <title>{`${T.titulo} · Inscripciones`}</title>
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
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 className="h3 mb-3">{T.titulo}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      {/* Five fields in one row from 1200 px, the buttons beside them; fewer per row below (it was 1426 px
          wide at 1366, "Limpiar" cut off). */}
      <Form onSubmit={apply} className="row g-2 align-items-end mb-3" aria-label={T.filtros}>
        <Form.Group className={CAMPO} controlId="accesos-usuario">
          <Form.Label>{T.usuario}</Form.Label>
          <Form.Control value={draft.usuario} onChange={set('usuario')} autoComplete="off" />
        </Form.Group>
        <Form.Group className={CAMPO} controlId="accesos-inscripcion">
          <Form.Label>{T.inscripcion}</Form.Label>
          <Form.Control value={draft.inscriptoId} onChange={set('inscriptoId')} autoComplete="off" />
        </Form.Group>
        <Form.Group className={CAMPO} controlId="accesos-accion">
          <Form.Label>{T.accion}</Form.Label>
          <Form.Select value={draft.accion} onChange={set('accion')}>
            <option value="">{T.todas}</option>
            {ACCESO_ACCIONES.map((a) => (
              <option key={a} value={a}>
                {ACCESO_ACCION_LABELS[a]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className={CAMPO} controlId="accesos-desde">
          <Form.Label>{T.desde}</Form.Label>
          <Form.Control type="date" value={draft.desde} onChange={set('desde')} />
        </Form.Group>
        <Form.Group className={CAMPO} controlId="accesos-hasta">
          <Form.Label>{T.hasta}</Form.Label>
          <Form.Control type="date" value={draft.hasta} onChange={set('hasta')} />
        </Form.Group>
        <div className="col-12 col-lg-auto d-flex gap-2">
          <Button type="submit">{T.filtrar}</Button>
          <Button variant="outline-secondary" onClick={clear}>
            {T.limpiar}
          </Button>
        </div>
      </Form>

      {list.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(list.error, T.cargaFallida)}
        </Alert>
      )}
      {list.isPending && !list.isError && <Spinner animation="border" role="status" aria-label={T.cargando} />}
      {list.data && (
        <>
          <p aria-live="polite">{T.total(list.data.total)}</p>
          {/* A box that scrolls sideways on a phone: focusable, so it can be scrolled with the keyboard. */}
          <div className="table-responsive" tabIndex={0} role="region" aria-label={T.tabla}>
            <Table striped hover size="sm">
              <thead>
                <tr>
                  <th scope="col">{T.columnas.fecha}</th>
                  <th scope="col">{T.columnas.usuario}</th>
                  <th scope="col">{T.columnas.accion}</th>
                  <th scope="col">{T.columnas.inscripcion}</th>
                  <th scope="col">{T.columnas.detalle}</th>
                  <th scope="col">{T.columnas.ip}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((a) => {
                  const { fecha, hora } = fechaHoraMontevideo(a.fecha);
                  return (
                    <tr key={a.id}>
                      <td className="text-nowrap">
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
          <nav aria-label={T.paginas} className="d-flex align-items-center gap-2">
            <Button variant="outline-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {T.anterior}
            </Button>
            <span>{T.pagina(page, pages)}</span>
            <Button variant="outline-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {T.siguiente}
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
