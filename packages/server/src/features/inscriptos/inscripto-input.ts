import { AppError } from '@inscripciones/shared/errors.ts';
import { FUNCIONARIO_ROLES, can } from '@inscripciones/shared/permissions.ts';
import { stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { withoutHidden } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { ruleErrors } from '@inscripciones/shared/inscriptos/sections.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { TInscriptoCreate, TInscriptoUpdate } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import { type SessionActor } from '../../lib/authorization.ts';
import { findMemberByUsername } from '../../data/users/users-repository.ts';
import * as repo from '../../data/inscriptos/inscriptos-repository.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { VALIDATION_MSG } from '@inscripciones/shared/messages.ts';

/**
 * What a write of an enrolment takes from its body and checks before storing it (SPEC 2, 4, 6): the form
 * document, the admin-only fields, today's rules, the CI free in the cycle and the official it names.
 */

/**
 * The form document of a write: system fields dropped, empties removed (SPEC 4), and the follow-ups the form
 * would hide dropped (shown-when.ts: `barrioOtro` only with barrio "otro", ...).
 */
export function formData(input: TInscriptoCreate | TInscriptoUpdate): TInscriptoData {
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
    consentimientoAvisos: _consentimiento,
    fueraDelSorteoEnCurso: _fuera,
    preferencias: _preferencias,
    ...datos
  } = input;
  return withoutHidden(stripEmpty(datos as TInscriptoData));
}

/** Rules that depend on today (birth-date and centre-year windows) and cross-field rules (year ranges). */
export function assertRules(ctx: AppContext, datos: TInscriptoData) {
  const errors = ruleErrors(datos, ctx.clock());
  if (errors.length) {
    throw new AppError('VALIDATION', `${VALIDATION_MSG.summary}: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
}

/** One enrolment per child within a cycle; the same child may apply again in another cycle. */
export async function assertCiFree(ctx: AppContext, cicloId: string, ci: string | null, exceptId?: string) {
  if (!ci) return;
  const other = await repo.findByCi(ctx.db, cicloId, ci, exceptId);
  if (other) {
    const d = rowData(other);
    throw new AppError('CONFLICT', INSCRIPTO_MSG.ciDuplicate(d.nombre1 ?? '', d.apellido1 ?? ''));
  }
}

/** The official a write names: administrators choose one; everyone else is their own official (SPEC 2, 6). */
export function namedFuncionario(actor: SessionActor, requested: string | undefined, stored: string | null): string {
  return can(actor, 'inscriptos:choose-funcionario') && requested ? requested : (stored ?? actor.username);
}

/** The named official, checked to be an active user who may enrol (never the guest) when an administrator names a new one. */
export async function resolveFuncionario(
  ctx: AppContext,
  actor: SessionActor,
  requested: string | undefined,
  stored: string | null,
) {
  const funcionario = namedFuncionario(actor, requested, stored);
  if (!can(actor, 'inscriptos:choose-funcionario') || !requested || requested === stored) return funcionario;
  const user = await findMemberByUsername(ctx.red.db, ctx.escuela.id, requested);
  if (!user || user.activo !== 1 || !FUNCIONARIO_ROLES.some((role) => role === user.role)) {
    const message = INSCRIPTO_MSG.funcionarioUnknown(requested);
    throw new AppError('VALIDATION', message, [{ field: 'funcionario', label: 'Funcionario', message }]);
  }
  return requested;
}

/** Only administrators set "fuera de zona autorizado"; for anyone else the stored value stays. */
export function keepAdminOnlyFields(
  actor: SessionActor,
  datos: TInscriptoData,
  stored: TInscriptoData | null,
): TInscriptoData {
  if (can(actor, 'inscriptos:set-fuera-de-zona')) return datos;
  const { fueraDeZonaAutorizado: _ignored, ...rest } = datos;
  return stored?.fueraDeZonaAutorizado ? { ...rest, fueraDeZonaAutorizado: stored.fueraDeZonaAutorizado } : rest;
}
