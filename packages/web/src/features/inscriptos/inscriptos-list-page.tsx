import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import type { Estado, TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { MSG } from '@inscripciones/shared/messages.ts';
import { can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { ROLE_BADGES, type Role } from '@inscripciones/shared/roles.ts';
import { ApiError, apiDownload, errorMessage } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { ImportModal } from './import-modal.tsx';
import { useDeleteInscripto, useImportExcel, useInscriptosList } from './inscriptos-api.ts';
import { exportFileName, LIST_ACTIONS, type ListAction } from './list-actions.ts';
import { displayCi, displayDate, fullName } from './list-format.ts';
import { listStateToParams, parseListState, sameListState, SEARCH_MAX_LENGTH, type ListState } from './list-state.ts';
import { LIST_TEXT } from './list-texts.ts';
import { browserStorage, readLastList } from './offline-cache.ts';
import { pageCount, showingText } from './pagination.ts';
import { PaginationNav } from './pagination-nav.tsx';
import { WithTooltip } from './with-tooltip.tsx';
import './inscriptos-list.css';
import { horaMontevideo } from '@inscripciones/shared/montevideo-time.ts';

/** Typing pauses this long before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;
/** SPEC 9: the list page size (the server's default; used for the loading rows before the first answer). */
const PAGE_SIZE = 10;
const COLUMNS = 6;

const ROLE_TAG_VARIANT: Record<Role, string> = {
  administrador: 'danger',
  voluntario: 'primary',
  visitado: 'secondary',
};

function roleTag(role: Role): string {
  return role === 'visitado' ? LIST_TEXT.roleTagReadOnly : ROLE_BADGES[role];
}

type Item = TInscriptoList['items'][number];
type Update = (patch: Partial<ListState>, options?: { replace?: boolean }) => void;

/** /inscriptos (SPEC 2 "Enrolment list"). */
export function InscriptosListPage() {
  const { user } = useAuth();
  if (!user) return null;
  return <InscriptosList user={user} />;
}

function InscriptosList({ user }: { user: TSessionUser }) {
  const ids = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const allowMine = can(user, 'inscriptos:mine-filter');
  const urlState = parseListState(searchParams);
  // Read-only users have no "Mis inscripciones": a shared link with mias=true shows them everything.
  const state: ListState = { ...urlState, mias: allowMine && urlState.mias };

  const list = useInscriptosList(state);
  const remove = useDeleteInscripto();
  const importExcel = useImportExcel();
  const { alert, show: showAlert, dismiss } = useTimedAlert();
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [importing, setImporting] = useState(false);

  const update = useCallback<Update>(
    (patch, options) =>
      setSearchParams((previous) => listStateToParams({ ...parseListState(previous), ...patch }), {
        replace: options?.replace ?? false,
      }),
    [setSearchParams],
  );

  // The search box: typed text goes to the URL (and so to the server) after a pause. Refining a search
  // replaces the history entry; starting or clearing one adds an entry, so "back" returns to the list.
  const [draft, setDraft] = useState(state.q);
  const [urlQ, setUrlQ] = useState(state.q);
  const [pushedQ, setPushedQ] = useState(state.q);
  if (urlQ !== state.q) {
    setUrlQ(state.q);
    // Back/forward or a link changed the search (not this box): the box follows.
    if (state.q.trim() !== pushedQ.trim()) setDraft(state.q);
  }
  const pushSearch = useCallback(
    (q: string, replace: boolean) => {
      setPushedQ(q);
      update({ q, page: 1 }, { replace });
    },
    [update],
  );
  useEffect(() => {
    if (draft.trim() === state.q.trim()) return;
    const timer = window.setTimeout(
      () => pushSearch(draft, draft.trim() !== '' && state.q.trim() !== ''),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [draft, state.q, pushSearch]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() !== state.q.trim()) pushSearch(draft, false);
  };

  // What the table shows: this view's answer (or, while it loads, the previous one); when the server
  // cannot be reached and nothing is in memory, the browser's copy of the last list (SPEC 7).
  // Once offline, the copy stays on screen while another page or search is tried, until one loads.
  const networkDown = list.isError && list.error instanceof ApiError && list.error.isNetworkError;
  const [offline, setOffline] = useState(false);
  if (networkDown && !offline) setOffline(true);
  if (offline && list.isSuccess && !list.isPlaceholderData) setOffline(false);
  const useCopy = (!list.data || list.isPlaceholderData) && (networkDown || (offline && list.isFetching));
  // Nothing loads while offline, so the stored copy cannot change until useCopy turns false again.
  const cached = useMemo(() => (useCopy ? readLastList(browserStorage()) : null), [useCopy]);
  const shown: TInscriptoList | null = cached?.data ?? list.data ?? null;
  const shownFilters: ListState = cached ? cached.query : state;
  const showOffline = !!shown && (!!cached || networkDown);
  const otherView = !!shown && !sameListState({ ...shownFilters, page: shown.page }, state);
  const pages = shown ? pageCount(shown.total, shown.pageSize) : 1;
  const loading = list.isFetching;
  const fresh = list.data && !list.isPlaceholderData && !list.isError ? list.data : null;

  // A page past the end (a stale link, or the last record of the last page deleted): go to the last one.
  useEffect(() => {
    if (!fresh) return;
    const last = pageCount(fresh.total, fresh.pageSize);
    if (state.page > last) update({ page: last }, { replace: true });
  }, [fresh, state.page, update]);

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
      // The list reloads (the query is invalidated) and the dialog closes.
      onSuccess: (result) => {
        setImporting(false);
        showAlert('success', result.message || INSCRIPTO_MSG.importSuccess(result.imported, result.skipped));
      },
      onError: (error) => {
        setImporting(false);
        showAlert('danger', INSCRIPTO_MSG.importFailed(error instanceof ApiError ? error.message : null));
      },
    });
  };

  // An export can take many seconds (thousands of records): the "Acciones" toggle shows it, a status
  // announces it, and leaving the page cancels the download (no file, no alert, afterwards).
  const [exporting, setExporting] = useState<ListAction | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);
  const runExport = async (action: ListAction) => {
    const spec = action.export;
    if (!spec || exporting) return;
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(action);
    try {
      const { blob, filename } = await apiDownload(spec.path, { signal: controller.signal });
      if (controller.signal.aborted) return;
      saveFile(blob, filename ?? exportFileName(spec, new Date()));
      showAlert('success', spec.success);
    } catch {
      if (!controller.signal.aborted) showAlert('danger', spec.failure);
    } finally {
      if (exportAbort.current === controller) exportAbort.current = null;
      if (!controller.signal.aborted) setExporting(null);
    }
  };

  const onAction = (action: ListAction) => {
    if (action.key === 'import') setImporting(true);
    else void runExport(action);
  };

  const readOnly = !can(user, 'inscriptos:create');
  const savedAt = cached ? cached.savedAt : new Date(list.dataUpdatedAt).toISOString();
  const failure = networkDown ? MSG.auth.connectionClient : errorMessage(list.error, LIST_TEXT.loadFailed);
  const retry = (
    <Button variant="outline-dark" size="sm" onClick={() => void list.refetch()} disabled={loading}>
      {LIST_TEXT.retry}
    </Button>
  );
  const searchId = `${ids}-buscar`;
  const estadoId = `${ids}-estado`;

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
            {can(user, 'inscriptos:import-export') && <ActionsMenu busy={exporting !== null} onSelect={onAction} />}
            <Link to="/inscriptos/nuevo" className="btn btn-primary">
              <span aria-hidden="true">+ </span>
              {INSCRIPTO_MSG.newButton}
            </Link>
          </div>
        )}
      </div>

      {readOnly && (
        <Alert variant="info" className="d-flex align-items-center gap-2">
          <LockIcon />
          <span>{INSCRIPTO_MSG.readOnlyNotice}</span>
        </Alert>
      )}

      <TimedAlert alert={alert} onClose={dismiss} />

      <form role="search" className="inscriptos-filters mb-3" onSubmit={submitSearch}>
        <div className="inscriptos-filters__search">
          <label htmlFor={searchId} className="visually-hidden">
            {LIST_TEXT.searchLabel}
          </label>
          <Form.Control
            id={searchId}
            type="search"
            placeholder={INSCRIPTO_MSG.searchPlaceholder}
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        {allowMine && (
          <div className="btn-group" role="group" aria-label={LIST_TEXT.mineGroup}>
            <Button
              variant={state.mias ? 'primary' : 'outline-primary'}
              aria-pressed={state.mias}
              onClick={() => update({ mias: true, page: 1 })}
            >
              {LIST_TEXT.mine}
            </Button>
            <Button
              variant={state.mias ? 'outline-primary' : 'primary'}
              aria-pressed={!state.mias}
              onClick={() => update({ mias: false, page: 1 })}
            >
              {LIST_TEXT.all}
            </Button>
          </div>
        )}
        <div className="inscriptos-filters__estado">
          <label htmlFor={estadoId} className="visually-hidden">
            {LIST_TEXT.estadoLabel}
          </label>
          <Form.Select
            id={estadoId}
            value={state.estado ?? ''}
            onChange={(event) => update({ estado: (event.target.value || null) as Estado | null, page: 1 })}
          >
            <option value="">{LIST_TEXT.estadoAll}</option>
            <option value="pendiente">{LIST_TEXT.estadoPendientes}</option>
            <option value="finalizado">{LIST_TEXT.estadoFinalizados}</option>
          </Form.Select>
        </div>
      </form>

      {((list.isError && shown) || showOffline) && (
        <Alert
          variant={showOffline ? 'warning' : 'danger'}
          role="alert"
          className="d-flex flex-wrap align-items-center gap-2"
        >
          <span>
            {showOffline ? LIST_TEXT.offline(displayDate(savedAt), horaMontevideo(savedAt)) : failure}
            {showOffline && otherView && ` ${LIST_TEXT.offlineOtherView}`}
          </span>
          {retry}
        </Alert>
      )}

      <div role="status" className="visually-hidden">
        {loading ? LIST_TEXT.loading : ''}
      </div>
      <div role="status" className="visually-hidden">
        {exporting?.export ? LIST_TEXT.exportingStatus(exporting.export.format) : ''}
      </div>

      {list.isError && !shown && !list.isFetching ? (
        <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2">
          <span>{failure}</span>
          {retry}
        </Alert>
      ) : (
        <>
          <div className="inscriptos-table-region" aria-busy={loading}>
            <Table hover responsive className="align-middle mb-0 inscriptos-table">
              <caption className="visually-hidden">{LIST_TEXT.caption(shown ? shown.page : state.page, pages)}</caption>
              <thead>
                <tr>
                  <th scope="col">N° Inscripción</th>
                  <th scope="col">Nombre</th>
                  <th scope="col">Cédula</th>
                  <th scope="col">Fecha inscripción</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Acciones</th>
                </tr>
              </thead>
              <tbody>
                {!shown ? (
                  <LoadingRows />
                ) : shown.items.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS} className="text-center text-body-secondary py-4">
                      {shownFilters.q.trim() ? INSCRIPTO_MSG.listNoMatch : INSCRIPTO_MSG.listEmpty}
                    </td>
                  </tr>
                ) : (
                  shown.items.map((item) => (
                    <InscriptoRow key={item.id} item={item} user={user} onDelete={() => setDeleting(item)} />
                  ))
                )}
              </tbody>
            </Table>
            {loading && shown && (
              <div className="inscriptos-table-region__spinner" aria-hidden="true">
                <Spinner animation="border" variant="primary" />
              </div>
            )}
          </div>

          <div className="inscriptos-footer">
            <div>
              <p className="mb-0" aria-live="polite">
                {shown ? showingText(shown, shownFilters) : '\u00a0'}
              </p>
              <p className="mb-0 text-body-secondary">{shown ? INSCRIPTO_MSG.page(shown.page, pages) : '\u00a0'}</p>
            </div>
            {shown && (
              <ul className="inscriptos-resumen" aria-label={LIST_TEXT.summaryLabel}>
                <li>
                  {LIST_TEXT.summaryTotal}: <strong>{shown.resumen.total}</strong>
                </li>
                <li>
                  {LIST_TEXT.summaryPending}: <strong>{shown.resumen.pendientes}</strong>
                </li>
                <li>
                  {LIST_TEXT.summaryFinalized}: <strong>{shown.resumen.finalizados}</strong>
                </li>
              </ul>
            )}
          </div>

          {shown && (
            <PaginationNav
              page={shown.page}
              pages={pages}
              hrefFor={(page) => listStateToParams({ ...state, page }).toString()}
            />
          )}
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

