import { AppError } from '@inscripciones/shared/errors.ts';
import type { TEscuela, TEscuelaCrear } from '@inscripciones/shared/escuelas/escuela-schema.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { requireRed, type SessionActor } from '../../lib/authorization.ts';
import type { EscuelaAbierta, PuertoRed } from '../../domain/red/puerto-red.ts';

/*
 * GET/POST/PUT /api/escuelas (decision 0036): the network's administrator registers schools; a school's name,
 * address, phone and opening hours are saved as its content (audited there, as an edit of Configuración).
 */

function comoEscuela(e: EscuelaAbierta): TEscuela {
  return { id: e.ctx.escuela.id, codigo: e.ctx.escuela.codigo, ...e.identidad() };
}

export function listarEscuelas(red: PuertoRed, actor: SessionActor): TEscuela[] {
  requireRed(actor, 'leer');
  return red.abiertas().map(comoEscuela);
}

const identidad = ({ codigo: _codigo, ...resto }: TEscuelaCrear) => resto;

function assertCodigoLibre(red: PuertoRed, codigo: string, id?: number) {
  if (red.abiertas().some((e) => e.ctx.escuela.codigo === codigo && e.ctx.escuela.id !== id)) {
    throw new AppError('CONFLICT', ESCUELA_MSG.codigoEnUso(codigo));
  }
}

export async function crearEscuela(red: PuertoRed, actor: SessionActor, input: TEscuelaCrear): Promise<TEscuela> {
  requireRed(actor, 'administrar');
  assertCodigoLibre(red, input.codigo);
  const nueva = await red.crear(input.codigo);
  await nueva.guardarIdentidad(actor, identidad(input));
  return comoEscuela(nueva);
}

export async function actualizarEscuela(
  red: PuertoRed,
  actor: SessionActor,
  id: number,
  input: TEscuelaCrear,
): Promise<TEscuela> {
  requireRed(actor, 'administrar');
  const escuela = red.abiertas().find((e) => e.ctx.escuela.id === id);
  if (!escuela) throw new AppError('NOT_FOUND', ESCUELA_MSG.noEncontrada);
  assertCodigoLibre(red, input.codigo, id);
  if (input.codigo !== escuela.ctx.escuela.codigo) await red.recodificar(id, input.codigo);
  await escuela.guardarIdentidad(actor, identidad(input));
  return comoEscuela(escuela);
}
