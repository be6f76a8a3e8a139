import { AppError } from '@inscripciones/shared/errors.ts';
import { FUNCIONARIO_ROLES } from '@inscripciones/shared/permissions.ts';
import { CI_LENGTH, ciError, normalizeCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { filtroNoPermitido, lectorPublico } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { SEGMENTO_KEYS, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';
import type {
  TAuditEntry,
  TCiCheckResponse,
  TFuncionarioList,
  TInscripto,
  TInscriptoList,
  TInscriptoListQuery,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { listAuditFor } from '../../data/auditoria/audit-repository.ts';
import { listActiveMembersWithRoles } from '../../data/users/users-repository.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import { listPage, type ListFilters } from '../../data/inscriptos/list-query.ts';
import { dateRange, parseSearch, siblingMatch } from './list-search.ts';
import { cicloParaLeer, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { rowData, rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { listCiclos } from '../../data/ciclos/ciclos-repository.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { paraElLector, recordAccess } from '../../domain/datos-personales/datos-personales.ts';

/**
 * Reading enrolments (SPEC 7): the list, one record, the CI check, its history and the officials. What names
 * children goes out through the personal-data boundary (domain/datos-personales): masked and logged.
 */

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
  ip: string,
): Promise<TInscriptoList> {
  requirePermission(actor, 'inscriptos:read');
  const segmento = segmentoDe(query);
  const noPermitido = filtroNoPermitido(actor, segmento);
  if (noPermitido) throw new AppError('FORBIDDEN', noPermitido);
  const ciclo = await cicloParaLeer(ctx.db, query.ciclo);
  const ref = cicloRef(ciclo);
  const search = parseSearch(query.q);
  const filters: ListFilters = {
    cicloId: ciclo.id,
    ...search,
    estado: query.estado ?? null,
    mineOf: query.mias ? actor.username : null,
    ...dateRange(query.desde, query.hasta),
    ids: await soloNumeroParaElPublico(ctx, actor, ciclo.id, search),
    segmento,
  };
  if (filters.ids) filters.ciPrefix = null;
  const order = { orden: query.orden ?? null, dir: query.dir ?? (query.orden ? 'asc' : 'desc') } as const;
  const [{ rows, total }, counts] = await Promise.all([
    listPage(ctx.db, filters, order, query.page, query.pageSize),
    repo.countByEstado(ctx.db, ciclo.id),
  ]);
  // One entry per page read: how many records it showed, never the query text.
  await recordAccess(ctx, actor, ip, { accion: query.q?.trim() ? 'buscar' : 'listar', cantidad: rows.length });
  return {
    items: rows.map((row) => {
      const coincidencia = siblingMatch(row, search);
      return paraElLector(actor, { ...rowToInscripto(row, ref), ...(coincidencia ? { coincidencia } : {}) });
    }),
    total,
    page: query.page,
    pageSize: query.pageSize,
    resumen: { total: counts.pendientes + counts.finalizados, ...counts },
    ciclo: ref,
  };
}

/**
 * The public reader (the guest) finds a record by its whole CI or its number, never by a CI prefix: prefixes would
 * spell out the digits its masked CI hides, one query at a time. A shorter run of digits is then the
 * enrolment number only, as a list of ids; null when the search is not such a case.
 */
async function soloNumeroParaElPublico(
  ctx: AppContext,
  actor: SessionActor,
  cicloId: string,
  search: ReturnType<typeof parseSearch>,
): Promise<string[] | null> {
  if (!lectorPublico(actor) || !search.ciPrefix || search.ciPrefix.length >= CI_LENGTH) return null;
  if (search.numero === null) return [];
  return (await repo.recordsOfNumber(ctx.db, cicloId, search.numero)).map((r) => r.id);
}

export async function getInscripto(ctx: AppContext, actor: SessionActor, id: string, ip: string): Promise<TInscripto> {
  requirePermission(actor, 'inscriptos:read');
  const row = await repo.findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  const inscripto = paraElLector(actor, rowToInscripto(row, cicloRef(await cicloParaLeer(ctx.db, row.ciclo_id))));
  await recordAccess(ctx, actor, ip, { accion: 'ver', inscriptoId: inscripto.id });
  return inscripto;
}

/** Whether the CI is in another enrolment, logged as a search with how many records it named. */
export async function checkCi(
  ctx: AppContext,
  actor: SessionActor,
  query: { ci: string; excluir?: string | undefined },
  ip: string,
): Promise<TCiCheckResponse> {
  const check = await findCi(ctx, actor, query);
  const cantidad = (check.inscripto ? 1 : 0) + check.anteriores.length;
  await recordAccess(ctx, actor, ip, { accion: 'buscar', detalle: 'verificar-ci', cantidad });
  return check;
}

async function findCi(
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
  const anteriores = await enOtrosCiclos(ctx, otros);
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

/** The enrolments of the same CI in other cycles, newest cycle first, with the cycle's name. */
async function enOtrosCiclos(
  ctx: AppContext,
  otros: readonly { ciclo_id: string; numero_inscripcion: number | null }[],
): Promise<TCiCheckResponse['anteriores']> {
  if (!otros.length) return [];
  const ciclos = new Map((await listCiclos(ctx.db)).map((c) => [c.id, c]));
  return otros
    .flatMap((o) => {
      const c = ciclos.get(o.ciclo_id);
      return c ? [{ nombre: c.nombre, anio: c.anio_ingreso, numero: o.numero_inscripcion }] : [];
    })
    .sort((a, b) => b.anio - a.anio)
    .map((o) => ({
      ciclo: o.nombre,
      numeroInscripcion: o.numero,
      mensaje: CICLO_MSG.yaInscripto(o.nombre, o.numero),
    }));
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

/** The officials an administrator may choose on the form: active users who may enrol (never the guest). */
export async function listFuncionarios(ctx: AppContext, actor: SessionActor): Promise<TFuncionarioList> {
  requirePermission(actor, 'inscriptos:choose-funcionario');
  return listActiveMembersWithRoles(ctx.red.db, ctx.escuela.id, FUNCIONARIO_ROLES);
}
