import { AppError } from '@inscripciones/shared/errors.ts';
import { canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { labelsOf } from '@inscripciones/shared/inscriptos/sections.ts';
import { fieldLabelFor } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TInscripto, TInscriptoCreate, TInscriptoUpdate } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { appendAudit, type AuditAction } from '../../data/auditoria/audit-repository.ts';
import { personalChanges } from '../../domain/auditoria/personal-changes.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import { cicloAbierto, cicloActualAbierto, cicloParaLeer, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import {
  changedFields,
  dataColumns,
  rowData,
  rowToInscripto,
  siblingCis,
} from '../../data/inscriptos/inscripto-mapper.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { lockNumbering, nextNumber } from '../../data/ciclos/numeracion.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import {
  assertCiFree,
  assertRules,
  formData,
  keepAdminOnlyFields,
  namedFuncionario,
  resolveFuncionario,
} from './inscripto-input.ts';
import { congeladosEnCurso } from '../../domain/sorteos/lista-congelada.ts';
import { eliminarInscripto } from '../../domain/inscriptos/eliminar-inscripto.ts';
import { redactor } from '../../domain/avisos/redactor.ts';
import { paraElLector } from '../../domain/datos-personales/datos-personales.ts';
import { assertPreferencias } from '../../domain/asignacion/preferencias.ts';
import { preferenciasColumna } from '@inscripciones/shared/escuelas/preferencias.ts';

/**
 * Writing enrolments (SPEC 4, 7; docs/decisions/0006, 0007): create (idempotent by id), save, finalise with its
 * number, delete. Each write checks the version read and leaves its entry in the audit chain, and answers with
 * the record as its writer may read it (the personal-data boundary, domain/datos-personales).
 */

/** Who and when, as the stale-write message shows them. */
function staleError(row: repo.InscriptoRow): AppError {
  const { fecha, hora } = fechaHoraMontevideo(row.updated_at);
  return new AppError('STALE_VERSION', INSCRIPTO_MSG.stale(row.updated_by, fecha, hora));
}

function auditSnapshot(
  row: { funcionario: string | null; estado: string; numero_inscripcion: number | null },
  datos: TInscriptoData,
) {
  return { ...datos, funcionario: row.funcionario, estado: row.estado, numeroInscripcion: row.numero_inscripcion };
}

export interface CreateResult {
  created: boolean;
  inscripto: TInscripto;
}

/**
 * What a create asks to store, as canonical JSON: the form document (the validated body without its system
 * fields, empty values removed, admin-only fields dropped for other roles) and the official it names. Two
 * creates with the same id are the same request exactly when these texts are equal (docs/decisions/0007).
 */
function createContent(datos: TInscriptoData, funcionario: string | null): string {
  return stableStringify({ datos, funcionario });
}

export async function createInscripto(
  ctx: AppContext,
  actor: SessionActor,
  input: TInscriptoCreate,
): Promise<CreateResult> {
  requirePermission(actor, 'inscriptos:create');
  const id = input.id ?? newId();
  const datos = keepAdminOnlyFields(actor, formData(input), null);
  const content = createContent(datos, namedFuncionario(actor, input.funcionario, null));

  // A retried create (same client id) answers with the record it made: never a second one.
  const existing = await repo.findById(ctx.db, id);
  if (existing) return retriedCreate(ctx, actor, existing, content);
  const ciclo = await cicloActualAbierto(ctx.db);

  assertRules(ctx, datos);
  await assertPreferencias(ctx, ciclo.anio_ingreso, input.preferencias);
  const funcionario = await resolveFuncionario(ctx, actor, input.funcionario, null);
  const columns = dataColumns(datos);
  // The record a racing retry with this same id is writing does not count: the insert below settles that.
  await assertCiFree(ctx, ciclo.id, columns.ci, id);

  const now = ctx.clock().toISOString();
  const row = {
    id,
    ciclo_id: ciclo.id,
    numero_inscripcion: null,
    estado: 'pendiente' as const,
    ...columns,
    created_by: actor.username,
    funcionario,
    updated_by: actor.username,
    fecha_inscripcion: now,
    created_at: now,
    updated_at: now,
    version: 1,
    preferencias: preferenciasColumna(input.preferencias ?? null),
    ...consentimiento(undefined, datos, actor, now),
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insert(tx, row, siblingCis(datos));
      await audit(tx, actor, 'crear', id, changedFields({}, auditSnapshot(row, datos)), now);
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    // A create with this id committed between our first look and our insert: this one is its retry.
    const raced = await repo.findById(ctx.db, id);
    if (raced) return retriedCreate(ctx, actor, raced, content);
    await assertCiFree(ctx, ciclo.id, columns.ci);
    throw e;
  }
  return { created: true, inscripto: paraElLector(actor, rowToInscripto(row, cicloRef(ciclo))) };
}

