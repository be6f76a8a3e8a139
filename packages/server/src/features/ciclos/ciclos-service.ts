import { AppError } from '@inscripciones/shared/errors.ts';
import {
  nombreDeCiclo,
  type TCiclo,
  type TCicloCreate,
  type TCicloUpdate,
} from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { appendAudit, type Changes } from '../../data/auditoria/audit-repository.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/ciclos/ciclos-repository.ts';
import { hasActiveRaffle } from '../../data/sorteos/sorteo-repository.ts';
import { columnasDeContenido } from '../../data/ciclos/ciclo-contenido.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { abiertoDelCiclo } from '../../domain/ciclos/temporadas-vigentes.ts';

/** 409 naming the open offers of the season a change leaves behind; the body carries their count. */
class OfertasAbiertasError extends AppError {
  readonly ofertasAbiertas: number;
  constructor(message: string, ofertasAbiertas: number) {
    super('CONFIRMATION_REQUIRED', message);
    this.ofertasAbiertas = ofertasAbiertas;
  }
  override toBody() {
    return { ...super.toBody(), ofertasAbiertas: this.ofertasAbiertas };
  }
}

/**
 * Admission cycles (docs/decisions/0014): every signed-in user lists them; administrators create the next
 * one, edit one, close or reopen it and choose the current one. Every change is audited (record id = the
 * cycle's id). `onActual` hears the current cycle after any change that may touch it (the school content's
 * copy on this instance).
 */
export type OnActual = (ciclo: repo.CicloRow) => void;

function cicloDeFila(c: repo.CicloRow): TCiclo {
  return {
    id: c.id,
    nombre: c.nombre,
    anioIngreso: c.anio_ingreso,
    estado: c.estado,
    actual: c.actual === 1,
    inscripcionDesde: c.inscripcion_desde,
    inscripcionHasta: c.inscripcion_hasta,
    sorteoFecha: c.sorteo_fecha,
    sorteoHora: c.sorteo_hora,
    sorteoLugar: c.sorteo_lugar,
    transmisionUrl: c.transmision_url,
    plazasNenas: c.plazas_nenas,
    plazasVarones: c.plazas_varones,
    plazoOfertaDias: c.plazo_oferta_dias,
    creadoEn: c.creado_en,
    cerradoEn: c.cerrado_en ?? null,
    anonimizadoEn: c.anonimizado_en ?? null,
  };
}

export async function listCiclos(ctx: AppContext, actor: SessionActor): Promise<{ items: TCiclo[] }> {
  requirePermission(actor, 'ciclos:leer');
  return { items: (await repo.listCiclos(ctx.db)).map(cicloDeFila) };
}

/** The same month and day `years` later (29 February becomes 28 when that year has none). */
function shiftDate(iso: string | null, years: number): string | null {
  if (!iso) return null;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${y + years}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function cambiosEntre(antes: Record<string, unknown>, despues: Record<string, unknown>): Changes {
  const cambios: Changes = {};
  for (const [k, v] of Object.entries(despues)) if (antes[k] !== v) cambios[k] = { antes: antes[k], despues: v };
  return cambios;
}

async function assertAnioLibre(ctx: AppContext, anio: number, exceptId?: string) {
  const otro = await repo.findByAnio(ctx.db, anio);
  if (otro && otro.id !== exceptId) throw new AppError('CONFLICT', CICLO_MSG.anioRepetido(anio));
}

/**
 * The next cycle: the year after the latest one unless given; lottery texts and places copied from the current
 * cycle (its dates moved by the years between them). Created open and not current.
 */
export async function createCiclo(ctx: AppContext, actor: SessionActor, input: TCicloCreate): Promise<TCiclo> {
  requirePermission(actor, 'ciclos:editar');
  const [actual, todos] = await Promise.all([repo.findActual(ctx.db), repo.listCiclos(ctx.db)]);
  const anio = input.anioIngreso ?? Math.max(...todos.map((c) => c.anio_ingreso)) + 1;
  await assertAnioLibre(ctx, anio);
  const years = anio - actual.anio_ingreso;
  const now = ctx.clock().toISOString();
  const row: repo.CicloRow = {
    id: newId(),
    nombre: input.nombre ?? nombreDeCiclo(anio),
    anio_ingreso: anio,
    inscripcion_desde:
      input.inscripcionDesde !== undefined ? input.inscripcionDesde : shiftDate(actual.inscripcion_desde, years),
    inscripcion_hasta:
      input.inscripcionHasta !== undefined ? input.inscripcionHasta : shiftDate(actual.inscripcion_hasta, years),
    sorteo_fecha: input.sorteoFecha ?? shiftDate(actual.sorteo_fecha, years)!,
    sorteo_hora: input.sorteoHora ?? actual.sorteo_hora,
    sorteo_lugar: input.sorteoLugar ?? actual.sorteo_lugar,
    transmision_url: input.transmisionUrl ?? actual.transmision_url,
    plazas_nenas: input.plazasNenas ?? actual.plazas_nenas,
    plazas_varones: input.plazasVarones ?? actual.plazas_varones,
    plazo_oferta_dias: input.plazoOfertaDias ?? actual.plazo_oferta_dias,
    estado: 'abierto',
    actual: 0,
    ultimo_numero: 0,
    creado_en: now,
    actualizado_en: now,
    cerrado_en: null,
    anonimizado_en: null,
  };
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insertCiclo(tx, row);
      const { id: _id, ultimo_numero: _n, creado_en: _c, actualizado_en: _a, ...datos } = row;
      await appendAudit(tx, {
        fecha: now,
        usuario: actor.username,
        accion: 'crear',
        inscripto_id: row.id,
        cambios: cambiosEntre({}, datos),
      });
    });
  } catch (e) {
    // Two administrators creating the same year at once: the unique index refused the second.
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', CICLO_MSG.anioRepetido(anio));
    throw e;
  }
  return cicloDeFila(row);
}

