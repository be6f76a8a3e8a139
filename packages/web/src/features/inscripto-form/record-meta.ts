import type { Estado, TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import type { AlertVariant } from '../../lib/timed-alert.tsx';

/** What a save tells the next screen after a create navigates to /inscriptos/{id}. */
export interface FormNavigationState {
  openSection?: SectionNumber;
  flash?: string;
  /** Default success; warning when the save was queued in this browser. */
  flashVariant?: AlertVariant;
}

/** What the form knows of the record it edits, besides the data. */
export interface RecordMeta {
  id: string | null;
  /** The version the form's data is based on; 0 while the record is not known to be on the server. */
  version: number;
  estado: Estado;
  numeroInscripcion: number | null;
}

export const metaOf = (record: TInscripto): RecordMeta => ({
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

/** The meta of a form opened on a server copy, on queued data, or on nothing (a new enrolment). */
export function initialMeta(record: TInscripto | null, queued: QueuedRecord | null | undefined): RecordMeta {
  if (record) return metaOf(record);
  return {
    id: queued?.recordId ?? null,
    version: queued?.baseVersion ?? 0,
    estado: 'pendiente',
    numeroInscripcion: null,
  };
}
