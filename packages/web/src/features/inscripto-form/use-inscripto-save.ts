import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { createInscripto, fetchInscripto, saveInscripto } from './inscripto-api.ts';
import { pendingOf, useOutboxView } from './outbox/inscripto-outbox.ts';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { OutboxOwner, SentEvent } from './outbox/outbox-types.ts';
import { initialMeta, metaOf, type QueuedRecord, type RecordMeta } from './record-meta.ts';
import { classifySaveError } from './save-errors.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

/** The enrolment calls a save makes (the real API by default; tests pass a fake server's). */
export interface SaveApi {
  create: (id: string, body: Record<string, unknown>) => Promise<TInscripto>;
  save: (id: string, version: number, body: Record<string, unknown>, finalizar: boolean) => Promise<TInscripto>;
  read: (id: string, signal?: AbortSignal) => Promise<TInscripto>;
}

const inscriptoSaveApi: SaveApi = { create: createInscripto, save: saveInscripto, read: fetchInscripto };

/**
 * What a save came to; the form shows it. `moveTo` is set when the page must move to the record's own
 * address (/inscriptos/{id}), as after the first save of a new enrolment.
 */
export type SaveOutcome =
  | { kind: 'saved'; record: TInscripto; moveTo: string | null }
  /** Put in this browser's outbox (decision 0010); `message` says why. */
  | { kind: 'queued'; message: string; moveTo: string | null }
  /** The outbox could not keep it either. */
  | { kind: 'not-queued'; message: string }
  /** Someone else saved the record first (409 STALE_VERSION): never saved over. */
  | { kind: 'conflict'; message: string }
  /** Finalising: the server says mandatory fields are missing (code INCOMPLETE). */
  | { kind: 'incomplete'; message: string }
  /** The server refused the data and the user can fix it (400, a CI already enrolled). */
  | { kind: 'invalid'; message: string }
  /** The server was reached and did not save; retrying will not help by itself. */
  | { kind: 'failed'; message: string };

interface SaveOptions {
  /** The server's copy; null for a new enrolment or one shown from the outbox. */
  record: TInscripto | null;
  queued?: QueuedRecord | null;
  /** Who queues: the session's user (captured at save time, as a 401 clears the session). */
  owner: OutboxOwner | null;
  outbox: Outbox<TInscripto>;
  api?: SaveApi;
}

/**
 * Saving one enrolment (SPEC 4, decision 0010): the record's id and version, a section save or a
 * finalisation against the server, and the outbox when the server cannot be reached, when the session
 * ended, or when earlier saves of this record still wait there (a save never overtakes them). A save
 * carries the version last read; a 409 STALE_VERSION is a conflict, never retried as is.
 */
export function useInscriptoSave({ record, queued, owner, outbox, api = inscriptoSaveApi }: SaveOptions) {
  const queryClient = useQueryClient();
  const isNew = record === null && !queued;
  const [clientId] = useState(() => newId());
  const [meta, setMeta] = useState<RecordMeta>(() => initialMeta(record, queued));
  const outboxView = useOutboxView(outbox, owner?.id);
  /** This record's saves still waiting in the outbox: later saves queue behind them. */
  const waiting = pendingOf(outboxView, meta.id).length;
  const blockedHere = outboxView.blocked.some((i) => i.recordId === meta.id);

  const wrote = (saved: TInscripto) => {
    setMeta(metaOf(saved));
    queryClient.setQueryData(queryKeys.inscripto(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: queryKeys.inscriptos });
  };

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
    api
      .read(recordId, controller.signal)
      .then((fresh) => setMeta((prev) => (prev.id === fresh.id && prev.version === 0 ? metaOf(fresh) : prev)))
      .catch(() => {
        // Not there (yet) or no connection: the next save decides.
      });
    return () => controller.abort();
  }, [meta.id, meta.version, waiting, blockedHere, outboxView.ready, api]);

  /**
   * Puts a save in the outbox. A record not yet on the server is queued as a create with the browser's id
   * (idempotent), and a new enrolment's page moves to /inscriptos/{id}, which shows it from the outbox.
   */
  const queue = async (
    body: Record<string, unknown>,
    section: SectionNumber | null,
    at: { id: string | null; version: number },
    message: string,
    reason: string,
  ): Promise<SaveOutcome> => {
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
      return { kind: 'not-queued', message: OUTBOX_MSG.storageFailed(reason) };
    }
    return { kind: 'queued', message, moveTo: isNew ? recordId : null };
  };

  /** A section save ("Siguiente"): the record stays pendiente (SPEC 4). */
  const saveSection = async (body: Record<string, unknown>, section: SectionNumber): Promise<SaveOutcome> => {
    const at = { id: meta.id, version: meta.version };
    // Earlier saves of this record still wait in the outbox: this one goes after them, never around them.
    if (waiting > 0) return queue(body, section, at, OUTBOX_MSG.queuedBehind, AUTH_MSG.connectionService);
    try {
      // Not on the server yet: a create with the browser's id (a retry returns the same record).
      const saved =
        at.version === 0 ? await api.create(at.id ?? clientId, body) : await api.save(at.id!, at.version, body, false);
      wrote(saved);
      return { kind: 'saved', record: saved, moveTo: at.id ? null : saved.id };
    } catch (error) {
      const message = errorMessage(error, at.id ? INSCRIPTO_MSG.backendUpdateFailed : INSCRIPTO_MSG.backendSaveFailed);
      switch (classifySaveError(error)) {
        case 'transient':
          return queue(body, section, at, OUTBOX_MSG.queued, message);
        case 'session':
          return queue(body, section, at, OUTBOX_MSG.queuedSession, message);
        case 'stale':
          return { kind: 'conflict', message };
        case 'invalid':
          return { kind: 'invalid', message };
        case 'failed':
          return { kind: 'failed', message };
      }
    }
  };

  /** Finalising needs the server (it assigns the number): a record not there yet is created first. */
  const finalize = async (body: Record<string, unknown>): Promise<SaveOutcome> => {
    let { id, version } = meta;
    try {
      if (!id || version === 0) {
        const created = await api.create(id ?? clientId, body);
        wrote(created);
        ({ id, version } = created);
      }
      const saved = await api.save(id, version, body, true);
      wrote(saved);
      return { kind: 'saved', record: saved, moveTo: null };
    } catch (error) {
      const failure = classifySaveError(error);
      if (failure === 'transient' || failure === 'session') {
        // Nothing typed is lost: the data is queued as a (pending) save; finalising waits for the server.
        const message = failure === 'session' ? OUTBOX_MSG.queuedSession : OUTBOX_MSG.queuedFinalize;
        return queue(body, null, { id, version }, message, errorMessage(error, AUTH_MSG.connectionService));
      }
      const message = errorMessage(error, INSCRIPTO_MSG.backendUpdateFailed);
      if (failure === 'stale') return { kind: 'conflict', message };
      if (error instanceof ApiError && error.code === 'INCOMPLETE') return { kind: 'incomplete', message };
      return { kind: 'failed', message: INSCRIPTO_MSG.finalizeFailed(message) };
    }
  };

  /** The form now shows this copy of the record (after a reload). */
  const adopt = (fresh: TInscripto) => setMeta(metaOf(fresh));

  return { meta, waiting, isNew, saveSection, finalize, adopt };
}
