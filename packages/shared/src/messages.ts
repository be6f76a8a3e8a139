/**
 * Spanish texts shown to users. Texts quoted by SPEC.md are copied from it exactly; the rest are
 * ours, written in the same voice. One place, so server and browser never say it differently.
 */
export const MSG = {
  auth: {
    loginFailedDefault: 'Error de autenticación',
    connectionClient: 'Error de conexión con el servidor',
    connectionService: 'Error de conexión',
    guestFailed: 'Error al acceder como visitante. Por favor, intenta nuevamente.',
    invalidCredentials: 'Usuario o contraseña incorrectos',
    inactiveUser: 'El usuario está desactivado. Consultá con un administrador.',
    required: 'Usuario y contraseña son obligatorios',
    rateLimited: (minutes: number) =>
      `Demasiados intentos fallidos. Esperá ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} y volvé a intentar.`,
    sessionMissing: 'Tenés que iniciar sesión',
    sessionInvalid: 'La sesión no es válida o venció. Iniciá sesión nuevamente.',
    sessionUserGone: 'Tu usuario fue desactivado o eliminado. Iniciá sesión nuevamente.',
    forbidden: 'No tienes permisos para realizar esta acción',
  },
  users: {
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
  },
  validation: {
    summary: 'Hay datos inválidos',
    required: 'Este campo es obligatorio',
    unknownField: 'Campo no permitido',
    invalidJson: 'El cuerpo de la solicitud no es JSON válido',
    emptyBody: 'Falta el cuerpo de la solicitud',
    payloadTooLarge: 'La solicitud es demasiado grande',
    unsupportedMediaType: 'Tipo de contenido no soportado',
    invalidId: 'El identificador no es válido',
  },
  http: {
    notFound: 'Recurso no encontrado',
    internal: 'Error interno del servidor. Intentá nuevamente en unos minutos.',
    unavailable: 'El servicio no está disponible',
  },
} as const;
