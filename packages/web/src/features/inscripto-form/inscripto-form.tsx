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
import { listPath } from '../../lib/list-return.ts';
import { useTimedAlert, type AlertVariant } from '../../lib/timed-alert.tsx';
import { RefinalizePrompts } from './refinalize-prompts.tsx';
import { FinalizeWarningAlert } from './finalize-warning-alert.tsx';
import { FinalizedModal } from './finalized-modal.tsx';
import { FormActions } from './form-actions.tsx';
import { FormFlash } from './form-flash.tsx';
import { FormNotices, RequiredNote } from './form-notices.tsx';
import { blockersOf, markedFields, requiredFields } from './form-rules.ts';
import { FormSections } from './form-sections.tsx';
import { FormUiContext, type FormUi } from './form-ui.ts';
import { rulesInput, toFormValues, toPayload, type FormValues } from './form-values.ts';
import { FuncionarioField } from './funcionario-field.tsx';
import { useCiCheck } from './inscripto-api.ts';
import { inscriptoOutbox } from './outbox/inscripto-outbox.ts';
import { OutboxBanner, OutboxPending } from './outbox/outbox-banner.tsx';
import { ProgressHeader } from './progress-header.tsx';
import type { QueuedRecord } from './record-meta.ts';
import { RecordTools } from './record-tools.tsx';
import { sectionStates } from './section-status.ts';
import { SectionStepper } from './section-stepper.tsx';
import { UnsavedChangesModal } from './unsaved-changes-modal.tsx';
import { useConflict } from './use-conflict.ts';
import { useFinalizeWarning } from './use-finalize-warning.ts';
import { useFormCiclo } from './use-form-ciclo.ts';
import { useFormSkipLink } from './use-form-skip-link.ts';
import { useFormSubmit } from './use-form-submit.ts';
import { useFormPdfs } from './use-form-pdfs.ts';
import { useInscriptoSave } from './use-inscripto-save.ts';
import { useSectionNavigation } from './use-section-navigation.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';
import { duenoDeLaCola } from '../../lib/escuela.ts';

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
 * its hooks: saving (use-form-submit, use-inscripto-save), sections (use-section-navigation), conflicts,
 * PDFs, and the unsaved-changes guard.
 */
