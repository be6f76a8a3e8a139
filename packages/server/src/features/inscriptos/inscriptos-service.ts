import { AppError } from '@inscripciones/shared/errors.ts';
import { FUNCIONARIO_ROLES, can, canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { fechaHoraMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { ciError, normalizeCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { missingForCompleteness } from '@inscripciones/shared/inscriptos/completeness.ts';
import { labelsOf, ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { maskInscripto } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { SEGMENTO_KEYS, segmentoReservado, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type {
  TAuditEntry,
  TCiCheckResponse,
  TFuncionarioList,
  TInscripto,
  TInscriptoCreate,
  TInscriptoList,
  TInscriptoListQuery,
  TInscriptoUpdate,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { AppContext, SessionActor } from '../../context.ts';
import { requirePermission } from '../../lib/authorization.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { appendAudit, listAuditFor, type AuditAction } from '../../audit/audit-repository.ts';
import { forgetRecordKey, personalChanges } from '../../audit/personal-changes.ts';
import { findUserByUsername, listActiveUsersWithRoles } from '../../accounts/users-repository.ts';
import * as repo from '../../inscriptos-store/inscriptos-repository.ts';
import { listPage, type ListFilters } from '../../inscriptos-store/list-query.ts';
import { dateRange, parseSearch, siblingMatch } from './list-search.ts';
import { cicloAbierto, cicloActualAbierto, cicloParaLeer, cicloRef } from '../../ciclos-store/ciclo-scope.ts';
import {
  changedFields,
  dataColumns,
  rowData,
  rowToInscripto,
  siblingCis,
} from '../../inscriptos-store/inscripto-mapper.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { VALIDATION_MSG } from '@inscripciones/shared/messages.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { anonimizarSorteosDelCiclo } from '../../sorteos-store/anonimizar-sorteos.ts';
import { borrarAvisosDeInscriptos } from '../../data/avisos/avisos-repository.ts';

// ---------------------------------------------------------------- reading

/** The segment filters of a list query (only those given). */
function segmentoDe(query: TInscriptoListQuery): Segmento {
  const out: Segmento = {};
  for (const key of SEGMENTO_KEYS) {
    const v = query[key];
    if (v !== undefined && v !== false) (out as Record<string, unknown>)[key] = v;
  }
  return out;
}

export async function listInscriptos(
  ctx: AppContext,
  actor: SessionActor,
  query: TInscriptoListQuery,
): Promise<TInscriptoList> {
  requirePermission(actor, 'inscriptos:read');
  const segmento = segmentoDe(query);
  if (segmentoReservado(segmento) && !can(actor, 'inscriptos:filtrar-reservados')) {
    throw new AppError('FORBIDDEN', INSCRIPTO_MSG.segmentoReservado);
  }
  const ciclo = await cicloParaLeer(ctx.db, query.ciclo);
  const ref = cicloRef(ciclo);
  const search = parseSearch(query.q);
  const filters: ListFilters = {
    cicloId: ciclo.id,
    ...search,
    estado: query.estado ?? null,
    mineOf: query.mias ? actor.username : null,
    ...dateRange(query.desde, query.hasta),
    ids: null,
    segmento,
  };
  const order = { orden: query.orden ?? null, dir: query.dir ?? (query.orden ? 'asc' : 'desc') } as const;
  const [{ rows, total }, counts] = await Promise.all([
    listPage(ctx.db, filters, order, query.page, query.pageSize),
    repo.countByEstado(ctx.db, ciclo.id),
  ]);
  return {
    items: rows.map((row) => {
      const item = maskInscripto(actor, rowToInscripto(row, ref));
      const coincidencia = siblingMatch(row, search);
      return coincidencia ? { ...item, coincidencia } : item;
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    resumen: { total: counts.pendientes + counts.finalizados, ...counts },
    ciclo: ref,
  };
}

export async function getInscripto(ctx: AppContext, actor: SessionActor, id: string): Promise<TInscripto> {
  requirePermission(actor, 'inscriptos:read');
  const row = await repo.findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  return maskInscripto(actor, rowToInscripto(row, cicloRef(await cicloParaLeer(ctx.db, row.ciclo_id))));
}

export async function checkCi(
  ctx: AppContext,
  actor: SessionActor,
  query: { ci: string; excluir?: string | undefined },
): Promise<TCiCheckResponse> {
  requirePermission(actor, 'inscriptos:read');
  const problem = ciError(query.ci);
  if (problem)
    throw new AppError('VALIDATION', problem, [{ field: 'ci', label: FIELD_LABELS.ci ?? 'Cédula', message: problem }]);
  // Within the cycle of the record being edited, or the current one for a new record.
  const editing = query.excluir ? await repo.findById(ctx.db, query.excluir) : undefined;
  const ciclo = await cicloParaLeer(ctx.db, editing?.ciclo_id);
  const ci = normalizeCi(query.ci);
  const [row, otros] = await Promise.all([
    repo.findByCi(ctx.db, ciclo.id, ci, query.excluir),
    repo.findCiInOtherCycles(ctx.db, ciclo.id, ci),
  ]);
  const anteriores = otros.map((o) => ({
    ciclo: o.nombre,
    numeroInscripcion: o.numero_inscripcion,
    mensaje: CICLO_MSG.yaInscripto(o.nombre, o.numero_inscripcion),
  }));
  if (!row) return { duplicado: false, inscripto: null, mensaje: null, anteriores };
  const d = rowData(row);
  const nombre1 = d.nombre1 ?? '';
  const apellido1 = d.apellido1 ?? '';
  return {
    duplicado: true,
    inscripto: { id: row.id, nombre1, apellido1 },
    mensaje: INSCRIPTO_MSG.ciDuplicate(nombre1, apellido1),
    anteriores,
  };
}

export async function historial(ctx: AppContext, actor: SessionActor, id: string): Promise<TAuditEntry[]> {
  requirePermission(actor, 'inscriptos:audit');
  const entries = await listAuditFor(ctx.db, id);
  if (!entries.length && !(await repo.findById(ctx.db, id))) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  return entries.map((e) => ({
    seq: e.seq,
    fecha: e.fecha,
    usuario: e.usuario,
    accion: e.accion,
    cambios: JSON.parse(e.cambios) as TAuditEntry['cambios'],
  }));
}

// ---------------------------------------------------------------- writing

/** The form document of a write: system fields dropped, empties removed (SPEC 4). */
function formData(input: TInscriptoCreate | TInscriptoUpdate): TInscriptoData {
  const {
    id: _id,
    version: _version,
    funcionario: _funcionario,
    _id: _mongoId,
    numeroInscripcion: _n,
    estado: _e,
    fechaInscripcion: _f,
    createdAt: _c,
    updatedAt: _u,
    createdBy: _cb,
    updatedBy: _ub,
    ciclo: _ciclo,
    condicional: _cond,
    estrato: _estr,
    camposReservados: _reservados,
    ...datos
  } = input;
  return stripEmpty(datos as TInscriptoData);
}

/** Rules that depend on today (birth-date and centre-year windows) and cross-field rules (year ranges). */
function assertRules(ctx: AppContext, datos: TInscriptoData) {
  const errors = ruleErrors(datos, ctx.clock());
  if (errors.length) {
    throw new AppError('VALIDATION', `${VALIDATION_MSG.summary}: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
}

/** One enrolment per child within a cycle; the same child may apply again in another cycle. */
async function assertCiFree(ctx: AppContext, cicloId: string, ci: string | null, exceptId?: string) {
  if (!ci) return;
  const other = await repo.findByCi(ctx.db, cicloId, ci, exceptId);
  if (other) {
    const d = rowData(other);
    throw new AppError('CONFLICT', INSCRIPTO_MSG.ciDuplicate(d.nombre1 ?? '', d.apellido1 ?? ''));
  }
}

/** The officials an administrator may choose on the form: active users who may enrol (never the guest). */
export async function listFuncionarios(ctx: AppContext, actor: SessionActor): Promise<TFuncionarioList> {
  requirePermission(actor, 'inscriptos:choose-funcionario');
  return listActiveUsersWithRoles(ctx.db, FUNCIONARIO_ROLES);
}

/** The official a write names: administrators choose one; everyone else is their own official (SPEC 2, 6). */
function namedFuncionario(actor: SessionActor, requested: string | undefined, stored: string | null): string {
  return can(actor, 'inscriptos:choose-funcionario') && requested ? requested : (stored ?? actor.username);
}

/** The named official, checked to be an active user who may enrol (never the guest) when an administrator names a new one. */
async function resolveFuncionario(
  ctx: AppContext,
  actor: SessionActor,
  requested: string | undefined,
  stored: string | null,
) {
  const funcionario = namedFuncionario(actor, requested, stored);
  if (!can(actor, 'inscriptos:choose-funcionario') || !requested || requested === stored) return funcionario;
  const user = await findUserByUsername(ctx.db, requested);
  if (!user || user.activo !== 1 || !FUNCIONARIO_ROLES.some((role) => role === user.role)) {
    const message = INSCRIPTO_MSG.funcionarioUnknown(requested);
    throw new AppError('VALIDATION', message, [{ field: 'funcionario', label: 'Funcionario', message }]);
  }
  return requested;
}

/** Only administrators set "fuera de zona autorizado"; for anyone else the stored value stays. */
function keepAdminOnlyFields(
  actor: SessionActor,
  datos: TInscriptoData,
  stored: TInscriptoData | null,
): TInscriptoData {
  if (can(actor, 'inscriptos:set-fuera-de-zona')) return datos;
  const { fueraDeZonaAutorizado: _ignored, ...rest } = datos;
  return stored?.fueraDeZonaAutorizado ? { ...rest, fueraDeZonaAutorizado: stored.fueraDeZonaAutorizado } : rest;
}

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
  return { created: true, inscripto: rowToInscripto(row, cicloRef(ciclo)) };
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
    inscripto: rowToInscripto(existing, cicloRef(await cicloParaLeer(ctx.db, existing.ciclo_id))),
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
      await repo.lockNumbering(tx, ciclo.id);
      numero = (await repo.siblingNumber(tx, ciclo.id, columns.ci, siblings)) ?? (await repo.nextNumber(tx, ciclo.id));
    }
    const changes = {
      ...columns,
      numero_inscripcion: numero,
      estado: finalizar ? ('finalizado' as const) : ('pendiente' as const),
      funcionario,
      updated_by: actor.username,
      updated_at: now,
      version: row.version + 1,
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
    return after;
  });
  return rowToInscripto(saved, cicloRef(ciclo));
}

export function updateInscripto(ctx: AppContext, actor: SessionActor, id: string, input: TInscriptoUpdate) {
  return save(ctx, actor, id, input, false);
}

export function finalizeInscripto(ctx: AppContext, actor: SessionActor, id: string, input: TInscriptoUpdate) {
  return save(ctx, actor, id, input, true);
}

export async function deleteInscripto(ctx: AppContext, actor: SessionActor, id: string): Promise<void> {
  requirePermission(actor, 'inscriptos:delete');
  await ctx.db.transaction().execute(async (tx) => {
    const row = await repo.findById(tx, id);
    if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
    await cicloAbierto(tx, row.ciclo_id);
    await repo.remove(tx, id);
    const now = ctx.clock().toISOString();
    await audit(tx, actor, 'eliminar', id, changedFields(auditSnapshot(row, rowData(row)), {}), now);
    await forgetRecordKey(tx, id);
    await borrarAvisosDeInscriptos(tx, [id]);
    // A raffle already closed keeps only the child's initials and huella (decision 0024).
    await anonimizarSorteosDelCiclo(tx, row.ciclo_id, () => (_n, _i, m) => m.inscriptoId !== id, now);
  });
}
