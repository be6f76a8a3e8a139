import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { fechaHoraTexto, selloArchivo } from '@inscripciones/shared/montevideo-time.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { applyAliases } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { estrato, isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { countByEstado, countSelection, findById } from '../../data/inscriptos/inscriptos-repository.ts';
import { rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { cicloParaLeer, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { inscriptoPdf as renderPdf, type PdfRecord } from './inscripto-pdf.ts';
import { renderInWorker, type RenderedKind } from './export-in-worker.ts';
import type { SqlDumpJob } from '../../db/sql-dump-worker.ts';
import { processOutput } from '../../lib/heavy-jobs.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import { paraElLector, recordAccess, recordExport } from '../../domain/datos-personales/datos-personales.ts';

const SQL_DUMP_WORKER = new URL('../../db/sql-dump-worker.ts', import.meta.url);

/** Anyone who can read an enrolment can print it (the form's "Exportar PDF"); bulk exports are admin-only. */
export async function inscriptoPdf(ctx: AppContext, actor: SessionActor, id: string, ip: string) {
  requirePermission(actor, 'inscriptos:read');
  const row = await findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  const record = paraElLector(actor, rowToInscripto(row, cicloRef(await cicloParaLeer(ctx.db, row.ciclo_id))));
  await recordAccess(ctx, actor, ip, { accion: 'pdf', inscriptoId: id });
  return {
    filename: `inscripcion_${record.numeroInscripcion ?? record.id}.pdf`,
    stream: renderPdf(record, { escuela: ctx.escuelaNombre?.() }),
  };
}

const FORM_FIELDS = new Set(INSCRIPTO_FIELDS.map((f) => f.name));
const MAX_TEXT = 2000;

/** Keeps the known form fields with plain values, so the backup prints what was typed and nothing else. */
function sanitize(formData: Record<string, unknown>): PdfRecord {
  const clean: PdfRecord = {};
  for (const [key, value] of Object.entries(applyAliases(formData))) {
    if (!FORM_FIELDS.has(key)) continue;
    if (typeof value === 'string') clean[key] = value.slice(0, MAX_TEXT);
    else if (typeof value === 'number' || typeof value === 'boolean') clean[key] = value;
    else if (Array.isArray(value)) clean[key] = value.slice(0, 10).filter((v) => v !== null && typeof v !== 'function');
  }
  return clean;
}

/** An unsaved copy has no stored record: its derived values are those of what was typed. */
function unsavedCopy(typed: PdfRecord): PdfRecord {
  const data = typed as Parameters<typeof isConditional>[0];
  return {
    ...typed,
    estado: 'pendiente',
    condicional: isConditional(data),
    estrato: estrato(data.ingresosAclarar, data.totalIntegrantesHogar),
  };
}

/**
 * SPEC 4: when a save fails, the form asks for a PDF of what was typed. Nothing is stored; the PDF says
 * plainly that it is an unsaved copy.
 */
export function backupPdf(ctx: AppContext, actor: SessionActor, formData: Record<string, unknown>) {
  requirePermission(actor, 'inscriptos:create');
  const now = ctx.clock();
  const stamp = selloArchivo(now);
  const when = fechaHoraTexto(now);
  const subtitle = `COPIA DE RESPALDO: estos datos NO quedaron guardados en el sistema. Generada el ${when} por ${actor.username}.`;
  return {
    filename: `respaldo_inscripcion_${stamp}.pdf`,
    stream: renderPdf(unsavedCopy(sanitize(formData)), { subtitle, escuela: ctx.escuelaNombre?.() }),
  };
}

/**
 * The SQL backup is the whole network's (decision 0036, "Nota posterior"): the network's database, which holds
 * every account and school 1's records, and each other school's. With one school that is the school, and its
 * administrators download it as before; with more, only the network's administrator does: one school's own copy
 * would carry either every account of the network (school 1's database) or no account at all (the others').
 */
function copiaDeLaRed(ctx: AppContext, actor: SessionActor) {
  const escuelas = ctx.red.escuelas();
  if (escuelas.length > 1 && actor.rolRed !== 'administrador_red') {
    throw new AppError('FORBIDDEN', ESCUELA_MSG.copiaDeLaRed);
  }
  return escuelas;
}

/** Bulk exports and the backup (administrador only); file names carry today's date (SPEC 7). */
export type BulkKind = 'excel' | 'pdf-all' | 'pdf-zip' | 'sql';

const FILES: Record<BulkKind, { name: string; type: string }> = {
  excel: { name: 'inscriptos', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  'pdf-all': { name: 'todas_las_inscripciones', type: 'application/pdf' },
  'pdf-zip': { name: 'inscripciones', type: 'application/zip' },
  sql: { name: 'inscriptos_backup', type: 'application/sql; charset=utf-8' },
};
const EXTENSIONS: Record<BulkKind, string> = { excel: 'xlsx', 'pdf-all': 'pdf', 'pdf-zip': 'zip', sql: 'sql' };

/**
 * Excel, PDF and ZIP hold the enrolments of one cycle (`cicloId`, or the current one); the file names stay
 * SPEC 7's. The SQL backup is the whole system, every cycle (docs/decisions/0014).
 * Each is a heavy job (lib/heavy-jobs.ts): one at a time per instance, the slot held until the file is
 * made or the download given up. Each is made in a child process that reads the database with its own
 * read-only connection (export-in-worker.ts, sql-dump-worker.ts): the server only pipes the bytes. Each is an
 * export in the access log, with how many enrolments it held; one that cannot be logged is not given.
 */
export async function bulkExport(
  ctx: AppContext,
  actor: SessionActor,
  kind: BulkKind,
  ip: string,
  cicloId?: string,
  /** Only these records of the cycle (the list's selection). */
  ids?: string[],
) {
  const file = await startExport(ctx, actor, kind, cicloId, ids);
  try {
    await recordExport(ctx, actor, ip, kind, cicloId, ids);
  } catch (e) {
    file.stream.destroy();
    throw e;
  }
  return file;
}

async function startExport(ctx: AppContext, actor: SessionActor, kind: BulkKind, cicloId?: string, ids?: string[]) {
  requirePermission(actor, 'inscriptos:import-export');
  // The SQL copy is the whole network's: refused before any job starts (copiaDeLaRed).
  const deLaCopia = kind === 'sql' ? copiaDeLaRed(ctx, actor) : [];
  const done = ctx.heavyJobs.begin();
  try {
    const now = ctx.clock();
    const { name, type } = FILES[kind];
    const filename = `${name}_${dateInMontevideo(now)}.${EXTENSIONS[kind]}`;
    if (kind === 'sql') {
      const [red, ...otras] = deLaCopia;
      const child = ctx.heavyJobs.spawn(SQL_DUMP_WORKER, 'export');
      const escuelas = otras.map(({ id, codigo, database }) => ({ id, codigo, database }));
      child.send({ database: red!.database, dialect: ctx.dialect, now, escuelas } satisfies SqlDumpJob);
      return { filename, type, stream: processOutput(child, done) };
    }
    const ciclo = await cicloParaLeer(ctx.db, cicloId);
    const counts =
      kind !== 'pdf-all'
        ? { pendientes: 0, finalizados: 0 }
        : ids
          ? await countSelection(ctx.db, ciclo.id, ids)
          : await countByEstado(ctx.db, ciclo.id);
    const job = {
      kind: kind satisfies RenderedKind,
      ciclo: cicloRef(ciclo),
      ids,
      counts: { ...counts, total: counts.pendientes + counts.finalizados },
      now,
      database: ctx.heavyJobs.database,
      escuela: ctx.escuelaNombre?.() ?? '',
    };
    return { filename, type, stream: renderInWorker(job, ctx.heavyJobs, done) };
  } catch (err) {
    done();
    throw err;
  }
}
