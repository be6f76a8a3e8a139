import type { TEscuelaDeCuenta, TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { getSession, updateSessionUser } from './session.ts';

/*
 * The school a request is for (docs/decisions/0036): every API path takes `escuela` (the school's code). A
 * page opened with `?escuela=` (the public board, status page, application) passes it on; otherwise an account
 * with several schools sends the one chosen in the sidebar, remembered per browser. An account with one school
 * sends nothing: the server uses its only school, and the URLs stay as they were.
 */

const STORAGE_KEY = 'inscripciones:escuela';

/** This tab's choice: read once from localStorage, so another tab's switch does not move this one. */
let elegida: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function recordada(): string | null {
  if (elegida === undefined) {
    try {
      elegida = storage()?.getItem(STORAGE_KEY) ?? null;
    } catch {
      elegida = null;
    }
  }
  return elegida;
}

/** The page's own `?escuela=`, if any. */
export function escuelaDeLaPagina(): string | null {
  if (typeof window === 'undefined') return null;
  const codigo = new URLSearchParams(window.location.search).get('escuela');
  return codigo || null;
}

/** The account's school in use: the remembered one if it is still theirs, else the first. */
export function escuelaActual(user: TSessionUser | null | undefined): TEscuelaDeCuenta | null {
  const escuelas = user?.escuelas ?? [];
  const codigo = recordada();
  return escuelas.find((e) => e.codigo === codigo) ?? escuelas[0] ?? null;
}

/** Whether the account works in several schools (then the sidebar offers the switch). */
export function tieneVariasEscuelas(user: TSessionUser | null | undefined): boolean {
  return (user?.escuelas?.length ?? 0) > 1;
}

/** The code every API request carries, or null (then none is sent). */
export function escuelaDelPedido(): string | null {
  const pagina = escuelaDeLaPagina();
  if (pagina) return pagina;
  const user = getSession()?.user;
  return tieneVariasEscuelas(user) ? (escuelaActual(user)?.codigo ?? null) : null;
}

/** `path` with `escuela=<codigo>` added (unless it names one already); unchanged without a school. */
export function conEscuela(path: string, codigo: string | null = escuelaDelPedido()): string {
  if (!codigo || /[?&]escuela=/.test(path)) return path;
  return `${path}${path.includes('?') ? '&' : '?'}escuela=${encodeURIComponent(codigo)}`;
}

/** The session user with the role of the school in use (the server answers with that of its request's school). */
export function conRolDeLaEscuela(user: TSessionUser): TSessionUser {
  const actual = tieneVariasEscuelas(user) ? escuelaActual(user) : null;
  return actual && actual.role !== user.role ? { ...user, role: actual.role } : user;
}

/** Switches this tab to another of the account's schools and remembers it for the next visits. */
export function elegirEscuela(codigo: string): void {
  elegida = codigo;
  try {
    storage()?.setItem(STORAGE_KEY, codigo);
  } catch {
    // Storage blocked: the choice lasts for this tab.
  }
  const user = getSession()?.user;
  if (user) updateSessionUser(conRolDeLaEscuela(user));
}

/** Whose items the offline queue holds: the account, and the school when it has several (each waits for its own). */
export function duenoDeLaCola(user: TSessionUser): string {
  const actual = tieneVariasEscuelas(user) ? escuelaActual(user) : null;
  return actual ? `${user.id}@${actual.codigo}` : user.id;
}
