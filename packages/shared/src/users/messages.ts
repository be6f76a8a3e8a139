/**
 * Texts of the users screen and service (SPEC 2 "Gestión de Usuarios", SPEC 8 "Users"). Texts quoted by SPEC.md are copied from
 * it exactly; the rest are ours, in the same voice. Server and browser read them from here.
 */
export const USER_MSG = {
  noAccess: 'No tienes permisos para acceder a esta sección',
  loadFailed: 'Error al cargar usuarios',
  deleteFailed: 'Error al eliminar usuario',
  saveFailed: 'Error al guardar usuario',
  deleted: 'Usuario eliminado correctamente',
  updated: 'Usuario actualizado correctamente',
  created: 'Usuario creado correctamente',
  notFound: 'El usuario no existe',
  usernameTaken: (username: string) => `Ya existe un usuario con el nombre de usuario "${username}"`,
  cannotDeactivateAdmin: 'No se puede desactivar un usuario administrador',
  adminMustBeActive: 'Un administrador debe estar siempre activo',
  adminActiveHint: 'Los administradores deben estar siempre activos',
  cannotDeleteSelf: 'No podés eliminar tu propio usuario',
  cannotDemoteSelf: 'No podés quitarte el rol de administrador',
  lastAdmin: 'Debe quedar al menos un administrador activo',
  systemAccount: 'La cuenta de visitante es del sistema: solo se puede activar o desactivar.',
  systemAccountBadge: 'Cuenta del sistema',
  systemAccountActivated: 'Cuenta de visitante activada',
  systemAccountDeactivated: 'Cuenta de visitante desactivada',
  passwordPlaceholderEdit: 'Dejar vacío para no cambiar',
  deleteConfirmTitle: 'Eliminar Usuario',
  deleteConfirmText: (nombre: string) =>
    `¿Estás seguro de que querés eliminar al usuario ${nombre}? Esta acción no se puede deshacer.`,
} as const;
