/**
 * Texts about a request itself rather than an entity: its validation and HTTP-level failures. Each entity
 * has its own catalogue, `<ENTITY>_MSG` in `<entity>/messages.ts` (docs/ARCHITECTURE.md "Messages").
 */
export const VALIDATION_MSG = {
  summary: 'Hay datos inválidos',
  required: 'Este campo es obligatorio',
  unknownField: 'Campo no permitido',
  invalidJson: 'El cuerpo de la solicitud no es JSON válido',
  emptyBody: 'Falta el cuerpo de la solicitud',
  payloadTooLarge: 'La solicitud es demasiado grande',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  invalidId: 'El identificador no es válido',
} as const;

export const HTTP_MSG = {
  notFound: 'Recurso no encontrado',
  internal: 'Error interno del servidor. Intentá nuevamente en unos minutos.',
  unavailable: 'El servicio no está disponible',
  tooManyStreams: 'Hay demasiadas conexiones abiertas al tablero en vivo. Probá de nuevo en unos segundos.',
} as const;