/**
 * Making another cycle current, or closing one, while the season left behind still has open offers needs the
 * administrator's confirmation, naming how many (the season goes on: docs/decisions/0030).
 */
async function avisarOfertasAbiertas(
  ctx: AppContext,
  ciclo: repo.CicloRow,
  hacerActual: boolean,
  cerrar: boolean,
  now: string,
) {
  const avisos: [accion: 'actual' | 'cerrar', de: repo.CicloRow][] = [];
  if (hacerActual) avisos.push(['actual', await repo.findActual(ctx.db)]);
  if (cerrar) avisos.push(['cerrar', ciclo]);
  for (const [accion, de] of avisos) {
    const abierto = await abiertoDelCiclo(ctx.db, de.id, now);
    if (abierto?.ofertas) {
      const message = CICLO_MSG.ofertasAbiertas(accion, de.nombre, abierto.ofertas, abierto.suplentes, ciclo.nombre);
      throw new OfertasAbiertasError(message, abierto.ofertas);
    }
  }
}

/**
 * Edits a cycle. A closed cycle only accepts being reopened (or made current); closing is refused while its
 * raffle is running. `actual: true` moves the "current" mark to it. A new offer deadline is also kept with its
 * time, so the roll-up gives it to offers made from then on only (docs/decisions/0015).
 */
export async function updateCiclo(
  ctx: AppContext,
  onActual: OnActual,
  actor: SessionActor,
  id: string,
  input: TCicloUpdate,
): Promise<TCiclo> {
  requirePermission(actor, 'ciclos:editar');
  const ciclo = await repo.findCiclo(ctx.db, id);
  if (!ciclo) throw new AppError('NOT_FOUND', CICLO_MSG.notFound);
  const {
    estado,
    actual,
    nombre,
    inscripcionDesde,
    inscripcionHasta,
    plazoOfertaDias,
    confirmarOfertasAbiertas,
    ...contenido
  } = input;
  const datos = {
    ...(nombre !== undefined ? { nombre } : {}),
    ...(plazoOfertaDias !== undefined ? { plazo_oferta_dias: plazoOfertaDias } : {}),
    ...(inscripcionDesde !== undefined ? { inscripcion_desde: inscripcionDesde } : {}),
    ...(inscripcionHasta !== undefined ? { inscripcion_hasta: inscripcionHasta } : {}),
    ...columnasDeContenido(contenido),
  };
  const cambios = cambiosEntre(ciclo, { ...datos, ...(estado ? { estado } : {}) });
  const cambiaDatos = Object.keys(cambios).some((k) => k !== 'estado');
  const quedaCerrado = (estado ?? ciclo.estado) === 'cerrado';
  if (cambiaDatos && quedaCerrado) throw new AppError('CONFLICT', CICLO_MSG.cerrado(ciclo.nombre));
  // Its non-admitted children's data is gone: reopening would invite edits of empty records.
  if (estado === 'abierto' && ciclo.anonimizado_en) throw new AppError('CONFLICT', CICLO_MSG.anonimizado(ciclo.nombre));
  if (estado === 'cerrado' && ciclo.estado !== 'cerrado' && (await hasActiveRaffle(ctx.db, id))) {
    throw new AppError('CONFLICT', CICLO_MSG.cerrarConSorteo(ciclo.nombre));
  }
  if (datos.anio_ingreso !== undefined) await assertAnioLibre(ctx, datos.anio_ingreso, id);
  const hacerActual = actual === true && ciclo.actual !== 1;
  if (hacerActual) cambios.actual = { antes: false, despues: true };
  if (!Object.keys(cambios).length) return cicloDeFila(ciclo);

  const now = ctx.clock().toISOString();
  if (!confirmarOfertasAbiertas)
    await avisarOfertasAbiertas(ctx, ciclo, hacerActual, !!cambios.estado && estado === 'cerrado', now);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      if (hacerActual) await repo.makeActual(tx, id, now);
      const cierre = estado && estado !== ciclo.estado ? { cerrado_en: estado === 'cerrado' ? now : null } : {};
      await repo.updateCiclo(tx, id, { ...datos, ...(estado ? { estado } : {}), ...cierre, actualizado_en: now });
      if (cambios.plazo_oferta_dias) {
        await repo.insertPlazoOferta(tx, { id: newId(), ciclo_id: id, desde: now, dias: datos.plazo_oferta_dias! });
      }
      await appendAudit(tx, { fecha: now, usuario: actor.username, accion: 'editar', inscripto_id: id, cambios });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', CICLO_MSG.anioRepetido(datos.anio_ingreso ?? 0));
    throw e;
  }
  const saved = (await repo.findCiclo(ctx.db, id))!;
  if (saved.actual === 1) onActual(saved);
  return cicloDeFila(saved);
}
