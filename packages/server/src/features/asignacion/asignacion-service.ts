import { AppError } from '@inscripciones/shared/errors.ts';
import {
  asignarIndexada,
  indexarRed,
  resultadosDe,
  type RedIndexada,
} from '@inscripciones/shared/asignacion/deferred-acceptance.ts';
import { armarActaAsignacion, type TActaAsignacion } from '@inscripciones/shared/asignacion/acta-schema.ts';
import {
  ASIGNACION_API_MSG as MSG,
  PLAZO_DIAS_POR_DEFECTO,
  type TAsignacionCorrer,
  type TAsignacionVista,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import type { AppContext } from '../../domain/context.ts';
import { fuenteDe } from '../../domain/sorteos/fuente-valor-publico.ts';
import * as repo from '../../data/asignacion/asignacion-repository.ts';
import { requireRed, type SessionActor } from '../../lib/authorization.ts';
import { postulacionesDe } from './lista-congelada.ts';
import { listaDe } from './red-sorteo-service.ts';
import { leerAsignacion, recordarPublicada, type OrigenRed } from '../../domain/asignacion/corrimiento-red.ts';
import { MotorCorrimiento } from '@inscripciones/shared/asignacion/corrimiento.ts';

/**
 * The network's assignment (docs/decisions/0028, 0039): once the year's network raffle ended, the engine runs on
 * the frozen list with the drawn numbers; the result is stored with its public acta (pseudonymous: numbers,
 * initials, choices as codes, priorities, numbers, results) and each application's origin (private).
 */

export async function correr(
  ctx: AppContext,
  actor: SessionActor,
  { anio, plazoDias = PLAZO_DIAS_POR_DEFECTO }: TAsignacionCorrer,
): Promise<TAsignacionVista> {
  requireRed(actor, 'administrar');
  const sorteo = await repo.findSorteo(ctx.red.db, anio);
  if (!sorteo || sorteo.estado !== 'terminado' || !sorteo.azar)
    throw new AppError('CONFLICT', MSG.sorteoNoTerminado(anio));
  if (await repo.findAsignacion(ctx.red.db, anio)) throw new AppError('CONFLICT', MSG.yaAsignado(anio));
  const lista = listaDe(sorteo);
  const azar = new Map(JSON.parse(sorteo.azar) as [number, number][]);
  const postulaciones = postulacionesDe(lista, azar);
  const red = { maxPreferencias: lista.maxPreferencias, escuelas: lista.escuelas, postulaciones };
  // Validated once, by the indexing the engine needs anyway (its first problem, in Spanish).
  let ix: RedIndexada;
  try {
    ix = indexarRed(red);
  } catch (e) {
    if (e instanceof RangeError) throw new AppError('CONFLICT', e.message);
    throw e;
  }
  const asignadoEn = ctx.clock().toISOString();
  const resultados = resultadosDe(ix, asignarIndexada(ix));
  const acta = armarActaAsignacion({
    id: sorteo.id,
    anio,
    asignadoEn,
    maxPreferencias: lista.maxPreferencias,
    escuelas: lista.escuelas,
    postulaciones,
    iniciales: new Map(Object.entries(lista.iniciales).map(([n, i]) => [Number(n), i])),
    semilla: sorteo.semilla,
    fuenteValorPublico: fuenteDe(sorteo)!,
    valorPublico: sorteo.valor_publico,
    resultados,
  });
  const cabecera = {
    anio,
    sorteo_id: sorteo.id,
    asignado_en: asignadoEn,
    asignado_por: actor.username,
    plazo_dias: plazoDias,
  };
  try {
    await repo.insertAsignacion(ctx.red.db, {
      ...cabecera,
      acta: JSON.stringify(acta),
      origenes: JSON.stringify(lista.origenes),
    });
  } catch {
    // Another administrator's run committed first: the year is the key.
    if (await repo.findAsignacion(ctx.red.db, anio)) throw new AppError('CONFLICT', MSG.yaAsignado(anio));
    throw new AppError('CONFLICT', MSG.sinAsignacion);
  }
  recordarPublicada(cabecera, { acta, origenes: lista.origenes, postulaciones });
  // No answer yet: the roll-up's state is the result just stored, without reading its acta back.
  const motor = new MotorCorrimiento({ red, resultados, publicadoEn: asignadoEn, plazoDias });
  return vistaDe(acta, lista.origenes, null, motor);
}

async function guardada(ctx: AppContext, anio: number | undefined): Promise<repo.RedAsignacionRow> {
  const row =
    anio === undefined ? await repo.findAsignacionReciente(ctx.red.db) : await repo.findAsignacion(ctx.red.db, anio);
  if (!row) throw new AppError('NOT_FOUND', MSG.sinAsignacion);
  return row;
}

/** The public acta as stored: the same bytes for everyone. */
export async function actaPublica(ctx: AppContext, anio: number | undefined): Promise<string> {
  return (await guardada(ctx, anio)).acta;
}

/**
 * The school whose part a school account reads: the school of the request (its `escuela` parameter) when the
 * account belongs to it, else the account's only school.
 */
function escuelaDelActor(ctx: AppContext, actor: SessionActor): string {
  if (actor.escuelas.some((e) => e.codigo === ctx.escuela.codigo)) return ctx.escuela.codigo;
  if (actor.escuelas.length === 1) return actor.escuelas[0]!.codigo;
  if (actor.escuelas.length === 0) throw new AppError('FORBIDDEN', ESCUELA_MSG.noEncontrada);
  const message = MSG.elegirEscuela;
  throw new AppError('VALIDATION', message, [{ field: 'escuela', label: 'Escuela', message }]);
}

export async function leer(ctx: AppContext, actor: SessionActor, anio?: number): Promise<TAsignacionVista> {
  const escuela = actor.rolRed ? null : escuelaDelActor(ctx, actor);
  if (actor.rolRed) requireRed(actor, 'leer');
  const leida = await leerAsignacion(ctx.red.db, anio);
  if (!leida) throw new AppError('NOT_FOUND', MSG.sinAsignacion);
  return vistaDe(leida.acta, leida.origenes, escuela, leida.motor);
}

/** Every line for the network; for a school, the applications from it, assigned to it or waiting there. */
function vistaDe(
  acta: TActaAsignacion,
  origenes: Record<number, OrigenRed>,
  escuela: string | null,
  motor: MotorCorrimiento,
): TAsignacionVista {
  const lineas: TAsignacionVista['lineas'] = [];
  // Where each stands after the answers and the roll-up, its waitlist places included (one pass for all).
  const ahora = new Map(motor.estado().postulaciones.map((x) => [x.numero, x]));
  acta.resultados.forEach((r, i) => {
    const p = acta.postulaciones[i]!;
    const origen = origenes[r.numero]!;
    const propia = escuela === null || origen.escuela === escuela;
    const { escuela: plaza, estado, vence, espera } = ahora.get(r.numero)!;
    const actual = { escuela: plaza, estado, vence, espera };
    const ahi = (x: { escuela: string | null; espera: { escuela: string }[] }) =>
      x.escuela === escuela || x.espera.some((e) => e.escuela === escuela);
    if (!propia && !ahi(r) && actual.escuela !== escuela) return;
    lineas.push({
      numero: r.numero,
      azar: p.azar,
      escuela: r.escuela,
      espera: r.espera,
      preferencias: p.preferencias,
      iniciales: p.miembros.map((m) => m.iniciales),
      origen: { escuela: origen.escuela, numeroInscripcion: propia ? origen.numeroInscripcion : null },
      actual,
    });
  });
  const asignadas = lineas.filter((l) => l.escuela !== null).length;
  return {
    anio: acta.anio,
    asignadoEn: acta.asignadoEn,
    escuela,
    resumen: { postulaciones: lineas.length, asignadas, sinEscuela: lineas.length - asignadas },
    lineas,
  };
}
