import type { Kysely } from 'kysely';
import { AppError } from '@inscripciones/shared/errors.ts';
import { MotorCorrimiento } from '@inscripciones/shared/asignacion/corrimiento.ts';
import type { TRespuestaAsignacion } from '@inscripciones/shared/asignacion/corrimiento-estado.ts';
import { postulacionDeActa, type TActaAsignacion } from '@inscripciones/shared/asignacion/acta-schema.ts';
import type { TPostulacion } from '@inscripciones/shared/asignacion/schemas.ts';
import { ASIGNACION_API_MSG as MSG } from '@inscripciones/shared/asignacion/api-schema.ts';
import { eventoDeEntrada, hashEntradaRegistro } from '@inscripciones/shared/asignacion/verify-registro.ts';
import type { DB } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import * as repo from '../../data/asignacion/asignacion-repository.ts';

/*
 * The roll-up after a network assignment (docs/decisions/0028 "Después de la asignación", 0039): the state is
 * MotorCorrimiento over the stored acta and the ordered log of answers (`red_respuestas`), so anyone with the
 * acta and the public log recomputes it. An answer is recorded only when the engine would apply it; nobody holds
 * two places because the engine moves an application and frees its previous place in one step.
 */

/** Where an application came from (private): its school and its enrolment number there. */
export interface OrigenRed {
  escuela: string;
  numeroInscripcion: number;
  inscriptoIds: string[];
}

export interface AsignacionLeida {
  row: repo.RedAsignacionCabecera;
  acta: TActaAsignacion;
  origenes: Record<number, OrigenRed>;
  respuestas: repo.RedRespuestaRow[];
  motor: MotorCorrimiento;
}

const eventoDe = eventoDeEntrada;

/** The public log's hash of one answer: what its receipt shows. */
export const hashRespuesta = hashEntradaRegistro;

/** What a stored assignment never changes: its acta parsed, its origins and the engine's applications. */
interface Publicada {
  acta: TActaAsignacion;
  origenes: Record<number, OrigenRed>;
  postulaciones: TPostulacion[];
}

/**
 * Parsed once per stored assignment (its year, raffle and time: megabytes of JSON), the last few kept; the
 * answers are read every time, so every instance sees the others' answers.
 */
const publicadas = new Map<string, Publicada>();
const claveDe = (row: repo.RedAsignacionCabecera) => `${row.anio}|${row.sorteo_id}|${row.asignado_en}`;

/** Keeps what was just stored, so the next reads need not parse it again. */
export function recordarPublicada(row: repo.RedAsignacionCabecera, publicada: Publicada): void {
  if (publicadas.size >= 2) publicadas.delete(publicadas.keys().next().value!);
  publicadas.set(claveDe(row), publicada);
}

async function publicadaDe(redDb: Kysely<DB>, row: repo.RedAsignacionCabecera): Promise<Publicada | null> {
  const guardada = publicadas.get(claveDe(row));
  if (guardada) return guardada;
  const texto = await repo.findActaYOrigenes(redDb, row.anio);
  if (!texto) return null;
  const acta = JSON.parse(texto.acta) as TActaAsignacion;
  const postulaciones = acta.postulaciones.map((p) => {
    const r = postulacionDeActa(p);
    if ('problema' in r) throw new Error(r.problema);
    return r.postulacion;
  });
  const publicada = { acta, origenes: JSON.parse(texto.origenes) as Record<number, OrigenRed>, postulaciones };
  recordarPublicada(row, publicada);
  return publicada;
}

export async function leerAsignacion(redDb: Kysely<DB>, anio?: number): Promise<AsignacionLeida | null> {
  const row = await repo.findCabecera(redDb, anio);
  if (!row) return null;
  const publicada = await publicadaDe(redDb, row);
  if (!publicada) return null;
  const respuestas = await repo.listRespuestas(redDb, row.anio);
  const { acta, origenes, postulaciones } = publicada;
  const motor = new MotorCorrimiento({
    red: { maxPreferencias: acta.maxPreferencias, escuelas: acta.escuelas, postulaciones },
    resultados: acta.resultados,
    publicadoEn: row.asignado_en,
    plazoDias: row.plazo_dias,
  });
  for (const r of respuestas) motor.aplicar(eventoDe(r));
  return { row, acta, origenes, respuestas, motor };
}

/** The network number of a school's enrolment number, in that year's assignment. */
export function numeroEnLaRed(leida: AsignacionLeida, escuela: string, numeroInscripcion: number): number | null {
  const hit = Object.entries(leida.origenes).find(
    ([, o]) => o.escuela === escuela && o.numeroInscripcion === numeroInscripcion,
  );
  return hit ? Number(hit[0]) : null;
}

export interface RespuestaARegistrar {
  numero: number;
  respuesta: TRespuestaAsignacion;
  miembro?: number | undefined;
  usuario: string;
  canal: 'en_linea' | null;
}

/**
 * Records an answer for the application's place now: 404 for a number not in the assignment, 409 when the engine
 * would not apply it (already out, no place to accept, back from `acepta` to waiting, past its deadline).
 */
export async function registrarRespuesta(
  redDb: Kysely<DB>,
  leida: AsignacionLeida,
  r: RespuestaARegistrar,
  ahora: string,
): Promise<repo.RedRespuestaRow> {
  const actual = leida.motor.consultar(r.numero);
  if (!actual) throw new AppError('NOT_FOUND', MSG.postulacionDesconocida(r.numero));
  if (r.respuesta !== 'vence' && actual.vence !== null && actual.vence <= ahora && actual.estado === 'pendiente') {
    throw new AppError('CONFLICT', MSG.plazoVencido);
  }
  const row: repo.RedRespuestaRow = {
    anio: leida.row.anio,
    seq: leida.respuestas.length + 1,
    en: ahora,
    numero: r.numero,
    respuesta: r.respuesta,
    escuela: actual.escuela,
    miembro: r.miembro ?? null,
    usuario: r.usuario,
    canal: r.canal,
  };
  // The engine decides: an answer it would ignore is refused with its reason, never recorded.
  const prueba = (await leerAsignacion(redDb, leida.row.anio))!.motor;
  prueba.aplicar(eventoDe(row));
  const ignorado = prueba.estado(ahora).ignorados.find((i) => i.evento === leida.respuestas.length);
  if (ignorado) throw new AppError('CONFLICT', ignorado.motivo);
  try {
    await repo.insertRespuesta(redDb, row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('STALE_VERSION', MSG.otraRespuesta);
    throw e;
  }
  return row;
}

/** Who records an expiry: the command, never a person. */
const VENCIMIENTOS = 'sistema:vencimientos';

/**
 * Records `vence` for every offer whose deadline passed by `ahora`, one at a time: each one frees a place that
 * rolls up, and an offer made by that roll-up gets a new deadline. A command, never an effect of reading (0032).
 */
export async function registrarVencimientos(redDb: Kysely<DB>, anio: number, ahora: string): Promise<number> {
  let registradas = 0;
  for (;;) {
    const leida = await leerAsignacion(redDb, anio);
    const siguiente = leida?.motor.estado(ahora).porVencer[0];
    if (!leida || !siguiente) return registradas;
    await registrarRespuesta(
      redDb,
      leida,
      { numero: siguiente.numero, respuesta: 'vence', usuario: VENCIMIENTOS, canal: null },
      ahora,
    );
    registradas++;
  }
}
