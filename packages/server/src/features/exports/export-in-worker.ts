import type { Readable } from 'node:stream';
import type { DatabaseOptions } from '../../db/database.ts';
import { processOutput, type HeavyJobs } from '../../lib/heavy-jobs.ts';
import type { TCicloRef } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { Counts } from './bulk-pdf.ts';

/**
 * A bulk export made in a child process (export-worker.ts) that reads the database itself, with a read-only
 * connection of its own, BATCH rows at a time, as the SQL backup's process does: the server's thread only
 * pipes the file's bytes from the process's stdout to the response, and allocates nothing per record (the
 * rows it used to read and send over IPC were most of what the server kept after an export: decision 0012,
 * "La exportación lee la base por su cuenta"). The process writes to a pipe that fills when the response has no
 * room, which stops it: memory stays bounded whatever the record count, and a slow or cancelled download
 * stops the process (and its reads). When it exits, all of its memory goes back to the system.
 */
export type RenderedKind = 'excel' | 'pdf-all' | 'pdf-zip';

export interface ExportJob {
  kind: RenderedKind;
  /** The cycle whose records are exported (each record carries it). */
  ciclo: TCicloRef;
  /** Only these records of the cycle (the list's selection). */
  ids?: string[] | undefined;
  counts: Counts;
  now: Date;
  /** The school's name, on every page and in the workbook (decision 0036). */
  escuela: string;
  /** How the process opens the database: sent over IPC, never in its environment (it may hold a password). */
  database: DatabaseOptions;
}

const WORKER = new URL('./export-worker.ts', import.meta.url);
/** Rows per query of the process: a short read between drawings, a few hundred KB of rows at most. */
export const BATCH = 100;

/** The file as a stream; `done` runs once the file is made or the process gone (failed or cancelled), maybe twice. */
export function renderInWorker(job: ExportJob, jobs: HeavyJobs, done: () => void): Readable {
  const child = jobs.spawn(WORKER, 'export');
  const out = processOutput(child, done);
  child.send(job);
  return out;
}