export function InscriptoForm({ record, queued, initialOpen, initialFlash, initialFlashVariant }: InscriptoFormProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const idPrefix = useId().replace(/[^\w-]/g, '');
  const { alert, show: showAlert, dismiss } = useTimedAlert();

  const canChooseFuncionario = can(user, 'inscriptos:choose-funcionario');
  // A record of a closed admission cycle is read-only for everyone (docs/decisions/0014); so is a new one while
  // the current cycle is closed.
  const { cicloCerrado, anioIngreso } = useFormCiclo(record);
  const readOnly =
    cicloCerrado !== null || (record === null ? !can(user, 'inscriptos:create') : !canEditInscripto(user, record));
  // The family's constancia and status code: staff who may edit the record.
  const constancia = can(user, 'inscriptos:codigo-estado') && (record === null || canEditInscripto(user, record));
  const [today] = useState(() => new Date());
  const form = useForm<FormValues>({
    defaultValues: queued
      ? toFormValues(queued.data, user?.username ?? '')
      : toFormValues(record, record ? '' : (user?.username ?? '')),
  });
  const values = form.watch();
  const data = rulesInput(values);
  const typed = () => toPayload(form.getValues(), canChooseFuncionario);
  const guard = useUnsavedGuard(typed, !readOnly);

  const outbox = inscriptoOutbox();
  const owner = user ? { id: duenoDeLaCola(user), username: user.username } : null;
  const save = useInscriptoSave({ record, queued, owner, outbox });
  const { meta, isNew } = save;
  const navigation = useSectionNavigation(idPrefix, initialOpen, isNew);
  const finalizeWarning = useFinalizeWarning();
  const pdfs = useFormPdfs(() => toPayload(form.getValues(), true), showAlert);
  const conflict = useConflict(
    meta.id,
    (fresh) => {
      form.reset(toFormValues(fresh));
      guard.markSaved(typed());
      save.adopt(fresh);
      submit.resetAttempted();
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
  const submit = useFormSubmit({
    typed,
    data: () => rulesInput(form.getValues()),
    blockers,
    ciDuplicate: ciCheck.duplicate,
    save,
    navigation,
    conflict,
    finalizeWarning,
    pdfs,
    showAlert,
    markSaved: guard.markSaved,
    finalizedRecord: meta.estado === 'finalizado',
    anioIngreso,
  });
  const { attempted, busy } = submit;

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
    // A read-only form asks nothing of the reader: no required marks.
    isRequired: (name) => !readOnly && required.has(name),
    fieldError: (name) => fieldErrors.get(name),
    householdAutoTick,
    ciCheck,
    reserved: new Set(record?.camposReservados),
    anioIngreso,
    guardada: meta.id !== null && !guard.isDirty(),
  };

  // After a create, the page for the new id opens the next section and shows the message.
  const { reveal } = navigation;
  useEffect(() => {
    // A success was announced before the page moved here (use-form-submit): shown, not said again.
    const variant = initialFlashVariant ?? 'success';
    if (initialFlash) showAlert(variant, initialFlash, variant === 'success');
    if (initialOpen) reveal(initialOpen);
  }, [initialFlash, initialFlashVariant, initialOpen, showAlert, reveal]);

  const title = isNew ? INSCRIPTO_MSG.titleNew : readOnly ? INSCRIPTO_MSG.titleView : INSCRIPTO_MSG.titleEdit;
  // Completeness and "condicional" would be computed without the withheld fields: not shown then.
  const withheld = !!ui.reserved?.size;
  const fieldsId = `${idPrefix}-campos`;
  useFormSkipLink(fieldsId, readOnly);
  // Back to the list as the user left it (filters and page); the new page starts at its top.
  const toList = () => void navigate(listPath());

  return (
    <FormUiContext value={ui}>
      <FormProvider {...form}>
        <title>{`${title} · Inscripciones`}</title>
        <h1 className="h2 mb-3">{title}</h1>

        <FormFlash
          alert={alert}
          onClose={dismiss}
          conflict={conflict}
          onBackup={readOnly ? undefined : () => void pdfs.conflictBackup()}
        />

        <RefinalizePrompts submit={submit} />
        <OutboxBanner outbox={outbox} showPending={navigation.open === null} />
        <FormNotices readOnly={readOnly} role={user?.role} cicloCerrado={cicloCerrado} />

        {!withheld && (
          <ProgressHeader
            id={`${idPrefix}-progreso`}
            percent={completionPercent(data)}
            estado={meta.estado}
            missing={labelsOf(missing, anioIngreso)}
            numeroInscripcion={meta.numeroInscripcion}
            conditional={isConditional(data)}
          />
        )}

        <div id={fieldsId}>
          <FuncionarioField canChoose={canChooseFuncionario} value={values.funcionario} readOnly={readOnly} />

          {!readOnly && <RequiredNote />}

          {!withheld && (
            <SectionStepper
              states={sectionStates((section) => blockers(section), missing, navigation.open)}
              onGo={navigation.go}
            />
          )}

          <form noValidate onSubmit={(event) => event.preventDefault()} aria-label={title}>
            <FormSections
              idPrefix={idPrefix}
              navigation={navigation}
              readOnly={readOnly}
              busy={busy}
              onSave={(section) => void submit.saveSection(section)}
              blockersOf={(section) => (attempted.has(section) ? blockers(section) : null)}
              openFooter={<OutboxPending outbox={outbox} />}
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
              onFinalize={() => void submit.finalize()}
              onCancel={toList}
              onExportPdf={() => void pdfs.exportPdf(meta.id, meta.numeroInscripcion)}
            />
          </form>
        </div>
        {!isNew && meta.id && <RecordTools id={meta.id} numero={meta.numeroInscripcion} constancia={constancia} />}

        {submit.finalized !== null && (
          <FinalizedModal
            key={submit.finalized}
            numero={submit.finalized}
            fueraDelSorteo={submit.fueraDelSorteo}
            id={constancia ? meta.id : null}
            onClose={toList}
          />
        )}
        {guard.asking && <UnsavedChangesModal onStay={guard.stay} onLeave={guard.leave} />}
      </FormProvider>
    </FormUiContext>
  );
}
