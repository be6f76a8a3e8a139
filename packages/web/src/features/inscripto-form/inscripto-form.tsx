import { useCallback, useEffect, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import type { TInscripto, Estado } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { completionPercent, missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { SECTION_NUMBERS, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import { MSG } from '@inscripciones/shared/messages.ts';
import { can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert, type AlertVariant } from '../../lib/timed-alert.tsx';
import { newId } from '@inscripciones/shared/ids.ts';
import { FinalizedModal } from './finalized-modal.tsx';
import { FormSection, sectionBodyId, type SectionBlockers } from './form-section.tsx';
import { blockersOf, missingFields, requiredFields } from './form-rules.ts';
import { FormUiContext, fieldId, type FormUi } from './form-ui.ts';
import { rulesInput, toFormValues, toPayload, type FormValues } from './form-values.ts';
import { FuncionarioField } from './funcionario-field.tsx';
import {
  createInscripto,
  downloadBackupPdf,
  downloadInscriptoPdf,
  fetchInscripto,
  saveInscripto,
  useCiCheck,
} from './inscripto-api.ts';
import { inscriptoOutbox, pendingOf, useOutboxView } from './outbox/inscripto-outbox.ts';
import { OutboxBanner } from './outbox/outbox-banner.tsx';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';
import type { SentEvent } from './outbox/outbox.ts';
import { ProgressHeader } from './progress-header.tsx';
import { classifySaveError } from './save-errors.ts';
import { SectionDomicilio } from './sections/section-domicilio.tsx';
import { SectionHermanosInscriben } from './sections/section-hermanos-inscriben.tsx';
import { SectionHermanosPrimaria } from './sections/section-hermanos-primaria.tsx';
import { SectionHogar } from './sections/section-hogar.tsx';
import { SectionIngresos } from './sections/section-ingresos.tsx';
import { SectionMotivaciones } from './sections/section-motivaciones.tsx';
import { SectionNivelEducativo } from './sections/section-nivel-educativo.tsx';
import { SectionObservaciones } from './sections/section-observaciones.tsx';
import { SectionPersonal } from './sections/section-personal.tsx';
import { SectionTrayectoria } from './sections/section-trayectoria.tsx';
import { SectionVivienda } from './sections/section-vivienda.tsx';
import { queryKeys } from '../../lib/query-keys.ts';

const SECTION_BODIES: Record<SectionNumber, ComponentType> = {
  1: SectionPersonal,
  2: SectionDomicilio,
  3: SectionTrayectoria,
  4: SectionHogar,
  5: SectionIngresos,
  6: SectionVivienda,
  7: SectionNivelEducativo,
  8: SectionMotivaciones,
  9: SectionHermanosInscriben,
  10: SectionHermanosPrimaria,
  11: SectionObservaciones,
};

/** SPEC 9: an opened section scrolls into view 150 ms later, 80 px below the top. */
const SCROLL_DELAY_MS = 150;
const SCROLL_OFFSET_PX = 80;

/** What a save tells the next screen after a create navigates to /inscriptos/{id}. */
export interface FormNavigationState {
  openSection?: SectionNumber;
  flash?: string;
  /** Default success; warning when the save was queued in this browser. */
  flashVariant?: AlertVariant;
}

interface RecordMeta {
  id: string | null;
  /** The version the form's data is based on; 0 while the record is not known to be on the server. */
  version: number;
  estado: Estado;
  numeroInscripcion: number | null;
}

const metaOf = (record: TInscripto): RecordMeta => ({
  id: record.id,
  version: record.version,
  estado: record.estado,
  numeroInscripcion: record.numeroInscripcion,
});

/** A record shown from the outbox: its id, the data of its latest queued save, the version its queue starts from. */
export interface QueuedRecord {
  recordId: string;
  data: Record<string, unknown>;
  /** 0: its create is queued too (not on the server yet). */
  baseVersion: number;
}

interface InscriptoFormProps {
  /** The server's copy; null for a new enrolment (/inscriptos/nuevo) or one shown from the outbox. */
  record: TInscripto | null;
  /**
   * A record with changes waiting in this browser's outbox (decision 0010): its id, and the data of its
   * latest queued save, shown instead of the server's older copy.
   */
  queued?: QueuedRecord | null;
  initialOpen?: SectionNumber | null;
  initialFlash?: string | null;
  initialFlashVariant?: AlertVariant;
}

/** The 11-section enrolment form (SPEC 2, 4, 5): progressive save, finalise, read-only modes. */
export function InscriptoForm({ record, queued, initialOpen, initialFlash, initialFlashVariant }: InscriptoFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const idPrefix = useId().replace(/[^\w-]/g, '');
  const { alert, show: showAlert, dismiss } = useTimedAlert();

  const isNew = record === null && !queued;
  const canChooseFuncionario = can(user, 'inscriptos:choose-funcionario');
  const readOnly = record === null ? !can(user, 'inscriptos:create') : !canEditInscripto(user, record);
  const [today] = useState(() => new Date());
  const [clientId] = useState(() => newId());
  const [meta, setMeta] = useState<RecordMeta>(() =>
    record
      ? metaOf(record)
      : {
          id: queued?.recordId ?? null,
          version: queued?.baseVersion ?? 0,
          estado: 'pendiente',
          numeroInscripcion: null,
        },
  );

  const form = useForm<FormValues>({
    defaultValues: queued
      ? toFormValues(queued.data, user?.username ?? '')
      : toFormValues(record, record ? '' : (user?.username ?? '')),
  });

  const outbox = inscriptoOutbox();
  const outboxView = useOutboxView(outbox, user?.id);
  /** This record's saves still waiting in the outbox: later saves queue behind them. */
  const waiting = pendingOf(outboxView, meta.id).length;
  const blockedHere = outboxView.blocked.some((i) => i.recordId === meta.id);
  const [exporting, setExporting] = useState(false);
  const values = form.watch();
  const data = rulesInput(values);

  const [open, setOpen] = useState<SectionNumber | null>(() => {
    if (initialOpen !== undefined && initialOpen !== null) return initialOpen;
    if (isNew) return 1;
    return null;
  });
  const [attempted, setAttempted] = useState<ReadonlySet<SectionNumber>>(new Set());
  const [busy, setBusy] = useState<'section' | 'finalize' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [finalizeWarning, setFinalizeWarning] = useState<{ text: string; list?: string[] } | null>(null);
  const [finalized, setFinalized] = useState<number | string | null>(null);
  const householdAutoTick = useRef({ done: false }).current;
  const headers = useRef(new Map<SectionNumber, HTMLButtonElement>());
  const messages = useRef(new Map<SectionNumber, HTMLDivElement>());
  const finalizeWarningRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  const ciCheck = useCiCheck(values.ci, meta.id);
  const required = useMemo(() => requiredFields(values, today), [values, today]);
  const missing = missingForCompleteness(data);
  const percent = completionPercent(data);
  const complete = missing.length === 0;

  const blockers = (section: SectionNumber, at = today) => blockersOf(section, values, at, ciCheck.duplicate);

  // Missing fields of the sections whose "Siguiente" was pressed, live as the user fills them in.
  const fieldErrors = new Map<string, string>();
  for (const section of attempted) {
    for (const { name, message } of missingFields(values, blockers(section).missing)) fieldErrors.set(name, message);
  }

  const ui: FormUi = {
    readOnly,
    canSetFueraDeZona: can(user, 'inscriptos:set-fuera-de-zona'),
    recordId: meta.id,
    today,
    idPrefix,
    values,
    isRequired: (name) => required.has(name),
    fieldError: (name) => fieldErrors.get(name),
    householdAutoTick,
    ciCheck,
  };

  // ---------------------------------------------------------------- opening sections

  const scrollToSection = useCallback((section: SectionNumber) => {
    window.setTimeout(() => {
      const header = headers.current.get(section);
      if (!header) return;
      const top = header.getBoundingClientRect().top + window.scrollY - SCROLL_OFFSET_PX;
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo?.({ top, behavior: smooth ? 'smooth' : 'auto' });
    }, SCROLL_DELAY_MS);
  }, []);

  const toggle = (section: SectionNumber) => {
    if (open === section) {
      setOpen(null);
      return;
    }
    setOpen(section);
    scrollToSection(section);
  };

  const openNext = (section: SectionNumber) => {
    const next = SECTION_NUMBERS.find((n) => n > section) ?? null;
    setOpen(next);
    const target = next ?? section;
    headers.current.get(target)?.focus({ preventScroll: true });
    if (next) scrollToSection(next);
  };

  // After a create, the page for the new id opens the next section and shows the message.
  useEffect(() => {
    if (initialFlash) showAlert(initialFlashVariant ?? 'success', initialFlash);
    if (initialOpen) {
      headers.current.get(initialOpen)?.focus({ preventScroll: true });
      scrollToSection(initialOpen);
    }
  }, [initialFlash, initialFlashVariant, initialOpen, showAlert, scrollToSection]);

  // ---------------------------------------------------------------- saving

  const afterWrite = (saved: TInscripto) => {
    setMeta(metaOf(saved));
    queryClient.setQueryData(queryKeys.inscripto(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
  };

  /** Someone else saved this record after it was read: the server says so with its own code. */
  const isStale = (error: unknown): boolean => error instanceof ApiError && error.code === 'STALE_VERSION';

  // The outbox sent a queued save of this record: the form's data is now at the version that save produced.
  // (Only forward: a form that read a newer copy from the server keeps it.)
  useEffect(() => {
    const recordId = meta.id;
    if (!recordId) return;
    const apply = (event: SentEvent<TInscripto>) =>
      setMeta((prev) =>
        prev.id === event.record.id && event.version > prev.version
          ? { ...metaOf(event.record), version: event.version }
          : prev,
      );
    const earlier = outbox.lastSent(recordId);
    if (earlier) apply(earlier);
    return outbox.onSent((event) => {
      if (event.record.id !== recordId) return;
      apply(event);
      queryClient.setQueryData(queryKeys.inscripto(event.record.id), event.record);
      void queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
    });
  }, [meta.id, outbox, queryClient]);

  // A record created offline whose queue emptied without this tab sending it (another tab did): read its
  // version. A 404 means its create was refused: the next save creates it, with the same id.
  useEffect(() => {
    const recordId = meta.id;
    if (!recordId || meta.version !== 0 || waiting > 0 || blockedHere || !outboxView.ready) return;
    const controller = new AbortController();
    fetchInscripto(recordId, controller.signal)
      .then((fresh) => setMeta((prev) => (prev.id === fresh.id && prev.version === 0 ? metaOf(fresh) : prev)))
      .catch(() => {
        // Not there (yet) or no connection: the next save decides.
      });
    return () => controller.abort();
  }, [meta.id, meta.version, waiting, blockedHere, outboxView.ready]);

  /** Who queues: the session's user (captured now, as a 401 clears the session). */
  const owner = user ? { id: user.id, username: user.username } : null;

  /**
   * Puts a save in this browser's outbox (decision 0010). A record not yet on the server is queued as a
   * create with the browser's id (idempotent), and the page moves to /inscriptos/{id} like after a create.
   */
  const queueSave = async (
    body: Record<string, unknown>,
    section: SectionNumber | null,
    at: { id: string | null; version: number },
    message: string,
    reason: string,
  ) => {
    const recordId = at.id ?? clientId;
    try {
      if (!owner) throw new Error('Sin sesión');
      await outbox.enqueue({
        owner,
        recordId,
        kind: at.version > 0 ? 'update' : 'create',
        version: at.version > 0 ? at.version : null,
        payload: body,
        section,
      });
    } catch {
      showAlert('danger', OUTBOX_MSG.storageFailed(reason));
      return;
    }
    const next = section === null ? undefined : SECTION_NUMBERS.find((n) => n > section);
    if (isNew) {
      // Still on /inscriptos/nuevo: move to the record's page, which shows it from the outbox.
      const state: FormNavigationState = { openSection: next, flash: message, flashVariant: 'warning' };
      void navigate(`/inscriptos/${recordId}`, { replace: true, state });
      return;
    }
    showAlert('warning', message);
    if (section !== null) openNext(section);
  };

  /** SPEC 4: the server was reached but did not save: a backup PDF of what was typed. */
  const saveBackup = async (message: string) => {
    try {
      await downloadBackupPdf(toPayload(form.getValues(), true));
      showAlert('warning', INSCRIPTO_MSG.saveFailedBackupPdf(message));
    } catch {
      showAlert('danger', INSCRIPTO_MSG.saveFailedNoBackup(message));
    }
  };

  const conflictBackup = async () => {
    try {
      await downloadBackupPdf(toPayload(form.getValues(), true));
      showAlert('success', OUTBOX_MSG.backupPdfDone);
    } catch (error) {
      showAlert('danger', OUTBOX_MSG.backupPdfFailed(errorMessage(error, INSCRIPTO_MSG.pdfExportFailed)));
    }
  };

  const showConflict = (message: string) => {
    setConflict(message);
    window.setTimeout(() => conflictRef.current?.focus(), 0);
  };

  const focusFirstProblem = (section: SectionNumber, found: SectionBlockers) => {
    const first = missingFields(values, found.missing)[0];
    window.setTimeout(() => {
      const body = document.getElementById(sectionBodyId(idPrefix, section));
      const target =
        (first && body?.querySelector<HTMLElement>(`[name="${first.name}"]:not([disabled])`)) ||
        document.getElementById(fieldId(idPrefix, first?.name ?? '')) ||
        messages.current.get(section);
      target?.focus();
    }, 0);
  };

  const saveSection = async (section: SectionNumber) => {
    setAttempted((prev) => new Set(prev).add(section));
    const found = blockers(section, new Date());
    if (found.missing.length > 0 || found.errors.length > 0) {
      focusFirstProblem(section, found);
      return;
    }
    setBusy('section');
    setConflict(null);
    const body = toPayload(form.getValues(), canChooseFuncionario);
    const at = { id: meta.id, version: meta.version };
    try {
      // Earlier saves of this record still wait in the outbox: this one goes after them, never around them.
      if (waiting > 0) {
        await queueSave(body, section, at, OUTBOX_MSG.queuedBehind, MSG.auth.connectionService);
        return;
      }
      if (at.version === 0) {
        // Not on the server yet: a create with the browser's id (a retry returns the same record).
        const saved = await createInscripto(at.id ?? clientId, body);
        afterWrite(saved);
        if (!at.id) {
          const next = SECTION_NUMBERS.find((n) => n > section);
          const state: FormNavigationState = { openSection: next, flash: INSCRIPTO_MSG.sectionSaved };
          void navigate(`/inscriptos/${saved.id}`, { replace: true, state });
          return;
        }
      } else {
        afterWrite(await saveInscripto(at.id!, at.version, body, false));
      }
      showAlert('success', INSCRIPTO_MSG.sectionSaved);
      openNext(section);
    } catch (error) {
      const message = errorMessage(error, at.id ? INSCRIPTO_MSG.backendUpdateFailed : INSCRIPTO_MSG.backendSaveFailed);
      switch (classifySaveError(error)) {
        case 'transient':
          await queueSave(body, section, at, OUTBOX_MSG.queued, message);
          break;
        case 'session':
          await queueSave(body, section, at, OUTBOX_MSG.queuedSession, message);
          break;
        case 'stale':
          showConflict(message);
          break;
        case 'invalid':
          showAlert('danger', INSCRIPTO_MSG.sectionSaveFailed(message));
          break;
        case 'failed':
          await saveBackup(message);
          break;
      }
    } finally {
      setBusy(null);
    }
  };

  const finalize = async () => {
    setFinalizeWarning(null);
    const now = new Date();
    if (!complete) {
      setFinalizeWarning({ text: INSCRIPTO_MSG.cannotFinalize(missing.join(', ')) });
      window.setTimeout(() => finalizeWarningRef.current?.focus(), 0);
      return;
    }
    const errors = ruleErrors(data, now);
    if (ciCheck.duplicate) errors.push(ciCheck.duplicate);
    if (errors.length > 0) {
      setFinalizeWarning({ text: INSCRIPTO_MSG.finalizeFailed(MSG.validation.summary), list: errors });
      window.setTimeout(() => finalizeWarningRef.current?.focus(), 0);
      return;
    }
    if (waiting > 0) {
      // Finalising needs the server (it assigns the number): first the queued saves must arrive.
      setFinalizeWarning({ text: OUTBOX_MSG.finalizeWaiting(waiting) });
      window.setTimeout(() => finalizeWarningRef.current?.focus(), 0);
      return;
    }
    setBusy('finalize');
    setConflict(null);
    const body = toPayload(form.getValues(), canChooseFuncionario);
    let { id, version } = meta;
    try {
      if (!id || version === 0) {
        const created = await createInscripto(id ?? clientId, body);
        afterWrite(created);
        ({ id, version } = created);
      }
      const saved = await saveInscripto(id, version, body, true);
      afterWrite(saved);
      setFinalized(saved.numeroInscripcion ?? saved.id);
    } catch (error) {
      const failure = classifySaveError(error);
      if (failure === 'transient' || failure === 'session') {
        // Nothing typed is lost: the data is queued as a (pending) save; finalising waits for the server.
        const message = failure === 'session' ? OUTBOX_MSG.queuedSession : OUTBOX_MSG.queuedFinalize;
        await queueSave(body, null, { id, version }, message, errorMessage(error, MSG.auth.connectionService));
      } else if (isStale(error)) showConflict(errorMessage(error, INSCRIPTO_MSG.backendUpdateFailed));
      else if (
        error instanceof ApiError &&
        error.status === 400 &&
        error.message.startsWith(INSCRIPTO_MSG.cannotFinalize(''))
      ) {
        setFinalizeWarning({ text: error.message });
      } else showAlert('danger', INSCRIPTO_MSG.finalizeFailed(errorMessage(error, INSCRIPTO_MSG.backendUpdateFailed)));
    } finally {
      setBusy(null);
    }
  };

  /** SPEC 2 "Exportar PDF": inscripcion_{número or id}.pdf, with a 2-second message either way. */
  const exportPdf = async () => {
    if (!meta.id) return;
    setExporting(true);
    try {
      await downloadInscriptoPdf(meta.id, meta.numeroInscripcion);
      showAlert('success', INSCRIPTO_MSG.pdfDownloaded);
    } catch {
      showAlert('danger', INSCRIPTO_MSG.pdfExportFailed);
    } finally {
      setExporting(false);
    }
  };

  /** After a 409: read the record again and show it; the local changes are dropped, never saved over. */
  const reload = async () => {
    if (!meta.id) return;
    setReloading(true);
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: queryKeys.inscripto(meta.id),
        queryFn: ({ signal }) => fetchInscripto(meta.id!, signal),
        staleTime: 0,
      });
      form.reset(toFormValues(fresh));
      setMeta(metaOf(fresh));
      setAttempted(new Set());
      setConflict(null);
      setFinalizeWarning(null);
    } catch (error) {
      showAlert('danger', errorMessage(error, INSCRIPTO_MSG.loadFailed));
    } finally {
      setReloading(false);
    }
  };

  // ---------------------------------------------------------------- render

  const title = isNew ? INSCRIPTO_MSG.titleNew : INSCRIPTO_MSG.titleEdit;
  const readOnlyNotice = !readOnly
    ? null
    : user?.role === 'visitado'
      ? INSCRIPTO_MSG.readOnlyNotice
      : `${INSCRIPTO_MSG.noEditPermission} esta inscripción: solo podés editar las que creaste o tenés asignadas.`;

  return (
    <FormUiContext value={ui}>
      <FormProvider {...form}>
        <title>{`${title} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{title}</h1>

        <div className="inscripto-form__flash">
          <TimedAlert alert={alert} onClose={dismiss} />
          {conflict && (
            <div ref={conflictRef} tabIndex={-1}>
              <Alert variant="danger" role="alert">
                <p className="mb-2">{conflict}</p>
                <div className="d-flex flex-wrap gap-2">
                  <Button variant="danger" size="sm" onClick={() => void reload()} disabled={reloading}>
                    {reloading ? 'Recargando...' : 'Recargar'}
                  </Button>
                  {!readOnly && (
                    <Button variant="outline-dark" size="sm" onClick={() => void conflictBackup()}>
                      {OUTBOX_MSG.backupPdf}
                    </Button>
                  )}
                </div>
              </Alert>
            </div>
          )}
        </div>

        <OutboxBanner outbox={outbox} />

        {readOnlyNotice && (
          <Alert variant="info" role="status">
            {readOnlyNotice}
          </Alert>
        )}

        <ProgressHeader
          id={`${idPrefix}-progreso`}
          percent={percent}
          estado={meta.estado}
          missing={missing}
          numeroInscripcion={meta.numeroInscripcion}
          conditional={isConditional(data)}
        />

        <FuncionarioField canChoose={canChooseFuncionario} value={values.funcionario} readOnly={readOnly} />

        {!readOnly && (
          <p className="small text-body-secondary">
            Los campos marcados con <span className="text-danger">*</span> son obligatorios.
          </p>
        )}

        <form noValidate onSubmit={(event) => event.preventDefault()} aria-label={title}>
          <div className="accordion mb-3">
            {SECTION_NUMBERS.map((section) => {
              const Body = SECTION_BODIES[section];
              return (
                <FormSection
                  key={section}
                  number={section}
                  idPrefix={idPrefix}
                  open={open === section}
                  onToggle={() => toggle(section)}
                  onSave={readOnly ? undefined : () => void saveSection(section)}
                  saving={busy === 'section'}
                  disabled={busy !== null}
                  readOnly={readOnly}
                  blockers={attempted.has(section) ? blockers(section) : null}
                  ownErrors={section === 3}
                  headerRef={(el) => {
                    if (el) headers.current.set(section, el);
                    else headers.current.delete(section);
                  }}
                  messageRef={(el) => {
                    if (el) messages.current.set(section, el);
                    else messages.current.delete(section);
                  }}
                >
                  <Body />
                </FormSection>
              );
            })}
          </div>

          <div ref={finalizeWarningRef} tabIndex={-1}>
            {finalizeWarning && (
              <Alert variant="warning" role="alert">
                {finalizeWarning.text}
                {finalizeWarning.list && (
                  <ul className="list-unstyled mb-0 mt-1">
                    {finalizeWarning.list.map((e) => (
                      <li key={e}>
                        <span aria-hidden="true">❌ </span>
                        {e}
                      </li>
                    ))}
                  </ul>
                )}
              </Alert>
            )}
          </div>

          <div className="d-flex flex-wrap gap-2">
            {!readOnly && (
              <Button
                type="button"
                variant={complete ? 'success' : 'secondary'}
                onClick={() => void finalize()}
                disabled={busy !== null}
                aria-describedby={!complete ? `${idPrefix}-progreso-faltan` : undefined}
              >
                {busy === 'finalize'
                  ? INSCRIPTO_MSG.saving
                  : complete
                    ? INSCRIPTO_MSG.finalize
                    : INSCRIPTO_MSG.cannotFinalizeButton}
              </Button>
            )}
            <Button type="button" variant="outline-secondary" onClick={() => navigate('/inscriptos')}>
              {INSCRIPTO_MSG.cancel}
            </Button>
            {!isNew &&
              (waiting > 0 || meta.version === 0 ? (
                // The server's copy lacks the queued changes: no PDF of it until they arrive.
                <OverlayTrigger
                  placement="top"
                  overlay={<Tooltip id={`${idPrefix}-pdf-tooltip`}>{OUTBOX_MSG.pendingExportHint}</Tooltip>}
                >
                  {/* aria-disabled, not disabled: the button stays in the tab order and says why (focus shows the
                      tooltip through the wrapper); .disabled passes the pointer to the wrapper, which shows it on hover. */}
                  <span className="d-inline-block">
                    <Button
                      type="button"
                      variant="outline-primary"
                      className="disabled"
                      aria-disabled="true"
                      aria-describedby={`${idPrefix}-pdf-ayuda`}
                    >
                      {INSCRIPTO_MSG.exportPdf}
                    </Button>
                    <span id={`${idPrefix}-pdf-ayuda`} className="visually-hidden">
                      {OUTBOX_MSG.pendingExportHint}
                    </span>
                  </span>
                </OverlayTrigger>
              ) : (
                <Button
                  type="button"
                  variant="outline-primary"
                  onClick={() => void exportPdf()}
                  disabled={exporting}
                  aria-busy={exporting}
                >
                  {INSCRIPTO_MSG.exportPdf}
                </Button>
              ))}
          </div>
        </form>

        {finalized !== null && (
          <FinalizedModal key={finalized} numero={finalized} onClose={() => navigate('/inscriptos')} />
        )}
      </FormProvider>
    </FormUiContext>
  );
}
