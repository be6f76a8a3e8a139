import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { useEffect, useId } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ZPlazasTablero, type TPlazasTablero } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS, type TLista } from '@inscripciones/shared/sorteo/schemas.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { PlazasHistorial } from './plazas-historial.tsx';
import { conEscuela } from '../../lib/escuela.ts';

/**
 * The public board after the raffle: who holds a place and who accepted, the suplentes with their
 * current position, and "Plazas libres: N", kept live by the places' server-sent events (GET
 * /api/plazas/eventos, the same mechanism as the raffle's). Hidden while a raffle is running or before any
 * has finished. Its own component, so the raffle screen renders it with one line.
 */
function useTablero() {
  return useQuery({
    queryKey: queryKeys.plazasTablero,
    queryFn: ({ signal }) => apiRequest('/api/plazas/tablero', { schema: ZPlazasTablero, auth: false, signal }),
    staleTime: Infinity,
    refetchInterval: typeof EventSource === 'undefined' ? 10_000 : false,
  });
}

/**
 * Whether the season of offers is on the public board: then each child stands in one list, where it
 * is now, and the raffle's own lists (where a family that declined is still a titular) step aside.
 */
export function useTemporadaEnTablero(sorteoActivo: boolean): boolean {
  const activo = !!useTablero().data?.activo;
  return !sorteoActivo && activo;
}

export function PlazasEnVivo({ sorteoActivo }: { sorteoActivo: boolean }) {
  const queryClient = useQueryClient();
  const tablero = useTablero();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    // EventSource reconnects by itself and gets the whole state again on every connection.
    const source = new EventSource(conEscuela('/api/plazas/eventos'));
    source.addEventListener('tablero', (event) => {
      try {
        const parsed = ZPlazasTablero.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) queryClient.setQueryData(queryKeys.plazasTablero, parsed.data);
      } catch {
        // not a board: keep what is shown
      }
    });
    return () => source.close();
  }, [queryClient]);

  const data = tablero.data;
  if (sorteoActivo || !data?.activo) return null;
  return (
    <section className="plazas-en-vivo mt-4" aria-labelledby="plazas-en-vivo-titulo">
      <h2 id="plazas-en-vivo-titulo" className="h4">
        Plazas después del sorteo
      </h2>
      <p className="fs-5 fw-semibold" aria-live="polite">
        {PLAZA_MSG.plazasLibres(data.libres)}
      </p>
      <p className="small text-body-secondary">
        Cada niño o niña figura una sola vez, donde está ahora: con plaza (ofrecida o aceptada) o en espera. Quien
        rechazó su plaza o la dejó vencer figura en el historial de las ofertas.
      </p>
      <div className="sorteo-listas">
        {LISTAS.map((lista) => (
          <Titulares key={lista} lista={lista} data={data} />
        ))}
        {LISTAS.map((lista) => (
          <Suplentes key={lista} lista={lista} data={data} />
        ))}
      </div>
      <PlazasHistorial data={data} />
    </section>
  );
}

function Titulares({ lista, data }: { lista: TLista; data: TPlazasTablero }) {
  const id = useId();
  const l = data.listas[lista];
  return (
    <section className={`sorteo-lista sorteo-lista--titular sorteo-lista--${lista}`} aria-labelledby={id}>
      <h3 id={id} className="sorteo-lista__titulo">
        Con plaza — {LISTA_LABELS[lista]} <span className="sorteo-lista__cuenta">({l.titulares.length})</span>
      </h3>
      <p className="small mb-1">{PLAZA_MSG.plazasLibres(l.libres)}</p>
      {l.titulares.length === 0 && <p className="sorteo-lista__vacia">Nadie.</p>}
      <ol className="sorteo-lista__lineas">
        {l.titulares.map((t, i) => (
          <li key={`${t.numeroInscripcion}-${i}`} className="sorteo-linea">
            <span className="sorteo-linea__numero">{padNumero(t.numeroInscripcion)}</span>{' '}
            <span className="sorteo-linea__nombre">{t.nombreCompleto}</span>{' '}
            {t.estado === 'aceptada' ? (
              <Badge bg="success">Aceptó</Badge>
            ) : (
              <Badge bg="light" text="dark" className="border">
                Ofrecida
              </Badge>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Suplentes({ lista, data }: { lista: TLista; data: TPlazasTablero }) {
  const id = useId();
  const l = data.listas[lista];
  return (
    <section className={`sorteo-lista sorteo-lista--suplente sorteo-lista--${lista}`} aria-labelledby={id}>
      <h3 id={id} className="sorteo-lista__titulo">
        Suplentes — {LISTA_LABELS[lista]} <span className="sorteo-lista__cuenta">({l.suplentes.length})</span>
      </h3>
      {l.suplentes.length === 0 && <p className="sorteo-lista__vacia">Nadie.</p>}
      <ol className="sorteo-lista__lineas list-unstyled">
        {l.suplentes.map((s) => (
          <li key={s.posicion} className="sorteo-linea">
            <span className="text-body-secondary">{s.posicion}.</span>{' '}
            <span className="sorteo-linea__numero">{padNumero(s.numeroInscripcion)}</span>{' '}
            <span className="sorteo-linea__nombre">{s.nombreCompleto}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
