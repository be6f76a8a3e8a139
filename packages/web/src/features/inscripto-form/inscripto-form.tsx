import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { completionPercent, missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import type { SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { labelsOf } from '@inscripciones/shared/inscriptos/sections.ts';
import { isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import { can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert, type AlertVariant } from '../../lib/timed-alert.tsx';
import { ConflictAlert } from './conflict-alert.tsx';
import { DuplicadoAviso } from './duplicado-aviso.tsx';
import { FinalizeWarningAlert } from './finalize-warning-alert.tsx';
import { FinalizedModal } from './finalized-modal.tsx';
import { FormActions } from './form-actions.tsx';
import { FormNotices } from './form-notices.tsx';
import { blockersOf, markedFields, requiredFields } from './form-rules.ts';
import { FormSections } from './form-sections.tsx';
import { FormUiContext, type FormUi } from './form-ui.ts';
import { useCiclos } from '../../lib/use-ciclos.ts';
import { rulesInput, toFormValues, toPayload, type FormValues } from './form-values.ts';
import { FuncionarioField } from './funcionario-field.tsx';
import { useCiCheck } from './inscripto-api.ts';
import { inscriptoOutbox } from './outbox/inscripto-outbox.ts';
import { OutboxBanner } from './outbox/outbox-banner.tsx';
import { ProgressHeader } from './progress-header.tsx';
import type { FormNavigationState, QueuedRecord } from './record-meta.ts';
import { useConflict } from './use-conflict.ts';
import { finalizeBlocker, useFinalizeWarning } from './use-finalize-warning.ts';
import { useFormPdfs } from './use-form-pdfs.ts';
import { useInscriptoSave, type SaveOutcome } from './use-inscripto-save.ts';
import { nextSection, useSectionNavigation } from './use-section-navigation.ts';

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

/**
 * The 11-section enrolment form (SPEC 2, 4, 5): progressive save, finalise, read-only modes. A view over
 * its hooks: saving (use-inscripto-save), sections (use-section-navigation), conflicts, PDFs.
 */
export function InscriptoForm({ record, queued, initialOpen, initialFlash, initialFlashVariant }: InscriptoFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const idPrefix = useId().replace(/[^\w-]/g, '');
  const { alert, show: showAlert, dismiss } = useTimedAlert();

  const canChooseFuncionario = can(user, 'inscriptos:choose-funcionario');
  // A record of a closed admission cycle is read-only for everyone (docs/decisions/0014); so is a new one while
  // the current cycle is closed.
  const { actual: cicloActual } = useCiclos();
  const cicloDelRegistro = record ? record.ciclo : cicloActual;
  const cicloCerrado = cicloDelRegistro?.estado === 'cerrado' ? cicloDelRegistro.nombre : null;
  const readOnly =
    cicloCerrado !== null || (record === null ? !can(user, 'inscriptos:create') : !canEditInscripto(user, record));
  const [today] = useState(() => new Date());
  const form = useForm<FormValues>({
    defaultValues: queued
      ? toFormValues(queued.data, user?.username ?? '')
      : toFormValues(record, record ? '' : (user?.username ?? '')),
  });
  const values = form.watch();
  const data = rulesInput(values);
  const typed = () => toPayload(form.getValues(), canChooseFuncionario);

  const outbox = inscriptoOutbox();
  const owner = user ? { id: user.id, username: user.username } : null;
  const save = useInscriptoSave({ record, queued, owner, outbox });
  const { meta, isNew } = save;
  const navigation = useSectionNavigation(idPrefix, initialOpen, isNew);
  const [attempted, setAttempted] = useState<ReadonlySet<SectionNumber>>(new Set());
  const [busy, setBusy] = useState<'section' | 'finalize' | null>(null);
  const [finalized, setFinalized] = useState<number | string | null>(null);
  const finalizeWarning = useFinalizeWarning();
  const pdfs = useFormPdfs(() => toPayload(form.getValues(), true), showAlert);
  const conflict = useConflict(
    meta.id,
    (fresh) => {
      form.reset(toFormValues(fresh));
      save.adopt(fresh);
      setAttempted(new Set());
      finalizeWarning.clear();
    },
    (message) => showAlert('danger', message),
  );
  const householdAutoTick = useRef({ done: false }).current;

  const ciCheck = useCiCheck(values.ci, meta.id);
  const required = useMemo(() => requiredFields(values, today), [values, today]);
  const missing = missingForCompleteness(data);
  const complete = missing.length === 0;
  const blockers = (section: SectionNumber, at = today) => blockersOf(section, values, at, ciCheck.duplicate);

  // The findings of the sections whose "Siguiente" was pressed mark their inputs, live as the user fixes them.
  const fieldErrors = new Map<string, string>();
  for (const section of attempted) {
    for (const { name, message } of markedFields(blockers(section).missing)) fieldErrors.set(name, message);
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
    reserved: new Set(record?.camposReservados),
  };

  // After a create, the page for the new id opens the next section and shows the message.
  const { reveal } = navigation;
  useEffect(() => {
    if (initialFlash) showAlert(initialFlashVariant ?? 'success', initialFlash);
    if (initialOpen) reveal(initialOpen);
  }, [initialFlash, initialFlashVariant, initialOpen, showAlert, reveal]);

  /** Moves a new enrolment's page to the record's address, which opens the next section with the message. */
  const moveTo = (id: string, section: SectionNumber | null, flash: string, flashVariant?: AlertVariant) => {
    const state: FormNavigationState = { openSection: nextSection(section), flash, flashVariant };
    void navigate(`/inscriptos/${id}`, { replace: true, state });
  };

  /** What every save shows when it did not reach the server, or met a conflict. */
  const showUnsaved = (outcome: SaveOutcome, section: SectionNumber | null) => {
    if (outcome.kind === 'queued') {
      if (outcome.moveTo) return moveTo(outcome.moveTo, section, outcome.message, 'warning');
      showAlert('warning', outcome.message);
      if (section !== null) navigation.openNext(section);
    } else if (outcome.kind === 'not-queued') showAlert('danger', outcome.message);
    else if (outcome.kind === 'conflict') conflict.show(outcome.message);
  };

  const saveSection = async (section: SectionNumber) => {
    setAttempted((prev) => new Set(prev).add(section));
    const found = blockers(section, new Date());
    if (found.missing.length > 0 || found.errors.length > 0) {
      navigation.focusFirstProblem(section, markedFields(found.missing)[0]?.name);
      return;
    }
    setBusy('section');
    conflict.clear();
    try {
      const outcome = await save.saveSection(typed(), section);
      if (outcome.kind === 'saved') {
        if (outcome.moveTo) return moveTo(outcome.moveTo, section, INSCRIPTO_MSG.sectionSaved);
        showAlert('success', INSCRIPTO_MSG.sectionSaved);
        navigation.openNext(section);
      } else if (outcome.kind === 'invalid') showAlert('danger', INSCRIPTO_MSG.sectionSaveFailed(outcome.message));
      else if (outcome.kind === 'failed') await pdfs.saveBackup(outcome.message);
      else showUnsaved(outcome, section);
    } finally {
      setBusy(null);
    }
  };

  const finalize = async () => {
    finalizeWarning.clear();
    const blocker = finalizeBlocker(data, new Date(), ciCheck.duplicate, save.waiting);
    if (blocker) return finalizeWarning.raise(blocker);
    setBusy('finalize');
    conflict.clear();
    try {
      const outcome = await save.finalize(typed());
      if (outcome.kind === 'saved') setFinalized(outcome.record.numeroInscripcion ?? outcome.record.id);
      else if (outcome.kind === 'incomplete') finalizeWarning.set({ text: outcome.message });
      else if (outcome.kind === 'failed' || outcome.kind === 'invalid') showAlert('danger', outcome.message);
      else showUnsaved(outcome, null);
    } finally {
      setBusy(null);
    }
  };

  const title = isNew ? INSCRIPTO_MSG.titleNew : INSCRIPTO_MSG.titleEdit;

  return (
    <FormUiContext value={ui}>
      <FormProvider {...form}>
        <title>{`${title} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{title}</h1>

        <div className="inscripto-form__flash">
          <TimedAlert alert={alert} onClose={dismiss} />
          {conflict.conflict && (
            <ConflictAlert
              message={conflict.conflict}
              reloading={conflict.reloading}
              onReload={() => void conflict.reload()}
              onBackup={readOnly ? undefined : () => void pdfs.conflictBackup()}
              focusRef={conflict.ref}
            />
          )}
        </div>

        <OutboxBanner outbox={outbox} />
        <FormNotices readOnly={readOnly} role={user?.role} cicloCerrado={cicloCerrado} />

        {/* Completeness and "condicional" would be computed without the withheld fields: not shown then. */}
        {!ui.reserved?.size && (
          <ProgressHeader
            id={`${idPrefix}-progreso`}
            percent={completionPercent(data)}
            estado={meta.estado}
            missing={labelsOf(missing)}
            numeroInscripcion={meta.numeroInscripcion}
            conditional={isConditional(data)}
          />
        )}

        <FuncionarioField canChoose={canChooseFuncionario} value={values.funcionario} readOnly={readOnly} />

        {!readOnly && (
          <p className="small text-body-secondary">
            Los campos marcados con <span className="text-danger">*</span> son obligatorios.
          </p>
        )}

        <DuplicadoAviso values={data} recordId={meta.id} readOnly={readOnly} />

        <form noValidate onSubmit={(event) => event.preventDefault()} aria-label={title}>
          <FormSections
            idPrefix={idPrefix}
            navigation={navigation}
            readOnly={readOnly}
            busy={busy}
            onSave={(section) => void saveSection(section)}
            blockersOf={(section) => (attempted.has(section) ? blockers(section) : null)}
          />
          <FinalizeWarningAlert warning={finalizeWarning.warning} focusRef={finalizeWarning.ref} />
          <FormActions
            idPrefix={idPrefix}
            readOnly={readOnly}
            complete={complete}
            busy={busy}
            showPdf={!isNew}
            pdfPending={save.waiting > 0 || meta.version === 0}
            exporting={pdfs.exporting}
            onFinalize={() => void finalize()}
            onCancel={() => void navigate('/inscriptos')}
            onExportPdf={() => void pdfs.exportPdf(meta.id, meta.numeroInscripcion)}
          />
        </form>

        {finalized !== null && (
          <FinalizedModal key={finalized} numero={finalized} onClose={() => void navigate('/inscriptos')} />
        )}
      </FormProvider>
    </FormUiContext>
  );
}
