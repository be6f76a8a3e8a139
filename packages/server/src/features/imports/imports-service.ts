import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { appendAuditMany } from '../../data/auditoria/audit-repository.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import { lockNumbering, raiseNumberCounter } from '../../data/ciclos/numeracion.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { cicloActualAbierto } from '../../domain/ciclos/ciclo-scope.ts';
import { fullName, type Candidate } from './validate-rows.ts';
import { checkWorkbookCaps } from './workbook-caps.ts';
import { readAndValidate, receive, type Upload } from './import-in-worker.ts';
import { gruposDeNuevos } from '../../domain/duplicados/pares-abiertos.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';

/**
 * The SQLite driver answers synchronously: the checks of 10,000 rows against the database (and the
 * duplicate reports, which read each existing record) are done in slices with a turn of the event loop
 * between them, so other requests are answered meanwhile.
 */
const SLICE = 500;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function inSlices<T, R>(items: T[], read: (slice: T[]) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i) await nextTurn();
    results.push(await read(items.slice(i, i + SLICE)));
  }
  return results;
}

/**
 * Imports the first sheet of an Excel file (SPEC 2, 7) as one transaction: every valid row or none.
 * Rows whose number already exists are skipped; a CI already in the system or repeated in the file is
 * reported with both names; invalid rows are listed with the row number, the field and the reason.
 */
export async function importExcel(
  ctx: AppContext,
  actor: SessionActor,
  upload: Upload,
  options: { dryRun: boolean } = { dryRun: false },
): Promise<TImportResult> {
  requirePermission(actor, 'inscriptos:import-export');
  const done = ctx.heavyJobs.begin();
  try {
    return await importFile(ctx, actor, upload, options);
  } finally {
    done();
  }
}