/** The answer to a create whose id exists: the record if it is the same request, else 409. */
async function retriedCreate(
  ctx: AppContext,
  actor: SessionActor,
  existing: repo.InscriptoRow,
  content: string,
): Promise<CreateResult> {
  if (existing.created_by !== actor.username) throw new AppError('CONFLICT', INSCRIPTO_MSG.idTaken);
  if (createContent(rowData(existing), existing.funcionario) !== content) {
    throw new AppError('CONFLICT', INSCRIPTO_MSG.idOtherContent);
  }
  return {
    created: false,
    inscripto: paraElLector(actor, rowToInscripto(existing, cicloRef(await cicloParaLeer(ctx.db, existing.ciclo_id)))),
  };
}

async function audit(
  tx: Parameters<typeof appendAudit>[0],
  actor: SessionActor,
  accion: AuditAction,
  inscriptoId: string,
  cambios: Record<string, { antes?: unknown; despues?: unknown }>,
  fecha: string,
) {
  // Field names and keyed digests only: no child's value enters the append-only chain (docs/privacy.md).
  const digests = await personalChanges(tx, inscriptoId, cambios);
  await appendAudit(tx, { fecha, usuario: actor.username, accion, inscripto_id: inscriptoId, cambios: digests });
}

/** Who recorded the answer to the consent to messages, and when: set whenever the answer changes. */
function consentimiento(antes: TInscriptoData | undefined, datos: TInscriptoData, actor: SessionActor, now: string) {
  if ((antes?.avisosConsentimiento ?? null) === (datos.avisosConsentimiento ?? null)) return {};
  return {
    avisos_consentimiento_en: datos.avisosConsentimiento ? now : null,
    avisos_consentimiento_por: datos.avisosConsentimiento ? actor.username : null,
  };
}

/** Loads a record the actor may edit, at the version the actor read. */
async function loadForWrite(ctx: AppContext, actor: SessionActor, id: string, version: number) {
  requirePermission(actor, 'inscriptos:create');
  const row = await repo.findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  if (!canEditInscripto(actor, { createdBy: row.created_by, funcionario: row.funcionario })) {
    throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
  }
  const ciclo = await cicloAbierto(ctx.db, row.ciclo_id);
  if (row.version !== version) throw staleError(row);
  return { row, ciclo };
}

/** What decides a child's draw (its list, its unit, its stage): frozen while its raffle runs. */
const CAMPOS_DEL_SORTEO = ['sexo', 'ci', 'tieneHermanosPrimaria', 'hermanosInscriben'] as const;

/** 409 when a participant of the raffle in progress would leave the list or change its draw. */
function assertFueraDelSorteo(row: repo.InscriptoRow, datos: TInscriptoData, finalizar: boolean): void {
  if (!finalizar) throw new AppError('CONFLICT', INSCRIPTO_MSG.enSorteoFinalizada);
  const antes = rowData(row);
  const cambiados = CAMPOS_DEL_SORTEO.filter(
    (campo) => stableStringify(antes[campo] ?? null) !== stableStringify(datos[campo] ?? null),
  );
  if (cambiados.length) {
    throw new AppError('CONFLICT', INSCRIPTO_MSG.enSorteoCongelados(cambiados.map((c) => fieldLabelFor(c)).join(', ')));
  }
}

