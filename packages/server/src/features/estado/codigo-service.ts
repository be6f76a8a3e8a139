import { AppError } from '@inscripciones/shared/errors.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import type { TCodigoEstado } from '@inscripciones/shared/estado/estado-schema.ts';
import { canEditInscripto } from '@inscripciones/shared/permissions.ts';
import { parametroEscuela } from '../../domain/red/enlaces.ts';
import type { AppContext } from '../../domain/context.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { findById, recordsOfNumber, type InscriptoRow } from '../../data/inscriptos/inscriptos-repository.ts';
import { findCiclo } from '../../data/ciclos/ciclos-repository.ts';
import { cicloAbierto, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { rowToInscripto } from '../../data/inscriptos/inscripto-mapper.ts';
import { paraElLector, recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import type { CodigoRow } from '../../data/codigos-estado/codigos-repository.ts';
import { codigoDelNumero, leerCodigo } from '../../domain/codigos-estado/codigos.ts';
import type { Constancia } from './constancia-pdf.ts';
import { DIRECCION_MSG, problemaDeDireccion } from '@inscripciones/shared/configuracion/direccion-publica.ts';
import { textosSorteoConAnio } from '@inscripciones/shared/configuracion/textos.ts';
import { contenidoDeCiclo } from '../../data/ciclos/ciclo-contenido.ts';

/**
 * A number's status code for staff (docs/decisions/0023): made the first time the constancia or the code is
 * asked for, the same afterwards, a new one (the old one stops working) when staff regenerate it.
 */

/** The record, when the actor may handle its code: administrators, and volunteers who may edit it. */
export async function recordForCodigo(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
): Promise<InscriptoRow & { numero_inscripcion: number }> {
  requirePermission(actor, 'inscriptos:codigo-estado');
  const row = await findById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', INSCRIPTO_MSG.notFound);
  if (!canEditInscripto(actor, { createdBy: row.created_by, funcionario: row.funcionario })) {
    throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
  }
  const numero = row.numero_inscripcion;
  if (numero === null) throw new AppError('CONFLICT', ESTADO_MSG.sinNumero);
  return { ...row, numero_inscripcion: numero };
}

export async function codigoDe(
  ctx: AppContext,
  actor: SessionActor,
  row: { ciclo_id: string; numero_inscripcion: number },
  regenerar: boolean,
): Promise<TCodigoEstado> {
  return shown(ctx, await codigoDelNumero(ctx, row.ciclo_id, row.numero_inscripcion, actor.username, regenerar));
}

/**
 * A new code for the record's number (the old one stops working). A closed cycle is read-only (decision 0014):
 * its records keep the code they have, 409 and nothing written.
 */
export async function regenerarCodigo(ctx: AppContext, actor: SessionActor, id: string): Promise<TCodigoEstado> {
  const row = await recordForCodigo(ctx, actor, id);
  await cicloAbierto(ctx.db, row.ciclo_id);
  return codigoDe(ctx, actor, row, true);
}

function shown(ctx: AppContext, row: CodigoRow): TCodigoEstado {
  const codigo = leerCodigo(ctx, row);
  if (codigo === null) throw new AppError('CONFLICT', ESTADO_MSG.sinClave);
  return { numeroInscripcion: Number(row.numero), codigo, creadoEn: row.creado_en };
}

const nombreDe = (d: { nombre1?: unknown; nombre2?: unknown; apellido1?: unknown; apellido2?: unknown }) =>
  [d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter((p) => typeof p === 'string' && p.trim()).join(' ');

/** The constancia of a record (its code made now if the number has none), logged as a PDF of the child. */
export async function constancia(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  ip: string,
  origen: string | undefined,
  contenido: Pick<Constancia, 'escuela'>,
): Promise<Constancia> {
  const row = await recordForCodigo(ctx, actor, id);
  // Refused before the code is made: a constancia whose link cannot open at home misleads the family.
  const problema = problemaDeDireccion(origen);
  if (problema !== null || !origen) throw new AppError('CONFLICT', problema ?? DIRECCION_MSG.falta);
  const { codigo } = await codigoDe(ctx, actor, row, false);
  const numero = row.numero_inscripcion;
  const [ciclo, records] = await Promise.all([
    findCiclo(ctx.db, row.ciclo_id),
    recordsOfNumber(ctx.db, row.ciclo_id, numero),
  ]);
  await recordAccess(ctx, actor, ip, { accion: 'pdf', inscriptoId: id, detalle: 'constancia' });
  // The names as GET /api/inscriptos/{id} gives them to this reader, never read from the stored row.
  const ref = cicloRef(ciclo!);
  const vista = (r: InscriptoRow) => paraElLector(actor, rowToInscripto(r, ref));
  const inscripto = vista(row);
  const query = new URLSearchParams({ numero: String(numero), codigo, ...parametroEscuela(ctx.escuela) });
  return {
    ...contenido,
    // The lottery of the record's own cycle, with its year: the paper outlives the season.
    sorteo: textosSorteoConAnio(contenidoDeCiclo(ciclo!)),
    ciclo: ref.nombre,
    numero,
    nombre: nombreDe(inscripto),
    hermanos: records.filter((r) => r.id !== id).map((r) => nombreDe(vista(r))),
    fechaInscripcion: inscripto.fechaInscripcion,
    codigo,
    url: `${origen}/estado?${query}`,
    emitida: ctx.clock(),
  };
}