async function importFile(
  ctx: AppContext,
  actor: SessionActor,
  upload: Upload,
  options: { dryRun: boolean },
): Promise<TImportResult> {
  // Into the current cycle, which must be open (docs/decisions/0014); numbers and CIs are checked within it.
  const ciclo = await cicloActualAbierto(ctx.db);
  const file = await receive(upload);
  // Judged here, in well under a second: a refused file costs no process start (seconds on a loaded machine).
  await checkWorkbookCaps(file);
  const today = ctx.clock();
  const result: TImportResult = {
    imported: 0,
    skipped: 0,
    message: '',
    errores: [],
    duplicados: [],
    posiblesDuplicados: [],
    omitidos: [],
    avisos: [],
    columnasIgnoradas: [],
    simulacion: options.dryRun,
  };
  // 1. Each row on its own, in a child process: shape (shared schema) and rules (date windows, year ranges, CIs).
  const { candidates, errores, avisos, unknownHeaders } = await readAndValidate(
    file,
    { today, username: actor.username },
    ctx.heavyJobs,
  );
  result.columnasIgnoradas = [...new Set(unknownHeaders)];
  result.errores = errores;
  result.avisos = avisos;

  // 2. Against the system and the rest of the file: numbers already used, CIs already enrolled or repeated.
  const numbers = [...new Set(candidates.flatMap((c) => (c.numero ? [c.numero] : [])))];
  const taken = new Set<number>();
  for (const slice of await inSlices(numbers, (s) => repo.existingNumbers(ctx.db, ciclo.id, s))) {
    for (const n of slice) taken.add(n);
  }
  const cis = [...new Set(candidates.flatMap((c) => (c.ci ? [c.ci] : [])))];
  const enrolled = new Map<string, repo.InscriptoRow>();
  for (const slice of await inSlices(cis, (s) => repo.findByCis(ctx.db, ciclo.id, s))) {
    for (const [ci, row] of slice) enrolled.set(ci, row);
  }
  const seenInFile = new Map<string, Candidate>();
  const accepted: Candidate[] = [];
  for (const [i, c] of candidates.entries()) {
    if (i % SLICE === SLICE - 1) await nextTurn();
    if (c.numero !== null && taken.has(c.numero)) {
      result.skipped += 1;
      result.omitidos.push({ fila: c.fila, numeroInscripcion: c.numero });
      continue;
    }
    const ci = c.ci;
    if (ci) {
      const existing = enrolled.get(ci);
      const earlier = seenInFile.get(ci);
      if (existing || earlier) {
        const otro = existing
          ? `inscripción existente de ${fullName(rowData(existing))}`
          : `fila ${earlier!.fila} (${earlier!.nombre})`;
        result.duplicados.push({ fila: c.fila, ci: formatCi(ci), nombre: c.nombre, conflicto: otro });
        continue;
      }
      seenInFile.set(ci, c);
    }
    accepted.push(c);
  }

  result.posiblesDuplicados = await posiblesDuplicados(ctx, accepted);

  // 3. All accepted rows in one transaction, with their audit entries and the number counter moved past them.
  const now = today.toISOString();
  const rows = accepted.map((c) => {
    if (c.finalizadoIncompleto) {
      result.avisos.push({
        fila: c.fila,
        motivo: 'Marcada como finalizada pero incompleta o sin número: se importó como pendiente.',
      });
    }
    return {
      id: newId(),
      ciclo_id: ciclo.id,
      numero_inscripcion: c.numero,
      estado: c.finalizado ? ('finalizado' as const) : ('pendiente' as const),
      ...c.columns,
      created_by: actor.username,
      funcionario: c.funcionario,
      updated_by: actor.username,
      fecha_inscripcion: c.fechaInscripcion ?? now,
      created_at: now,
      updated_at: now,
      version: 1,
      // The answer to the consent to messages, as the file had it: recorded as entered by whoever imported it.
      ...((JSON.parse(c.columns.datos) as TInscriptoData).avisosConsentimiento
        ? { avisos_consentimiento_en: now, avisos_consentimiento_por: actor.username }
        : {}),
    };
  });
  result.avisos.sort((a, b) => a.fila - b.fila);
  if (rows.length && !options.dryRun) {
    await ctx.db.transaction().execute(async (tx) => {
      await lockNumbering(tx, ciclo.id);
      const siblings = rows.flatMap((r, i) => accepted[i]!.hermanosCis.map((ci) => ({ inscripto_id: r.id, ci })));
      await repo.insertMany(tx, rows, siblings);
      const highest = Math.max(0, ...rows.map((r) => r.numero_inscripcion ?? 0));
      if (highest) await raiseNumberCounter(tx, ciclo.id, highest);
      await appendAuditMany(
        tx,
        rows.map((r, i) => ({
          fecha: now,
          usuario: actor.username,
          accion: 'crear' as const,
          inscripto_id: r.id,
          cambios: { importacion: { despues: `fila ${accepted[i]!.fila}` } },
        })),
      );
    });
  }
  result.imported = rows.length;
  result.simulacion = options.dryRun;
  const rejected = new Set(result.errores.map((e) => e.fila)).size + result.duplicados.length;
  result.message = INSCRIPTO_MSG.importResumen(result.imported, result.skipped, rejected, options.dryRun);
  return result;
}

/**
 * The rows to import that look like an enrolment of the cycle or like another row, listed once
 * each, with their group's first stored record, or else its first row (not listed itself): "Posible duplicado de
 * fila 2 (Lucía Pérez): misma fecha de nacimiento y nombre". Look-alikes are grouped, so the list grows with rows.
 */
async function posiblesDuplicados(ctx: AppContext, accepted: readonly Candidate[]) {
  const porId = new Map(accepted.map((c) => [`fila-${c.fila}`, c]));
  const grupos = await gruposDeNuevos(
    ctx.db,
    accepted.map((c) => ({ id: `fila-${c.fila}`, numero: null, datos: c.identidad })),
  );
  const listadas = new Set<number>();
  const lista: { fila: number; nombre: string; conflicto: string }[] = [];
  for (const g of grupos) {
    const filas = g.filas.map((id) => porId.get(id)!).sort((p, q) => p.fila - q.fila);
    const primera = filas[0]!;
    const [otroNombre, numero] = g.guardado
      ? [g.guardado.nombreCompleto, g.guardado.numeroInscripcion]
      : [`fila ${primera.fila} (${primera.nombre})`, null];
    const conflicto = DUPLICADO_MSG.aviso(otroNombre, numero, g.motivoTexto);
    for (const c of g.guardado ? filas : filas.slice(1)) {
      if (listadas.has(c.fila)) continue;
      listadas.add(c.fila);
      lista.push({ fila: c.fila, nombre: c.nombre, conflicto });
    }
  }
  return lista.sort((p, q) => p.fila - q.fila);
}
