import { AppError } from '@inscripciones/shared/errors.ts';
import { CICLO_MSG, RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import {
  CAMPOS_CONSERVADOS,
  CAMPOS_QUE_SE_BORRAN,
  MESES_RETENCION_POR_DEFECTO,
  SE_CONSERVA,
  ZRetencion,
  type TAgregados,
  type TAnonimizarResultado,
  type TRetencionEstado,
  type TVistaPrevia,
} from '@inscripciones/shared/ciclos/retencion-schema.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { findCiclo, updateCiclo, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { rowData, rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { appendAuditMany } from '../../data/auditoria/audit-repository.ts';
import { admisionDelCiclo } from '../../domain/sorteos/admision.ts';
import { anonimizarSorteosDelCiclo } from '../../domain/anonimizacion/anonimizar-sorteos.ts';
import { anonimizarTextosDelCiclo } from '../../domain/anonimizacion/anonimizar-textos.ts';
import { sinRastros } from '../../db/sin-rastros.ts';
import * as repo from '../../data/inscriptos/retencion-repository.ts';
import {
  CLAVE_RETENCION,
  findConfiguracion,
  saveConfiguracion,
} from '../../data/configuracion/configuracion-repository.ts';
import { anonimizarInscriptos } from '../../domain/anonimizacion/anonimizar-inscriptos.ts';
import { borrarAvisosDeInscriptos } from '../../data/avisos/avisos-repository.ts';

/** Every table anonymisation rewrites or deletes from (inscriptos_busqueda: PostgreSQL's copy of the names). */
const TABLAS_ANONIMIZADAS = [
  'inscriptos',
  'avisos',
  'inscriptos_busqueda',
  'inscripto_hermanos',
  'auditoria_claves',
  'sorteos',
  'sorteo_contenidos',
  'sorteo_actas',
  'plaza_eventos',
  'duplicados_resueltos',
] as const;

/**
 * Retention (docs/privacy.md, decision 0017): the setting (months after closing), the preview of a cycle's
 * anonymisation and the anonymisation itself. Admitted children keep everything; every other record of the
 * closed cycle keeps only what its counts need, and the cycle's raffles keep only initials and huella of those
 * children (decision 0024).
 */

export async function getRetencion(ctx: AppContext, actor: SessionActor): Promise<TRetencionEstado> {
  requirePermission(actor, 'ciclos:leer');
  const row = await findConfiguracion(ctx.db, CLAVE_RETENCION);
  const parsed = row ? ZRetencion.safeParse(JSON.parse(row.valor)) : null;
  return {
    meses: parsed?.success ? parsed.data.meses : MESES_RETENCION_POR_DEFECTO,
    actualizadoPor: row?.actualizado_por ?? null,
    actualizadoEn: row?.actualizado_en ?? null,
  };
}

export async function setRetencion(ctx: AppContext, actor: SessionActor, meses: number): Promise<TRetencionEstado> {
  requirePermission(actor, 'ciclos:anonimizar');
  await saveConfiguracion(
    ctx.db,
    CLAVE_RETENCION,
    JSON.stringify({ meses }),
    actor.username,
    ctx.clock().toISOString(),
  );
  return getRetencion(ctx, actor);
}

/** The same day `meses` months later (the 31st becomes the month's last day). */
function addMonths(isoDate: string, meses: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + meses;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

type Row = Awaited<ReturnType<typeof repo.rowsOfCiclo>>[number];

function count(into: Record<string, number>, key: string) {
  into[key] = (into[key] ?? 0) + 1;
}

/** Counts by barrio, stratum, sex and state: what anonymisation keeps equal. */
function agregados(rows: readonly Row[], ciclo: CicloRow): TAgregados {
  const out: TAgregados = { barrio: {}, estrato: {}, sexo: {}, estado: {} };
  for (const row of rows) {
    const r = rowToInscripto(row, cicloRef(ciclo));
    count(out.barrio, typeof r.barrio === 'string' && r.barrio ? r.barrio : 'Sin dato');
    count(out.estrato, r.estrato ?? 'NORMAL');
    count(out.sexo, row.sexo ?? 'Sin dato');
    count(out.estado, row.estado);
  }
  return out;
}

async function load(ctx: AppContext, cicloId: string) {
  const ciclo = await findCiclo(ctx.db, cicloId);
  if (!ciclo) throw new AppError('NOT_FOUND', CICLO_MSG.notFound);
  const [rows, admision] = await Promise.all([
    repo.rowsOfCiclo(ctx.db, cicloId),
    admisionDelCiclo(ctx.db, cicloId, ctx.clock().toISOString()),
  ]);
  const { admitidos } = admision;
  const sinAnonimizar = rows.filter((r) => !r.anonimizado_en && !admitidos.has(r.id));
  // Until admission is known (decision 0024) nothing is anonymised; a cycle without records needs nothing.
  const bloqueo = sinAnonimizar.length ? admision.bloqueo : null;
  const pendientes = bloqueo ? [] : sinAnonimizar;
  return { ciclo, rows, admision, admitidos, pendientes, bloqueo };
}

export async function vistaPrevia(ctx: AppContext, actor: SessionActor, cicloId: string): Promise<TVistaPrevia> {
  requirePermission(actor, 'ciclos:anonimizar');
  const [{ ciclo, rows, admitidos, pendientes, bloqueo }, { meses }] = await Promise.all([
    load(ctx, cicloId),
    getRetencion(ctx, actor),
  ]);
  const cerradoEn = ciclo.estado === 'cerrado' ? (ciclo.cerrado_en ?? ciclo.actualizado_en) : null;
  const sugeridaDesde = cerradoEn ? addMonths(dateInMontevideo(new Date(cerradoEn)), meses) : null;
  return {
    ciclo: {
      id: ciclo.id,
      nombre: ciclo.nombre,
      estado: ciclo.estado,
      cerradoEn,
      anonimizadoEn: ciclo.anonimizado_en ?? null,
    },
    mesesRetencion: meses,
    sugeridaDesde,
    vencida: !!sugeridaDesde && dateInMontevideo(ctx.clock()) >= sugeridaDesde && pendientes.length > 0,
    total: rows.length,
    admitidos: rows.filter((r) => admitidos.has(r.id)).length,
    aAnonimizar: pendientes.length,
    yaAnonimizadas: rows.filter((r) => r.anonimizado_en).length,
    camposQueSeBorran: [...CAMPOS_QUE_SE_BORRAN],
    seConserva: [...SE_CONSERVA],
    agregados: agregados(rows, ciclo),
    confirmacion: ciclo.nombre,
    bloqueo,
  };
}

/** What an anonymised record keeps of its form. */
function kept(row: Row): string {
  const datos = rowData(row) as Record<string, unknown>;
  return JSON.stringify(
    Object.fromEntries(CAMPOS_CONSERVADOS.filter((c) => datos[c] !== undefined).map((c) => [c, datos[c]])),
  );
}

export async function anonimizar(
  ctx: AppContext,
  actor: SessionActor,
  cicloId: string,
  confirmacion: string,
): Promise<TAnonimizarResultado> {
  requirePermission(actor, 'ciclos:anonimizar');
  const { ciclo, rows, pendientes, admision, bloqueo } = await load(ctx, cicloId);
  if (ciclo.estado !== 'cerrado') throw new AppError('CONFLICT', RETENCION_MSG.soloCerrado(ciclo.nombre));
  if (confirmacion.trim() !== ciclo.nombre) {
    const message = RETENCION_MSG.confirmacion(ciclo.nombre);
    throw new AppError('VALIDATION', message, [{ field: 'confirmacion', label: 'Confirmación', message }]);
  }
  if (bloqueo) throw new AppError('CONFLICT', bloqueo);
  const antes = agregados(rows, ciclo);
  const now = ctx.clock().toISOString();
  const ref = cicloRef(ciclo);
  const cambiados = pendientes.map((row) => {
    const r = rowToInscripto(row, ref);
    return { id: row.id, datos: kept(row), estrato: r.estrato ?? 'NORMAL', condicional: r.condicional ? 1 : 0 };
  });
  const escribir = () =>
    ctx.db.transaction().execute(async (tx) => {
      const ids = new Set(await anonimizarInscriptos(tx, cambiados, actor.username, now));
      // Field names only: the values are gone, and so is the key their earlier digests were made with.
      const entradas = pendientes
        .filter((row) => ids.has(row.id))
        .map((row) => {
          const campos = Object.keys(rowData(row)).filter(
            (c) => !(CAMPOS_CONSERVADOS as readonly string[]).includes(c),
          );
          return {
            fecha: now,
            usuario: actor.username,
            accion: 'anonimizar' as const,
            inscripto_id: row.id,
            cambios: Object.fromEntries(campos.map((c) => [c, {}])),
          };
        });
      await appendAuditMany(tx, entradas);
      await borrarAvisosDeInscriptos(tx, [...ids]);
      if (!admision.bloqueo) {
        await anonimizarTextosDelCiclo(tx, ciclo.id, admision.conservar, ids);
        await anonimizarSorteosDelCiclo(tx, ciclo.id, admision.conservar, now);
      }
      await updateCiclo(tx, ciclo.id, { anonimizado_en: now, actualizado_en: now });
      return ids.size;
    });
  const hechos = await sinRastros(ctx.db, ctx.dialect, TABLAS_ANONIMIZADAS, escribir);
  const despues = agregados(await repo.rowsOfCiclo(ctx.db, cicloId), ciclo);
  return {
    message: RETENCION_MSG.hecho(hechos),
    anonimizadas: hechos,
    agregadosAntes: antes,
    agregadosDespues: despues,
  };
}
