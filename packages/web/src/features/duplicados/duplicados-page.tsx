import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { can } from '@inscripciones/shared/permissions.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { useDuplicadosAbiertos } from '../../lib/use-duplicados-abiertos.ts';
import { useResueltos } from './duplicados-api.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';
import { ParDuplicado } from './par-duplicado.tsx';
import { ResueltosList } from './resueltos-list.tsx';
import './duplicados.css';

/**
 * /duplicados (issue 24, docs/decisions/0018): the open pairs side by side for administrators (who resolve
 * them) and volunteers (who read them and correct the records), then the resolved ones with who and when.
 */
export function DuplicadosPage() {
  const { user } = useAuth();
  const canResolve = can(user, 'duplicados:resolver');
  const abiertos = useDuplicadosAbiertos({ staleTime: 0 });
  const resueltos = useResueltos();
  const [resolvedOne, setResolvedOne] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const pares = abiertos.data?.items ?? [];

  // The resolved pair leaves the list: focus goes back to the top; the status line confirms it (and stays).
  const onResolved = () => {
    setResolvedOne(true);
    heading.current?.focus();
  };

  return (
    <>
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 ref={heading} tabIndex={-1} className="h2 mb-3">
        {T.titulo}
      </h1>
      <p className="text-body-secondary">{T.intro}</p>
      {!canResolve && <p className="small">{T.soloLectura}</p>}

      {abiertos.isPending && <Spinner animation="border" role="status" aria-label={T.cargando} />}
      {abiertos.isError && <Alert variant="danger">{errorMessage(abiertos.error, T.errorCarga)}</Alert>}
      {abiertos.data && (
        <>
          <p role="status" className="fw-semibold">
            {resolvedOne && `${T.resuelto} `}
            {pares.length === 0 ? T.ninguno : T.abiertos(pares.length)}
          </p>
          {pares.map((par, i) => (
            <ParDuplicado
              key={par.id}
              par={par}
              indice={i + 1}
              total={pares.length}
              canResolve={canResolve}
              onResolved={onResolved}
            />
          ))}
        </>
      )}

      <section aria-labelledby="duplicados-resueltos" className="mt-4">
        <h2 id="duplicados-resueltos" className="h4">
          {T.resueltosTitulo}
        </h2>
        {resueltos.isError && <Alert variant="danger">{errorMessage(resueltos.error, T.errorCarga)}</Alert>}
        {resueltos.data && <ResueltosList items={resueltos.data.items} />}
      </section>
    </>
  );
}
