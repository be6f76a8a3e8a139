import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { can } from '@inscripciones/shared/permissions.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { DUPLICADOS_POR_PAGINA, useDuplicadosAbiertos } from '../../lib/use-duplicados-abiertos.ts';
import { useResueltos } from './duplicados-api.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';
import { ParDuplicado } from './par-duplicado.tsx';
import { GrupoDuplicado } from './grupo-duplicado.tsx';
import { ResueltosList } from './resueltos-list.tsx';
import { EnOtrasEscuelas } from './en-otras-escuelas.tsx';
import './duplicados.css';

/**
 * /duplicados (docs/decisions/0018): the open pairs side by side, and groups of three look-alikes
 * or more as one table, for administrators (who resolve them) and volunteers (who read them and correct the
 * records), 20 to a page (`?page=`), then the resolved ones with who and when.
 */
export function DuplicadosPage() {
  const { user } = useAuth();
  const canResolve = can(user, 'duplicados:resolver');
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const abiertos = useDuplicadosAbiertos({ staleTime: 0, page });
  const resueltos = useResueltos();
  const [hecho, setHecho] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const grupos = abiertos.data?.items ?? [];
  const total = abiertos.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DUPLICADOS_POR_PAGINA));
  const desde = (page - 1) * DUPLICADOS_POR_PAGINA;

  // The resolved pair leaves the list: focus goes back to the top; the status line confirms it (and stays).
  const done = (mensaje: string) => {
    setHecho(mensaje);
    heading.current?.focus();
  };
  const onResolved = () => done(T.resuelto);
  const onDeleted = () => done(T.eliminada);

  return (
    <>
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 ref={heading} tabIndex={-1} className="h2 mb-3">
        {T.titulo}
      </h1>
      <p className="text-body-secondary">{canResolve ? T.intro : T.introVoluntario}</p>
      {!canResolve && <p className="small">{T.soloLectura}</p>}

      {abiertos.isPending && <Spinner animation="border" role="status" aria-label={T.cargando} />}
      {abiertos.isError && <Alert variant="danger">{errorMessage(abiertos.error, T.errorCarga)}</Alert>}
      {abiertos.data && (
        <>
          <p role="status" className="fw-semibold">
            {hecho && `${hecho} `}
            {total === 0 ? T.ninguno : T.abiertos(total)}
          </p>
          {grupos.map((grupo, i) => {
            const props = { indice: desde + i + 1, total, canResolve, onResolved, onDeleted };
            return grupo.cantidad === 2 ? (
              <ParDuplicado key={grupo.id} par={grupo} {...props} />
            ) : (
              <GrupoDuplicado key={grupo.id} grupo={grupo} {...props} />
            );
          })}
          {pages > 1 && (
            <nav aria-label={T.paginas} className="d-flex gap-3 align-items-center justify-content-center">
              {page > 1 ? <Link to={{ search: `?page=${page - 1}` }}>{T.anterior}</Link> : <span>{T.anterior}</span>}
              <span aria-current="page">{T.pagina(page, pages)}</span>
              {page < pages ? (
                <Link to={{ search: `?page=${page + 1}` }}>{T.siguiente}</Link>
              ) : (
                <span>{T.siguiente}</span>
              )}
            </nav>
          )}
        </>
      )}

      <EnOtrasEscuelas />

      <section aria-labelledby="duplicados-resueltos" className="mt-4">
        <h2 id="duplicados-resueltos" className="h4">
          {T.resueltosTitulo}
        </h2>
        {resueltos.isError && <Alert variant="danger">{errorMessage(resueltos.error, T.errorCarga)}</Alert>}
        {resueltos.data && <ResueltosList items={resueltos.data.items} eliminados={resueltos.data.eliminados} />}
      </section>
    </>
  );
}
