import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { fechaHoraTexto, selloArchivo } from '@inscripciones/shared/montevideo-time.ts';
import { INSCRIPTO_FIELDS } from '@inscripciones/shared/inscriptos/fields.ts';
import { applyAliases } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { maskInscripto } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import type { AppContext, SessionActor } from '../../context.ts';
import { requirePermission } from '../../lib/authorization.ts';
import { countByEstado, findById, iterateAll } from '../../inscriptos-store/inscriptos-repository.ts';
import { rowToInscripto } from '../../inscriptos-store/inscripto-mapper.ts';
import { inscriptoPdf as renderPdf, type PdfRecord } from './inscripto-pdf.ts';
import { excelStream } from './excel-export.ts';
import { allInscriptosPdf, pdfZip } from './bulk-pdf.ts';
import { sqlDump } from '../../backup/sql-dump.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';

/** Anyone who can read an enrolment can print it (the form's "Exportar PDF"); bulk exports are admin-only. */
export async function inscriptoPdf(ctx: AppContext, actor: SessionActor, id: string) {
  requirePermission(actor, 'inscriptos:read');
  const row = await findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  const record = maskInscripto(actor, rowToInscripto(row));
  return { filename: `inscripcion_${record.numeroInscripcion ?? record.id}.pdf`, stream: renderPdf(record) };
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
    stream: renderPdf({ ...sanitize(formData), estado: 'pendiente' }, subtitle),
  };
}

async function* allRecords(ctx: AppContext) {
  for await (const row of iterateAll(ctx.db)) yield rowToInscripto(row);
}

/** Bulk exports and the backup (administrador only); file names carry today's date (SPEC 7). */
export type BulkKind = 'excel' | 'pdf-all' | 'pdf-zip' | 'sql';

export async function bulkExport(ctx: AppContext, actor: SessionActor, kind: BulkKind) {
  requirePermission(actor, 'inscriptos:import-export');
  const now = ctx.clock();
  const date = dateInMontevideo(now);
  switch (kind) {
    case 'excel':
      return { filename: `inscriptos_${date}.xlsx`, type: XLSX_TYPE, stream: excelStream(allRecords(ctx)) };
    case 'pdf-all': {
      const counts = await countByEstado(ctx.db);
      const summary = { ...counts, total: counts.pendientes + counts.finalizados };
      return {
        filename: `todas_las_inscripciones_${date}.pdf`,
        type: 'application/pdf',
        stream: allInscriptosPdf(allRecords(ctx), summary, now),
      };
    }
    case 'pdf-zip':
      return { filename: `inscripciones_${date}.zip`, type: 'application/zip', stream: pdfZip(allRecords(ctx)) };
    case 'sql':
      return {
        filename: `inscriptos_backup_${date}.sql`,
        type: 'application/sql; charset=utf-8',
        stream: sqlDump(ctx.db, ctx.dialect, now),
      };
  }
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
