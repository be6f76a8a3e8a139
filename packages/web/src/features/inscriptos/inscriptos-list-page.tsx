import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { ROLE_BADGES, type Role } from '@inscripciones/shared/roles.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { ImportModal } from './import-modal.tsx';
import { ImportResult } from './import-result.tsx';
import type { ListItem } from './inscripto-row.tsx';
import { useDeleteInscripto, useImportExcel, useInscriptosList } from './inscriptos-api.ts';
import { InscriptosTable } from './inscriptos-table.tsx';
import { LIST_ACTIONS, type ListAction } from './list-actions.ts';
import { ListActionsMenu } from './list-actions-menu.tsx';
import { ListFilters } from './list-filters.tsx';
import { ListFooter } from './list-footer.tsx';
import { displayDate, fullName } from './list-format.ts';
import { listStateToParams, parseListState, type ListState } from './list-state.ts';
import { ListNotices } from './list-notices.tsx';
import { rememberListSearch } from '../../lib/list-return.ts';
import { useListDownloads } from './use-list-downloads.ts';
import { useListSearch } from './use-list-search.ts';
import { useListSelection } from './use-list-selection.ts';
import { SelectionBar } from './selection-bar.tsx';
import type { Orden } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { useOfflineList } from './use-offline-list.ts';
import { CicloSelector } from '../../lib/ciclo-selector.tsx';
import { SegmentoChips } from './segmento-chips.tsx';
import './inscriptos-list.css';
import { horaMontevideo } from '@inscripciones/shared/montevideo-time.ts';

const ROLE_TAG_VARIANT: Record<Role, string> = {
  administrador: 'danger',
  voluntario: 'primary',
  visitado: 'secondary',
};

function roleTag(role: Role): string {
  return role === 'visitado' ? INSCRIPTO_MSG.roleTagReadOnly : ROLE_BADGES[role];
}

/** /inscriptos (SPEC 2 "Enrolment list"). */
export function InscriptosListPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <InscriptosList user={user} />;
}

