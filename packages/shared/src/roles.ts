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
