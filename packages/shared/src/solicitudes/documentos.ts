import { z } from '../zod-es.ts';

/**
 * The documents a family uploads with its online application (DESIGN wave 3, "Families on the public
 * internet"): what may be uploaded and how big. The server decides the type from the content
 * (server/src/lib/documentos/inspeccionar.ts); the web uses the same constants for the file picker.
 */

/** 5 MB (5 × 1024 × 1024 bytes) per file: a phone photo or a scanned page fits. */
export const DOCUMENTO_MAX_MB = 5;
export const DOCUMENTO_MAX_BYTES = DOCUMENTO_MAX_MB * 1024 * 1024;

/**
 * Decoded size an image may declare: 64 megapixels (8,000 × 8,000), above any phone camera's photo that fits
 * in 5 MB. A few kilobytes of PNG can declare gigapixels, which would exhaust the memory of whoever opens it.
 */
export const DOCUMENTO_MAX_PIXELES = 64_000_000;

/** File types, decided by content. */
export const DOCUMENTO_TIPOS_ARCHIVO = ['pdf', 'jpeg', 'png'] as const;
export type TDocumentoTipoArchivo = (typeof DOCUMENTO_TIPOS_ARCHIVO)[number];

/** The MIME type each is stored and served with. */
export const DOCUMENTO_MIME: Record<TDocumentoTipoArchivo, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** The extension a stored file is given (the family's file name is never used to serve it). */
export const DOCUMENTO_EXTENSION: Record<TDocumentoTipoArchivo, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png' };

/** Extensions a family's file may carry for each type (lower case, without the dot). */
export const DOCUMENTO_EXTENSIONES_ACEPTADAS: Record<TDocumentoTipoArchivo, readonly string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg', 'jpe', 'jfif'],
  png: ['png'],
};

/** MIME types browsers send for each type (lower case, without parameters), aliases included. */
export const DOCUMENTO_MIMES_ACEPTADOS: Record<TDocumentoTipoArchivo, readonly string[]> = {
  pdf: ['application/pdf', 'application/x-pdf'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  png: ['image/png', 'image/x-png'],
};

/** The `accept` attribute of the file picker. */
export const DOCUMENTO_ACCEPT = [
  ...DOCUMENTO_TIPOS_ARCHIVO.map((t) => DOCUMENTO_MIME[t]),
  ...DOCUMENTO_TIPOS_ARCHIVO.flatMap((t) => DOCUMENTO_EXTENSIONES_ACEPTADAS[t].map((e) => `.${e}`)),
].join(',');

/** What each document is. */
export const DOCUMENTO_CLASES = ['ci', 'domicilio'] as const;
export const ZDocumentoClase = z.enum(DOCUMENTO_CLASES, { error: 'Documento: elegí cédula o constancia de domicilio' });
export type TDocumentoClase = z.infer<typeof ZDocumentoClase>;

export const DOCUMENTO_CLASE_LABELS: Record<TDocumentoClase, string> = {
  ci: 'Cédula de identidad del niño o niña',
  domicilio: 'Constancia de domicilio',
};

/**
 * Why an uploaded file was refused. TOO_LARGE is a 413; the others a 400 naming the file's field. Each has
 * its text in SOLICITUD_MSG (messages.ts).
 */
export const DOCUMENTO_RECHAZOS = [
  'EMPTY',
  'TOO_LARGE',
  'TOO_MANY_PIXELS',
  'UNKNOWN_TYPE',
  'TYPE_MISMATCH',
  'MALFORMED',
  'ENCRYPTED',
  'FORBIDDEN_CONTENT',
] as const;
export type TDocumentoRechazo = (typeof DOCUMENTO_RECHAZOS)[number];