/** The list as the address describes it (filters and page in the query string). */
function InscriptosList({ user }: { user: TSessionUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  // "Cancelar" / "Volver" on a record come back to this list as it is now.
  useEffect(() => rememberListSearch(query ? `?${query}` : ''), [query]);
  const allowMine = can(user, 'inscriptos:mine-filter');
  const urlState = parseListState(searchParams);
  // Read-only users have no "Mis inscripciones": a shared link with mias=true shows them everything.
  const state: ListState = { ...urlState, mias: allowMine && urlState.mias };

  const list = useInscriptosList(state);
  const remove = useDeleteInscripto();
  const importExcel = useImportExcel();
  const { alert, show: showAlert, dismiss } = useTimedAlert();
  const [deleting, setDeleting] = useState<ListItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [imported, setImported] = useState<TImportResult | null>(null);

  const update = useCallback(
    (patch: Partial<ListState>, options?: { replace?: boolean }) =>
      setSearchParams((previous) => listStateToParams({ ...parseListState(previous), ...patch }), {
        replace: options?.replace ?? false,
      }),
    [setSearchParams],
  );
  const search = useListSearch(state, update, list.isFetching);
  const view = useOfflineList(list, state);
  const { shown, fresh, pages } = view;
  const downloads = useListDownloads(showAlert, state.ciclo);
  const selection = useListSelection(state.ciclo);
  const selectable = can(user, 'inscriptos:import-export');
  const loading = list.isFetching;
  const onSort = (orden: Orden) =>
    update({ orden, dir: state.orden === orden && state.dir === 'asc' ? 'desc' : 'asc', page: 1 });

  // A page past the end (a stale link, or the last record of the last page deleted): go to the last one.
  useEffect(() => {
    if (fresh && state.page > pages) update({ page: pages }, { replace: true });
  }, [fresh, pages, state.page, update]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showAlert('success', INSCRIPTO_MSG.deleted),
      onError: (error) => showAlert('danger', errorMessage(error, INSCRIPTO_MSG.deleteFailed)),
      onSettled: () => setDeleting(null),
    });
  };

  const runImport = (file: File) => {
    importExcel.mutate(file, {
      // The list reloads (the query is invalidated), the dialog closes and the result stays until closed.
      onSuccess: (result) => {
        setImporting(false);
        setImported(result);
      },
      onError: (error) => {
        setImporting(false);
        showAlert('danger', INSCRIPTO_MSG.importFailed(error instanceof ApiError ? error.message : null));
      },
    });
  };

  const onAction = (action: ListAction) => {
    if (action.key === 'import') setImporting(true);
    else void downloads.runExport(action);
  };

  // A closed cycle is read-only for everyone (docs/decisions/0014): no new, import, edit or delete.
  const ciclo = list.data?.ciclo;
  const cerrado = ciclo?.estado === 'cerrado';
  const readOnly = !can(user, 'inscriptos:create');
  const exporting = downloads.exporting;
  const retry = (
    <Button variant="outline-dark" size="sm" onClick={() => void list.refetch()} disabled={loading}>
      {INSCRIPTO_MSG.retry}
    </Button>
  );

  return (
    <>
      <title>{`${INSCRIPTO_MSG.listTitle} · Inscripciones`}</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h1 className="h2 mb-0">{INSCRIPTO_MSG.listTitle}</h1>
          <Badge bg={ROLE_TAG_VARIANT[user.role]}>{roleTag(user.role)}</Badge>
        </div>
        {!readOnly && (
          <div className="d-flex flex-wrap gap-2">
            {can(user, 'inscriptos:import-export') && (
              <ListActionsMenu busy={exporting !== null} onSelect={onAction} cerrado={cerrado} />
            )}
            {!cerrado && (
              <Link to="/inscriptos/nuevo" className="btn btn-primary">
                <span aria-hidden="true">+ </span>
                {INSCRIPTO_MSG.newButton}
              </Link>
            )}
          </div>
        )}
      </div>

      <CicloSelector value={state.ciclo ?? ciclo?.id ?? ''} onChange={(id) => update({ ciclo: id, page: 1 })} />
      <ListNotices cicloCerrado={cerrado ? ciclo.nombre : null} readOnly={readOnly} />
      <TimedAlert alert={alert} onClose={dismiss} />
      {imported && <ImportResult result={imported} onClose={() => setImported(null)} />}

      <ListFilters
        state={state}
        draft={search.draft}
        onDraft={search.setDraft}
        onSubmit={search.submit}
        allowMine={allowMine}
        update={update}
        solicitudes={can(user, 'solicitudes:verificar')}
      />
      <SegmentoChips segmento={state.segmento ?? {}} onChange={(segmento) => update({ segmento, page: 1 })} />

      {((list.isError && shown) || view.showOffline) && (
        <Alert
          variant={view.showOffline ? 'warning' : 'danger'}
          role="alert"
          className="d-flex flex-wrap align-items-center gap-2"
        >
          <span>
            {view.showOffline
              ? INSCRIPTO_MSG.offline(displayDate(view.savedAt), horaMontevideo(view.savedAt))
              : view.failure}
            {view.showOffline && view.otherView && ` ${INSCRIPTO_MSG.offlineOtherView}`}
          </span>
          {retry}
        </Alert>
      )}

      <div role="status" className="visually-hidden">
        {loading ? INSCRIPTO_MSG.loading : ''}
      </div>
      <div role="status" className="visually-hidden">
        {exporting?.export ? INSCRIPTO_MSG.exportingStatus(exporting.export.format) : ''}
      </div>

      {selectable && (
        <SelectionBar
          count={selection.ids.size}
          busy={exporting !== null}
          onExport={(action) => void downloads.runExport(action, selection.ids)}
          onClear={selection.clear}
        />
      )}

      {list.isError && !shown && !list.isFetching ? (
        <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2">
          <span>{view.failure}</span>
          {retry}
        </Alert>
      ) : (
        <>
          <InscriptosTable
            shown={shown}
            searched={view.shownFilters.q}
            page={shown ? shown.page : state.page}
            pages={pages}
            loading={loading}
            user={user}
            cerrado={cerrado}
            onDelete={setDeleting}
            sort={state}
            onSort={onSort}
            {...(selectable ? { selection: selection.ids, onSelect: selection.select } : {})}
          />
          <ListFooter shown={shown} shownFilters={view.shownFilters} state={state} pages={pages} />
        </>
      )}

      {deleting && (
        <ConfirmDeleteModal
          title={INSCRIPTO_MSG.deleteConfirmTitle}
          text={INSCRIPTO_MSG.deleteConfirmText(fullName(deleting))}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}

      {importing && (
        <ImportModal
          available={LIST_ACTIONS.find((a) => a.key === 'import')?.available ?? false}
          importing={importExcel.isPending}
          onImport={runImport}
          onClose={() => setImporting(false)}
        />
      )}
    </>
  );
}
