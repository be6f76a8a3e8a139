import { AsignacionDeLaRed } from './asignacion-de-la-red.tsx';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert } from '../../lib/timed-alert.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchAdminParticipants } from './sorteo-api.ts';
import { ActasPanel } from './sorteo-actas.tsx';
import { ActivePanel, CompletedPanel } from './sorteo-active-panel.tsx';
import { BoardLists, Garantia, HiddenPanels } from './sorteo-board.tsx';
import { EndDialog } from './sorteo-end-dialog.tsx';
import { SorteoHeader } from './sorteo-header.tsx';
import { SorteosDelCiclo } from './sorteo-historial.tsx';
import { ListaPublica } from './sorteo-lista-publica.tsx';
import { PreparacionPanel } from './sorteo-preparacion-panel.tsx';
import { StartPanel } from './sorteo-start-panel.tsx';
import { panelFor, pickParticipants, sorteoErrorMessage } from './sorteo-view.ts';
import { useSorteoControls } from './use-sorteo-controls.ts';
import { PlazasEnVivo, useTemporadaEnTablero } from './plazas-en-vivo.tsx';
import { useSorteoTablero } from './use-sorteo-tablero.ts';
import { fasePublica } from './sorteo-proyector.ts';
import { ProximoSorteo, SorteoFinalizado, UltimoSorteadoPanel } from './sorteo-proyector.tsx';
import './sorteo.css';
import './sorteo-proyector.css';

/**
 * /sorteo (SPEC 2 "Raffle screen"): public and standalone (no sidebar). Everyone sees the results board,
 * kept live by server-sent events, the frozen participant list and the cycle's closed raffles with "Verificar
 * este sorteo"; a logged-in administrator also gets the controls (useSorteoControls) and the actas. The
 * session is read if present, never required: the server checks every control anyway (docs/decisions/0008).
 */
export function SorteoPage() {
  const { user } = useAuth();
  const isAdmin = can(user, 'sorteo:operar');
  const { tablero, live, setTablero, refresh } = useSorteoTablero();

  const status = tablero.data?.status;
  const panel = panelFor(status, isAdmin);
  const c = useSorteoControls(status, panel, setTablero, refresh);

  // An administrator's lists carry each child's stage and position: read again after every confirmation.
  const adminParticipants = useQuery({
    queryKey: queryKeys.sorteo.adminParticipants(status?.id ?? '', status?.currentIndex ?? 0),
    queryFn: ({ signal }) => fetchAdminParticipants(signal),
    enabled: isAdmin && !!status?.isActive,
    // While the next read is on its way, the previous one of the same raffle (never another raffle's).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === status?.id ? previous : undefined),
    staleTime: Infinity,
  });
  const participants =
    isAdmin && status?.isActive
      ? pickParticipants(tablero.data?.participants, adminParticipants.data)
      : tablero.data?.participants;
  const openEnd = () => c.end.setAsk(true);
  const fase = status ? fasePublica(status) : null;
  const enTemporada = useTemporadaEnTablero(!!status?.isActive);

  return (
    // The public board during a raffle fits a projector's screen (docs/ux.md "El tablero en el proyector").
    <div className={`sorteo-page${fase === 'en-curso' && !isAdmin ? ' sorteo-page--proyector' : ''}`}>
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

        {isAdmin && (c.error || c.alert) && (
          <div className="sorteo-mensajes">
            {c.error && (
              <Alert variant="danger" role="alert" dismissible closeLabel="Cerrar" onClose={() => c.setError(null)}>
                {c.error}
              </Alert>
            )}
            <TimedAlert alert={c.alert} onClose={c.dismiss} />
          </div>
        )}

        {status && panel === 'inicio' && status.resultadosDe && (
          <p className="sorteo-panel sorteo-panel--hecho">{SORTEO_MSG.yaRealizadoPanel}</p>
        )}
        {status && panel === 'inicio' && !status.resultadosDe && (
          <StartPanel
            key={`${status.plazas.nenas}-${status.plazas.varones}`}
            defaults={status.plazas}
            pending={c.start.pending}
            confirmMessage={c.start.confirmMessage}
            askMotivoDuplicados={c.start.askMotivoDuplicados}
            onStart={c.start.onStart}
            onCancelConfirm={c.start.cancel}
          />
        )}
        {status && panel === 'preparacion' && (
          <PreparacionPanel
            key={status.id}
            status={status}
            saving={c.valor.saving}
            drawing={c.first.drawing}
            downloading={c.lista.downloading}
            onSaveValor={c.valor.save}
            onDrawFirst={c.first.draw}
            onDownloadLista={c.lista.download}
          />
        )}
        {status && panel === 'activo' && (
          <ActivePanel
            key={status.id}
            status={status}
            next={c.next.data}
            loading={c.next.isFetching}
            loadError={c.next.isError ? sorteoErrorMessage(c.next.error, SORTEO_MSG.errorObtenerParticipante) : null}
            onRetry={() => void c.next.refetch()}
            confirming={c.confirm.pending}
            onConfirm={c.confirm.onConfirm}
            ending={c.end.pending}
            onEnd={openEnd}
          />
        )}
        {status && panel === 'completado' && <CompletedPanel ending={c.end.pending} onEnd={openEnd} />}
        {isAdmin && status?.isActive && (
          <EndDialog
            show={c.end.ask}
            completo={status.completado}
            ending={c.end.pending}
            onCancel={() => c.end.setAsk(false)}
            onEnd={c.end.end}
          />
        )}

        {status && (
          <div className="sorteo-tablero">
            {fase === 'en-curso' && !isAdmin && <UltimoSorteadoPanel participants={participants} />}
            <div className="sorteo-tablero__datos">
              {fase === 'antes' && <ProximoSorteo />}
              <SorteoFinalizado status={status} />
              <Garantia status={status} />
              {status.isActive && status.id && status.participantesHash && (
                <ListaPublica id={status.id} abierta={status.valorPublicoAbierto} />
              )}
              <SorteosDelCiclo status={status} />
              {participants && !enTemporada && (
                <BoardLists status={status} participants={participants} detalle={isAdmin} />
              )}
              {participants && enTemporada && (
                <details className="mt-3">
                  <summary>Resultado del sorteo, como quedó al finalizar (no cambia con las respuestas)</summary>
                  <BoardLists status={status} participants={participants} detalle={isAdmin} />
                </details>
              )}
              <HiddenPanels status={status} />
            </div>
          </div>
        )}

        <PlazasEnVivo sorteoActivo={!!status?.isActive} />
        <AsignacionDeLaRed />
        {isAdmin && status && status.sorteosArchivados > 0 && <ActasPanel archivados={status.sorteosArchivados} />}
      </main>
    </div>
  );
}
