import type { Llave } from './solicitud-api.ts';
import { conEscuela, escuelaDeLaPagina } from '../../lib/escuela.ts';

/**
 * What this browser remembers of the family's application, so a reload or a closed tab resumes it: its id
 * and code, and the form as last typed (saved on the server too, but a change typed without connection is
 * only here until it is sent).
 */

// Per school (docs/decisions/0036): a family may apply to two schools of the network from the same browser.
const deLaEscuela = (clave: string) => {
  const escuela = escuelaDeLaPagina();
  return escuela ? `${clave}:${escuela}` : clave;
};
const LLAVE = () => deLaEscuela('solicitud:llave');
const DATOS = () => deLaEscuela('solicitud:datos');

function leer<T>(clave: string): T | null {
  try {
    const texto = window.localStorage.getItem(clave);
    return texto ? (JSON.parse(texto) as T) : null;
  } catch {
    return null;
  }
}

function escribir(clave: string, valor: unknown): void {
  try {
    window.localStorage.setItem(clave, JSON.stringify(valor));
  } catch {
    // Private mode or a full disk: the server's copy is still saved.
  }
}

export function llaveGuardada(): Llave | null {
  const llave = leer<Llave>(LLAVE());
  return llave && typeof llave.id === 'string' && typeof llave.codigo === 'string' ? llave : null;
}

export const recordarLlave = (llave: Llave) => escribir(LLAVE(), llave);

/** The form typed for this application, if this browser has it. */
export function datosLocales(id: string): Record<string, unknown> | null {
  const guardado = leer<{ id: string; datos: Record<string, unknown> }>(DATOS());
  return guardado?.id === id ? guardado.datos : null;
}

export const recordarDatos = (id: string, datos: Record<string, unknown>) => escribir(DATOS(), { id, datos });

/** Forgets the form typed (once sent, the server's copy is the application; the link still shows it sent). */
export function olvidarDatos(): void {
  try {
    window.localStorage.removeItem(DATOS());
  } catch {
    // Nothing to forget.
  }
}

/** Forgets the application (to start another, or when it no longer opens). */
export function olvidar(): void {
  try {
    window.localStorage.removeItem(LLAVE());
    window.localStorage.removeItem(DATOS());
  } catch {
    // Nothing to forget.
  }
}

/** The private link: id and code in the fragment, which the browser never sends to the server. */
export const enlacePrivado = (llave: Llave) =>
  `${window.location.origin}${conEscuela('/solicitud', escuelaDeLaPagina())}#id=${encodeURIComponent(llave.id)}&codigo=${encodeURIComponent(llave.codigo)}`;

/** The link's id and code, when the page was opened from it. */
export function llaveDelEnlace(): Llave | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const id = params.get('id');
  const codigo = params.get('codigo');
  return id && codigo ? { id, codigo } : null;
}
