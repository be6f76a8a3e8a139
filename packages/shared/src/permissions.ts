import type { Role } from './roles.ts';

/**
 * Who may do what (SPEC 6), as data plus pure functions. The server enforces these; the browser only
 * uses them to hide what the user cannot do.
 */
export interface Actor {
  id: string;
  username: string;
  role: Role;
}

/** What an enrolment carries for the edit rule: its creator (object or plain username) and official. */
export interface OwnedRecord {
  createdBy?: string | { username?: string | null } | null;
  funcionario?: string | null;
}

export type Action =
  | 'users:manage'
  | 'inscriptos:read'
  | 'inscriptos:create'
  | 'inscriptos:delete'
  | 'inscriptos:audit'
  | 'inscriptos:informe-datos'
  | 'inscriptos:import-export'
  | 'inscriptos:choose-funcionario'
  | 'inscriptos:set-fuera-de-zona'
  | 'inscriptos:mine-filter'
  | 'sorteo:operar'
  | 'sorteo:actas'
  | 'configuracion:leer'
  | 'configuracion:editar'
  | 'accesos:leer'
  | 'duplicados:leer'
  | 'duplicados:resolver'
  | 'ciclos:leer'
  | 'ciclos:editar'
  | 'plazas:leer'
  | 'plazas:responder'
  | 'plazas:exportar'
  | 'plazas:plazo'
  | 'ciclos:anonimizar'
  | 'panel:ver'
  | 'inscriptos:filtrar-reservados'
  | 'inscriptos:codigo-estado'
  | 'avisos:leer'
  | 'avisos:reenviar'
  | 'avisos:supervisar'
  | 'solicitudes:verificar';

const POLICIES: Record<Action, readonly Role[]> = {
  'users:manage': ['administrador'],
  'inscriptos:read': ['administrador', 'voluntario', 'visitado'],
  'inscriptos:create': ['administrador', 'voluntario'],
  'inscriptos:delete': ['administrador'],
  'inscriptos:audit': ['administrador'],
  // Everything held about one child (Ley 18.331 art. 14, docs/privacy.md).
  'inscriptos:informe-datos': ['administrador'],
  'inscriptos:import-export': ['administrador'],
  'inscriptos:choose-funcionario': ['administrador'],
  'inscriptos:set-fuera-de-zona': ['administrador'],
  'inscriptos:mine-filter': ['administrador', 'voluntario'],
  // The raffle screen is public; its controls (start, public value, next, confirm, end) are not (0008).
  'sorteo:operar': ['administrador'],
  'sorteo:actas': ['administrador'],
  // The school's content (docs/decisions/0011): every signed-in user reads it, administrators edit it.
  'configuracion:leer': ['administrador', 'voluntario', 'visitado'],
  'configuracion:editar': ['administrador'],
  // Admission cycles (docs/decisions/0014): everyone signed in sees them, administrators manage them.
  'ciclos:leer': ['administrador', 'voluntario', 'visitado'],
  'ciclos:editar': ['administrador'],
  // Removing the non-admitted children's data of a closed cycle (docs/privacy.md).
  'ciclos:anonimizar': ['administrador'],
  // Who read which child's data (docs/privacy.md): administrators only.
  'accesos:leer': ['administrador'],
  // Possible duplicates: volunteers see them (they enter the records), administrators resolve them.
  'duplicados:leer': ['administrador', 'voluntario'],
  'duplicados:resolver': ['administrador'],
  // Places after the raffle: staff record the families' answers; the guest reads; the roster and
  // the adenda (the adults' contacts, staff names) are administrators' exports.
  'plazas:leer': ['administrador', 'voluntario', 'visitado'],
  'plazas:responder': ['administrador', 'voluntario'],
  'plazas:exportar': ['administrador'],
  'plazas:plazo': ['administrador'],
  // The director's panel shows aggregates only: every signed-in role.
  'panel:ver': ['administrador', 'voluntario', 'visitado'],
  // A family's status code and constancia: staff who may edit the record; never the guest, whose
  // password is public.
  'inscriptos:codigo-estado': ['administrador', 'voluntario'],
  // Filtering the list by income or benefits tells who is poor: only those who read every record in full.
  'inscriptos:filtrar-reservados': ['administrador'],
  // Messages to the families (docs/decisions/0029): staff who may edit a record see what was sent for it (never
  // the guest); administrators send one again, and see every cycle's failures and the channels in force.
  'avisos:leer': ['administrador', 'voluntario'],
  'avisos:reenviar': ['administrador'],
  'avisos:supervisar': ['administrador'],
  // The families' online applications and their documents (docs/decisions/0038): staff verify and finalise or
  // return them; never the guest, whose password is public.
  'solicitudes:verificar': ['administrador', 'voluntario'],
};

/** Who may be an enrolment's official ("Inscripción realizada por"): whoever may enrol; never the guest. */
export const FUNCIONARIO_ROLES: readonly Role[] = POLICIES['inscriptos:create'];

export function can(actor: Actor | null | undefined, action: Action): boolean {
  return !!actor && POLICIES[action].includes(actor.role);
}

export function creatorUsername(record: OwnedRecord): string | null {
  const c = record.createdBy;
  if (!c) return null;
  return typeof c === 'string' ? c : (c.username ?? null);
}

/** True when the record was created by, or is assigned to, this username ("Mis inscripciones"). */
export function isOwnRecord(username: string, record: OwnedRecord): boolean {
  return record.funcionario === username || creatorUsername(record) === username;
}

/** Administrators edit any enrolment; volunteers only their own; guests none (SPEC 6). */
export function canEditInscripto(actor: Actor | null | undefined, record: OwnedRecord): boolean {
  if (!actor) return false;
  if (actor.role === 'administrador') return true;
  if (actor.role === 'voluntario') return isOwnRecord(actor.username, record);
  return false;
}