function InscriptoRow({ item, user, onDelete }: { item: Item; user: TSessionUser; onDelete: () => void }) {
  const nombre = fullName(item);
  const readOnly = !can(user, 'inscriptos:create');
  const canEdit = canEditInscripto(user, { createdBy: item.createdBy, funcionario: item.funcionario });
  const showDelete = can(user, 'inscriptos:delete');
  const who = <span className="visually-hidden"> la inscripción de {nombre}</span>;

  return (
    <tr>
      <td>
        {item.numeroInscripcion ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">{LIST_TEXT.noNumber}</span>
          </>
        )}
      </td>
      <td>{nombre}</td>
      <td className="text-nowrap">{displayCi(item)}</td>
      <td>{displayDate(item.fechaInscripcion)}</td>
      <td>
        {item.estado === 'finalizado' ? (
          <Badge bg="success">{INSCRIPTO_MSG.badgeFinalized}</Badge>
        ) : (
          <Badge bg="warning" text="dark">
            {INSCRIPTO_MSG.badgePending}
          </Badge>
        )}
      </td>
      <td className="text-nowrap">
        {readOnly ? (
          <span className="inscriptos-readonly-icon" title={LIST_TEXT.readOnlyIcon}>
            <LockIcon />
            <span className="visually-hidden">{LIST_TEXT.readOnlyIcon}</span>
          </span>
        ) : (
          <div className="d-flex gap-2">
            {canEdit ? (
              <Link to={`/inscriptos/${encodeURIComponent(item.id)}`} className="btn btn-sm btn-outline-primary">
                Editar{who}
              </Link>
            ) : (
              <WithTooltip text={INSCRIPTO_MSG.noEditPermission}>
                <button type="button" className="btn btn-sm btn-outline-secondary app-unavailable" aria-disabled="true">
                  Editar{who}
                </button>
              </WithTooltip>
            )}
            {showDelete && (
              <Button variant="outline-danger" size="sm" onClick={onDelete}>
                Eliminar{who}
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The first load: rows of the page's size, so nothing moves when the data arrives. */
function LoadingRows() {
  return Array.from({ length: PAGE_SIZE }, (_, row) => (
    <tr key={row} className="placeholder-glow inscriptos-loading-row" aria-hidden="true">
      {Array.from({ length: COLUMNS }, (_, cell) => (
        <td key={cell}>
          <span className="placeholder col-8" />
        </td>
      ))}
    </tr>
  ));
}

/**
 * SPEC 2, administrators only: import and the four exports. An entry whose endpoint the server lacks is a
 * disabled item (aria-disabled, nothing happens on selection) that the arrow keys still reach, for its
 * tooltip. While a file is prepared the toggle shows a spinner and "Exportando...", and does not open: it
 * is aria-disabled rather than disabled, so the keyboard focus stays on it.
 */
function ActionsMenu({ busy, onSelect }: { busy: boolean; onSelect: (action: ListAction) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (busy && open) setOpen(false);
  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next && !busy)}>
      <Dropdown.Toggle
        variant="outline-secondary"
        id={`acciones-${id}`}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        className={busy ? 'inscriptos-acciones--busy' : undefined}
      >
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {busy ? LIST_TEXT.exporting : LIST_TEXT.actions}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LIST_ACTIONS.map((action) =>
          action.available ? (
            <Dropdown.Item key={action.key} as="button" type="button" onClick={() => onSelect(action)}>
              {action.label}
            </Dropdown.Item>
          ) : (
            <WithTooltip key={action.key} text={LIST_TEXT.unavailable} placement="left">
              <Dropdown.Item as="button" type="button" disabled className="app-unavailable">
                {action.label}
              </Dropdown.Item>
            </WithTooltip>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

function LockIcon() {
  return (
    <svg
      className="inscriptos-lock"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 1a3 3 0 0 0-3 3v3H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V4a3 3 0 0 0-3-3Zm-2 6V4a2 2 0 1 1 4 0v3H6Z" />
    </svg>
  );
}
