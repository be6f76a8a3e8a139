import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldError } from '@inscripciones/shared/errors.ts';
import type { SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { InscriptoInput } from '@inscripciones/shared/inscriptos/rules-input.ts';
import { useAnnounce } from '../../lib/announcer.tsx';
import type { AlertVariant } from '../../lib/timed-alert.tsx';
import { markedFields } from './form-rules.ts';
import type { FormNavigationState } from './record-meta.ts';
import type { useConflict } from './use-conflict.ts';
import { finalizeBlocker, type useFinalizeWarning } from './use-finalize-warning.ts';
import type { useFormPdfs } from './use-form-pdfs.ts';
import type { SaveOutcome, useInscriptoSave } from './use-inscripto-save.ts';
import { nextSection, type useSectionNavigation } from './use-section-navigation.ts';

interface FormSubmitOptions {
  /** The payload as typed now (what a save sends). */
  typed: () => Record<string, unknown>;
  /** The rules' view of the values now (for the finalise check). */
  data: () => InscriptoInput & { funcionario?: string | null };
  blockers: (section: SectionNumber, at: Date) => { missing: FieldError[]; errors: FieldError[] };
  ciDuplicate: string | null;
  save: ReturnType<typeof useInscriptoSave>;
  navigation: ReturnType<typeof useSectionNavigation>;
  conflict: ReturnType<typeof useConflict>;
  finalizeWarning: ReturnType<typeof useFinalizeWarning>;
  pdfs: ReturnType<typeof useFormPdfs>;
  showAlert: (variant: AlertVariant, text: string, quiet?: boolean) => void;
  /** A payload reached the server or the outbox: the unsaved-changes guard's new baseline. */
  markSaved: (payload: Record<string, unknown>) => void;
  /** The record is finalised now: a save sends it back to pendiente, out of the raffle. */
  finalizedRecord: boolean;
  /** The intake year of the record's cycle (the missing-field list names "Educación Inicial" with its year). */
  anioIngreso?: number | null;
}

/**
 * "Siguiente" / "Guardar Sección" and "Finalizar Inscripción" (SPEC 4, 5): the checks before asking the
 * server, the save itself (use-inscripto-save) and what each outcome shows.
 */
export function useFormSubmit(o: FormSubmitOptions) {
  const navigate = useNavigate();
  const [attempted, setAttempted] = useState<ReadonlySet<SectionNumber>>(new Set());
  const [busy, setBusy] = useState<'section' | 'finalize' | null>(null);
  const [finalized, setFinalized] = useState<number | string | null>(null);
  const [fueraDelSorteo, setFueraDelSorteo] = useState(false);
  /** The section whose save waits for "Guardar igual" (a finalised record); then the offer to finalise again. */
  const [confirmSave, setConfirmSave] = useState<SectionNumber | null>(null);
  const [offerFinalize, setOfferFinalize] = useState(false);
  const { save, navigation, conflict, finalizeWarning, showAlert } = o;
  const announce = useAnnounce();

  /**
   * Moves a new enrolment's page to the record's address, which opens the next section with the message. A
   * success is announced now, through the live region that outlives the move; the new page only shows it.
   */
  const moveTo = (id: string, section: SectionNumber | null, flash: string, flashVariant?: AlertVariant) => {
    if (!flashVariant || flashVariant === 'success') announce(flash);
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

  const saveSection = async (section: SectionNumber, confirmed = false) => {
    setAttempted((prev) => new Set(prev).add(section));
    const found = o.blockers(section, new Date());
    if (found.missing.length > 0 || found.errors.length > 0) {
      navigation.focusFirstProblem(section, markedFields(found.missing)[0]?.name);
      return;
    }
    // A save sends a finalised record back to pendiente, out of the raffle: ask first.
    const wasFinalized = o.finalizedRecord;
    if (wasFinalized && !confirmed) return setConfirmSave(section);
    setBusy('section');
    conflict.clear();
    try {
      const payload = o.typed();
      const outcome = await save.saveSection(payload, section);
      if (outcome.kind === 'saved' || outcome.kind === 'queued') o.markSaved(payload);
      if (outcome.kind === 'saved') {
        if (outcome.moveTo) return moveTo(outcome.moveTo, section, INSCRIPTO_MSG.sectionSaved);
        // "Sección guardada correctamente" (SPEC 8): said politely, and shown at the top of the form.
        announce(INSCRIPTO_MSG.sectionSaved);
        showAlert('success', INSCRIPTO_MSG.sectionSaved, true);
        if (wasFinalized) setOfferFinalize(true);
        navigation.openNext(section);
      } else if (outcome.kind === 'invalid') showAlert('danger', INSCRIPTO_MSG.sectionSaveFailed(outcome.message));
      else if (outcome.kind === 'failed') await o.pdfs.saveBackup(outcome.message);
      else showUnsaved(outcome, section);
    } finally {
      setBusy(null);
    }
  };

  const finalize = async () => {
    setOfferFinalize(false);
    finalizeWarning.clear();
    const blocker = finalizeBlocker(o.data(), new Date(), o.ciDuplicate, save.waiting, o.anioIngreso);
    if (blocker) return finalizeWarning.raise(blocker);
    setBusy('finalize');
    conflict.clear();
    try {
      const payload = o.typed();
      const outcome = await save.finalize(payload);
      if (outcome.kind === 'saved' || outcome.kind === 'queued') o.markSaved(payload);
      if (outcome.kind === 'saved') {
        setFueraDelSorteo(outcome.record.fueraDelSorteoEnCurso === true);
        setFinalized(outcome.record.numeroInscripcion ?? outcome.record.id);
      } else if (outcome.kind === 'incomplete') finalizeWarning.set({ text: outcome.message });
      else if (outcome.kind === 'failed' || outcome.kind === 'invalid') showAlert('danger', outcome.message);
      else showUnsaved(outcome, null);
    } finally {
      setBusy(null);
    }
  };

  const confirmAndSave = async () => {
    const section = confirmSave;
    setConfirmSave(null);
    if (section !== null) await saveSection(section, true);
  };

  return {
    attempted,
    resetAttempted: () => setAttempted(new Set()),
    busy,
    finalized,
    fueraDelSorteo,
    saveSection,
    finalize,
    confirmSave,
    cancelConfirm: () => setConfirmSave(null),
    confirmAndSave,
    offerFinalize,
    dismissOffer: () => setOfferFinalize(false),
  };
}
