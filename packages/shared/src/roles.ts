/** The three staff roles of SPEC 3/6. */
export const ROLES = ['administrador', 'voluntario', 'visitado'] as const;
export type Role = (typeof ROLES)[number];

/** Badge text in the sidebar (SPEC 2 "Sidebar"). */
export const ROLE_BADGES: Record<Role, string> = {
  administrador: 'Admin',
  voluntario: 'Voluntario',
  visitado: 'Visitado',
};

/** Human names for selects and tables. */
export const ROLE_LABELS: Record<Role, string> = {
  administrador: 'Administrador',
  voluntario: 'Voluntario',
  visitado: 'Visitado',
};

export const DEFAULT_ROLE: Role = 'voluntario';

/** The route guard accepts one required role or any of several (SPEC 6). */
export function hasRole(user: { role: Role } | null | undefined, required: Role | readonly Role[]): boolean {
  if (!user) return false;
  return typeof required === 'string' ? user.role === required : required.includes(user.role);
}

/**
 * The network's own roles (docs/decisions/0036): its administrator manages schools and accounts and acts as an
 * administrator in every school; its reader (an inspector) reads every school as the guest role does, and
 * edits nothing.
 */
export const ROLES_RED = ['administrador_red', 'lector_red'] as const;
export type RolRed = (typeof ROLES_RED)[number];

export const ROL_RED_LABELS: Record<RolRed, string> = {
  administrador_red: 'Administrador de la red',
  lector_red: 'Lector de la red',
};

/** The role a network role acts with inside a school that is not one of the account's own. */
export const ROL_EN_ESCUELA_DE_RED: Record<RolRed, Role> = {
  administrador_red: 'administrador',
  lector_red: 'visitado',
};