/**
 * Saves the whole form. Shared by a section save (always pendiente, SPEC 4) and a finalisation (only
 * when complete; the number is assigned in the same transaction).
 */
async function save(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  input: TInscriptoUpdate,
  finalizar: boolean,
): Promise<TInscripto> {
  const { row, ciclo } = await loadForWrite(ctx, actor, id, input.version);
  const stored = rowData(row);
  const datos = keepAdminOnlyFields(actor, formData(input), stored);
  assertRules(ctx, datos);
  await assertPreferencias(ctx, ciclo.anio_ingreso, input.preferencias);
  const enCurso = await congeladosEnCurso(ctx.db, row.ciclo_id);
  if (enCurso?.has(id)) assertFueraDelSorteo(row, datos, finalizar);
  const funcionario = await resolveFuncionario(ctx, actor, input.funcionario, row.funcionario);
  if (finalizar) {
    const missing = missingForCompleteness({ ...datos, funcionario });
    if (missing.length) {
      throw new AppError('INCOMPLETE', INSCRIPTO_MSG.cannotFinalize(labelsOf(missing).join(', ')), missing);
    }
  }
  const columns = dataColumns(datos);
  await assertCiFree(ctx, ciclo.id, columns.ci, id);
  const siblings = siblingCis(datos);
  const now = ctx.clock().toISOString();

  const saved = await ctx.db.transaction().execute(async (tx) => {
    let numero = row.numero_inscripcion;
    if (finalizar && numero === null) {
      await lockNumbering(tx, ciclo.id);
      numero = (await repo.siblingNumber(tx, ciclo.id, columns.ci, siblings)) ?? (await nextNumber(tx, ciclo.id));
    }
    const changes = {
      ...columns,
      numero_inscripcion: numero,
      estado: finalizar ? ('finalizado' as const) : ('pendiente' as const),
      funcionario,
      updated_by: actor.username,
      updated_at: now,
      version: row.version + 1,
      // Absent from the body: the stored list stays.
      ...(input.preferencias === undefined ? {} : { preferencias: preferenciasColumna(input.preferencias) }),
      ...consentimiento(stored, datos, actor, now),
    };
    if (!(await repo.updateIfVersion(tx, id, row.version, changes, siblings))) {
      const current = await repo.findById(tx, id);
      throw current ? staleError(current) : new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
    }
    const after = { ...row, ...changes };
    await audit(
      tx,
      actor,
      finalizar ? 'finalizar' : 'editar',
      id,
      changedFields(auditSnapshot(row, stored), auditSnapshot(after, datos)),
      now,
    );
    // Its first finalisation (the number is new) is told to the family, with the change or not at all.
    if (finalizar && row.numero_inscripcion === null && numero !== null) {
      await (
        await redactor(ctx, tx)
      ).avisar({ plantilla: 'inscripcion', cicloId: ciclo.id, numero, inscriptoIds: [id] });
    }
    return after;
  });
  const inscripto = rowToInscripto(saved, cicloRef(ciclo));
  // Finalised after its cycle's raffle froze the list: it is told it is not in that raffle.
  return paraElLector(
    actor,
    finalizar && enCurso && !enCurso.has(id) ? { ...inscripto, fueraDelSorteoEnCurso: true } : inscripto,
  );
}

export function updateInscripto(ctx: AppContext, actor: SessionActor, id: string, input: TInscriptoUpdate) {
  return save(ctx, actor, id, input, false);
}

export function finalizeInscripto(ctx: AppContext, actor: SessionActor, id: string, input: TInscriptoUpdate) {
  return save(ctx, actor, id, input, true);
}

export async function deleteInscripto(ctx: AppContext, actor: SessionActor, id: string): Promise<void> {
  requirePermission(actor, 'inscriptos:delete');
  await ctx.db.transaction().execute((tx) => eliminarInscripto(tx, actor, id, ctx.clock().toISOString()));
}
