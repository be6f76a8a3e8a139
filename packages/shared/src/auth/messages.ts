import { cuenta } from '../plural.ts';

/**
 * Texts of signing in and of the session (SPEC 2 "Login screen", SPEC 8 "Login"). Texts quoted by SPEC.md are copied from it
 * exactly; the rest are ours, in the same voice. Server and browser read them from here.
 */
export const AUTH_MSG = {
  loginFailedDefault: 'Error de autenticación',
  connectionClient: 'Error de conexión con el servidor',
  connectionService: 'Error de conexión',
  guestFailed: 'Error al acceder como visitante. Por favor, intenta nuevamente.',
  invalidCredentials: 'Usuario o contraseña incorrectos',
  inactiveUser: 'El usuario está desactivado. Consultá con un administrador.',
  required: 'Usuario y contraseña son obligatorios',
  rateLimited: (minutes: number) =>
    `Demasiados intentos fallidos. Esperá ${cuenta(minutes, 'minuto')} y volvé a intentar.`,
  sessionMissing: 'Tenés que iniciar sesión',
  sessionInvalid: 'La sesión no es válida o venció. Iniciá sesión nuevamente.',
  sessionUserGone: 'Tu usuario fue desactivado o eliminado. Iniciá sesión nuevamente.',
  sessionEnded: 'La sesión se cerró. Iniciá sesión nuevamente.',
  loggedOut: 'Sesión cerrada',
  forbidden: 'No tienes permisos para realizar esta acción',
} as const;
