import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSorteoStatus, TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import {
  confirmSorteo,
  endSorteo,
  fetchAdminParticipants,
  fetchNext,
  saveValorPublico,
  startSorteo,
  type StartInput,
} from './sorteo-api.ts';
import { ActasPanel } from './sorteo-actas.tsx';
import { BoardLists, Garantia, HiddenPanels } from './sorteo-board.tsx';
import { ActivePanel, CompletedPanel, PreparacionPanel, StartPanel } from './sorteo-controls.tsx';
import { SorteoHeader } from './sorteo-header.tsx';
import {
  mergeTablero,
  needsConfirmation,
  panelFor,
  pickParticipants,
  sorteoErrorMessage,
  withConfirmation,
  withPlan,
} from './sorteo-view.ts';
import { useSorteoTablero } from './use-sorteo-tablero.ts';
import './sorteo.css';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * /sorteo (SPEC 2 "Raffle screen"): public and standalone (no sidebar). Everyone sees the results board,
 * kept live by server-sent events; a logged-in administrator also gets the controls (start, public value,
 * draw, confirm, end) and the archived actas. The session is read if present, never required: the server
 * checks every control anyway (docs/decisions/0008).
 */
export function SorteoPage() {
  const { user } = useAuth();
  const isAdmin = can(user, 'sorteo:operar');
  const queryClient = useQueryClient();
  const { tablero, live, setTablero, refresh } = useSorteoTablero();

  const status = tablero.data?.status;
  const panel = panelFor(status, isAdmin);

  // An administrator's lists carry each child's stage and position: read again after every confirmation.
  const adminParticipants = useQuery({
    queryKey: queryKeys.sorteo.adminParticipants(status?.id ?? '', status?.currentIndex ?? 0),
    queryFn: ({ signal }) => fetchAdminParticipants(signal),
    enabled: isAdmin && !!status?.isActive,
    // While the next read is on its way, the previous one of the same raffle (never another raffle's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === status?.id ? previous : undefined),
    staleTime: Infinity,
  });

  const [error, setError] = useState<string | null>(null);
  const { alert, show: showAlert, dismiss } = useTimedAlert();

  // ------------------------------------------------------------ start
  const [confirmMessage, setConfirmMessage] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: startSorteo,
    onMutate: () => setError(null),
    onSuccess: () => {
      setConfirmMessage(null);
      refresh();
    },
    onError: (e) => {
      if (needsConfirmation(e)) setConfirmMessage(sorteoErrorMessage(e, SORTEO_MSG.errorIniciar));
      else {
        setConfirmMessage(null);
        setError(sorteoErrorMessage(e, SORTEO_MSG.errorIniciar));
      }
    },
  });
  const onStart = (plazas: Omit<StartInput, 'confirmarNuevo'>, confirmarNuevo: boolean) =>
    start.mutate({ ...plazas, ...(confirmarNuevo ? { confirmarNuevo: true } : {}) });

  // ------------------------------------------------------------ public value and first draw
  const valor = useMutation({
    mutationFn: saveValorPublico,
    onMutate: () => setError(null),
    onSuccess: (fresh: TSorteoStatus) => {
      setTablero((t) => mergeTablero(t, { ...t, status: fresh }));
      showAlert('success', SORTEO_MSG.valorPublicoGuardado);
    },
    onError: (e) => setError(sorteoErrorMessage(e, SORTEO_MSG.errorValorPublico)),
  });
  const first = useMutation({
    mutationFn: async (pendiente: string | null) => {
      if (pendiente !== null) {
        const fresh = await saveValorPublico(pendiente).catch((e: unknown) => {
          throw new ValorError(e);
        });
        setTablero((t) => mergeTablero(t, { ...t, status: fresh }));
      }
      return fetchNext();
    },
    onMutate: () => setError(null),
    onSuccess: (next) => {
      const id = queryClient.getQueryData<TSorteoTablero>(queryKeys.sorteo.tablero)?.status.id;
      if (id) queryClient.setQueryData(queryKeys.sorteo.next(id, next.index), next);
      setTablero(withPlan);
    },
    onError: (e) =>
      setError(
        e instanceof ValorError
          ? sorteoErrorMessage(e.cause, SORTEO_MSG.errorValorPublico)
          : sorteoErrorMessage(e, SORTEO_MSG.errorObtenerParticipante),
      ),
  });

  // ------------------------------------------------------------ the draw on screen
  const next = useQuery({
    queryKey: queryKeys.sorteo.next(status?.id ?? '', status?.currentIndex ?? 0),
    queryFn: async ({ signal }) => {
      const answer = await fetchNext(signal);
      // Every draw was confirmed (here or in another browser): the completed panel shows.
      if (!answer.participante) setTablero((t) => ({ ...t, status: { ...t.status, completado: true } }));
      return answer;
    },
    enabled: panel === 'activo',
    staleTime: Infinity,
  });

  // A ref as well as isPending: a double click must not send two confirmations (the server ignores a second
  // one anyway, answering duplicado).
  const confirming = useRef(false);
  const confirm = useMutation({
    mutationFn: ({ numero, index }: { numero: number; index: number }) => confirmSorteo(numero, index),
    onMutate: () => setError(null),
    onSuccess: (answer) => setTablero((t) => withConfirmation(t, answer)),
    onError: (e) => {
      setError(sorteoErrorMessage(e, SORTEO_MSG.errorConfirmar));
      refresh();
      void queryClient.invalidateQueries({ queryKey: queryKeys.sorteo.nextAll });
    },
    onSettled: () => {
      confirming.current = false;
    },
  });
  const onConfirm = () => {
    const participante = next.data?.participante;
    if (confirming.current || !participante || next.isFetching) return;
    confirming.current = true;
    confirm.mutate({ numero: participante.numeroInscripcion, index: next.data!.index });
  };

  // ------------------------------------------------------------ end
  const end = useMutation({
    mutationFn: endSorteo,
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      showAlert('success', answer.message);
      refresh();
    },
    onError: (e) => setError(sorteoErrorMessage(e, SORTEO_MSG.errorFinalizar)),
  });

  // ------------------------------------------------------------ render
  const participants =
    isAdmin && status?.isActive
      ? pickParticipants(tablero.data?.participants, adminParticipants.data)
      : tablero.data?.participants;

  return (
    <div className="sorteo-page">
      <title>{SORTEO_MSG.pageTitle}</title>
      <SorteoHeader
        live={live}
        loggedIn={!!user}
        status={status}
        totales={tablero.data?.participants.totales}
        shown={participants}
      />

      <main className="sorteo-main" id="contenido-principal">
        {tablero.isPending ? (
          <div className="sorteo-cargando" role="status">
            <Spinner as="span" animation="border" aria-hidden="true" className="me-2" />
            {SORTEO_MSG.cargando}
          </div>
        ) : tablero.isError && !tablero.data ? (
          <Alert variant="danger" role="alert">
            {sorteoErrorMessage(tablero.error, SORTEO_MSG.errorConexion)}
          </Alert>
        ) : null}

        {isAdmin && (error || alert) && (
          <div className="sorteo-mensajes">
            {error && (
              <Alert variant="danger" role="alert" dismissible closeLabel="Cerrar" onClose={() => setError(null)}>
                {error}
              </Alert>
            )}
            <TimedAlert alert={alert} onClose={dismiss} />
          </div>
        )}

        {status && panel === 'inicio' && (
          <StartPanel
            key={`${status.plazas.nenas}-${status.plazas.varones}`}
            defaults={status.plazas}
            pending={start.isPending}
            confirmMessage={confirmMessage}
            onStart={onStart}
            onCancelConfirm={() => setConfirmMessage(null)}
          />
        )}
        {status && panel === 'preparacion' && (
          <PreparacionPanel
            key={status.id}
            status={status}
            saving={valor.isPending}
            drawing={first.isPending}
            onSaveValor={(v) => valor.mutate(v)}
            onDrawFirst={(pendiente) => first.mutate(pendiente)}
          />
        )}
        {status && panel === 'activo' && (
          <ActivePanel
            key={status.id}
            status={status}
            next={next.data}
            loading={next.isFetching}
            loadError={next.isError ? sorteoErrorMessage(next.error, SORTEO_MSG.errorObtenerParticipante) : null}
            onRetry={() => void next.refetch()}
            confirming={confirm.isPending}
            onConfirm={onConfirm}
            ending={end.isPending}
            onEnd={() => end.mutate()}
          />
        )}
        {status && panel === 'completado' && <CompletedPanel ending={end.isPending} onEnd={() => end.mutate()} />}

        {status && (
          <>
            <Garantia status={status} />
            {participants && <BoardLists status={status} participants={participants} detalle={isAdmin} />}
            <HiddenPanels status={status} />
          </>
        )}

        {isAdmin && status && status.sorteosArchivados > 0 && <ActasPanel archivados={status.sorteosArchivados} />}
      </main>
    </div>
  );
}

/** A failed save of the public value before the first draw (its message differs from a failed draw). */
class ValorError extends Error {
  constructor(cause: unknown) {
    super('valor público', { cause });
    this.name = 'ValorError';
  }
}
