import { DOCUMENTO_MAX_MB, DOCUMENTO_MAX_PIXELES } from './documentos.ts';

/**
 * Texts of the families' online application (DESIGN wave 3). The refusals of an uploaded document say what
 * is wrong and what the family can do about it; none repeats the file's name.
 */
export const SOLICITUD_MSG = {
  documentoVacio: 'El archivo está vacío. Elegilo de nuevo y volvé a subirlo.',
  documentoPesado: `El archivo pesa más de ${DOCUMENTO_MAX_MB} MB. Sacá una foto con menos resolución o escaneá el documento de nuevo y subí ese archivo.`,
  documentoPixeles: `La imagen tiene más de ${DOCUMENTO_MAX_PIXELES / 1_000_000} megapíxeles. Sacá una foto con menos resolución y subí esa.`,
  documentoTipoDesconocido:
    'El archivo no es un PDF, JPEG ni PNG. Subí una foto del documento (JPEG o PNG) o un PDF escaneado.',
  documentoExtension: (extension: string) =>
    `El contenido del archivo no coincide con su extensión (.${extension}). Subí el archivo original, sin cambiarle el nombre, o una foto nueva del documento.`,
  documentoTipoDeclarado: (mime: string) =>
    `El contenido del archivo no coincide con el tipo que informa tu dispositivo (${mime}). Subí el archivo original o una foto nueva del documento.`,
  documentoDanado:
    'El archivo está dañado o incompleto. Comprobá que se abre bien en tu teléfono o computadora y volvé a subirlo, o subí una foto nueva del documento.',
  documentoCifrado:
    'El PDF está protegido o cifrado y la escuela no podría abrirlo. Abrilo y guardalo de nuevo como PDF con "Imprimir" → "Guardar como PDF", o subí una foto del documento.',
  documentoNoPermitido:
    'El archivo tiene contenido no permitido (otro formato escondido o código). Subí una foto del documento o un PDF escaneado.',
} as const;

/** Texts of the application itself (docs/decisions/0035). */
export const SOLICITUD_TEXTOS = {
  /** Wrong id, wrong or missing code, expired draft: one answer, so nobody learns that an application exists. */
  noEncontrada: 'No encontramos esa solicitud. Revisá el enlace y el código, o empezá una nueva.',
  yaEnviada:
    'La solicitud ya fue enviada y no se puede modificar. Si hay que corregir algo, comunicate con la escuela.',
  demasiadas: (minutos: number) =>
    `Se crearon demasiadas solicitudes desde esta conexión o con ese contacto. Probá de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}, o seguí con la solicitud que ya empezaste.`,
  demasiadosCambios: (minutos: number) =>
    `Demasiados cambios seguidos en esta solicitud. Probá de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  demasiadosEnvios: (minutos: number) =>
    `Se enviaron demasiadas solicitudes desde esta conexión. Probá de nuevo en ${minutos} ${minutos === 1 ? 'minuto' : 'minutos'}.`,
  sinArchivo: 'Elegí el archivo del documento (PDF, JPEG o PNG) y volvé a subirlo.',
  sinClase: 'Documento: elegí cédula o constancia de domicilio',
  faltanDocumentos: 'Falta subir este documento',
  noSePuedeEnviar: (faltan: string) => `No se puede enviar la solicitud: falta completar ${faltan}`,
} as const;

/** Texts of staff's verification (docs/decisions/0038). */
export const VERIFICACION_TEXTOS = {
  noEncontrada: 'No encontramos esa solicitud.',
  documentoNoEncontrado: 'No encontramos ese documento.',
  noEstaEnviada:
    'La solicitud ya no está esperando verificación (la familia no la envió, o ya se finalizó o devolvió).',
  otraVersion: 'Alguien cambió la solicitud mientras la verificabas. Volvé a abrirla y revisá de nuevo.',
  documentoIlegible:
    'No se pudo abrir el documento (se guardó con otra clave del servidor). Pedile a la familia que lo suba de nuevo.',
} as const;
