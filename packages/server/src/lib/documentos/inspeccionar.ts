import {
  DOCUMENTO_EXTENSION,
  DOCUMENTO_EXTENSIONES_ACEPTADAS,
  DOCUMENTO_MAX_BYTES,
  DOCUMENTO_MIMES_ACEPTADOS,
  type TDocumentoRechazo,
  type TDocumentoTipoArchivo,
} from '@inscripciones/shared/solicitudes/documentos.ts';
import { SOLICITUD_MSG } from '@inscripciones/shared/solicitudes/messages.ts';
import { type TCodigoFallo, colaTolerable, vista } from './bytes.ts';
import { colaJpegAdmitida, esJpeg, recorrerJpeg } from './jpeg.ts';
import { esPdf, revisarPdf } from './pdf.ts';
import { esPng, recorrerPng } from './png.ts';
import { otroFormatoEscondido } from './poliglotas.ts';

/**
 * The check of a family's uploaded document before anything is stored (DESIGN wave 3): its type decided
 * by its content alone, its size, what its name and MIME type claim, its structure, and anything hidden
 * in it. Pure and synchronous, and fast even on hostile files of
 * 5 MB (bench/documentos.ts holds its budget).
 */

export type TInspeccion =
  | { ok: true; tipo: TDocumentoTipoArchivo; extension: string }
  | { ok: false; codigo: TDocumentoRechazo; message: string };

/** What the browser said about the file: its name and, when it sent one, its MIME type. */
export type TDeclarado = { nombre: string; tipo?: string };

const MENSAJES: Record<TCodigoFallo, string> = {
  EMPTY: SOLICITUD_MSG.documentoVacio,
  TOO_LARGE: SOLICITUD_MSG.documentoPesado,
  TOO_MANY_PIXELS: SOLICITUD_MSG.documentoPixeles,
  UNKNOWN_TYPE: SOLICITUD_MSG.documentoTipoDesconocido,
  MALFORMED: SOLICITUD_MSG.documentoDanado,
  ENCRYPTED: SOLICITUD_MSG.documentoCifrado,
  FORBIDDEN_CONTENT: SOLICITUD_MSG.documentoNoPermitido,
};
const rechazo = (codigo: TCodigoFallo): TInspeccion => ({
  ok: false,
  codigo,
  message: MENSAJES[codigo],
});
const noCoincide = (message: string): TInspeccion => ({ ok: false, codigo: 'TYPE_MISMATCH', message });

/** The type the content starts with, or null. */
function tipoPorContenido(buf: Uint8Array): TDocumentoTipoArchivo | null {
  if (esPdf(buf)) return 'pdf';
  if (esJpeg(buf)) return 'jpeg';
  if (esPng(buf)) return 'png';
  return null;
}

/**
 * The extension of a file name, lower case, or null when it has none: a last dot followed by 1–10 ASCII
 * letters and digits with at least one letter ("acta 2024.05.01" has none).
 */
export function extensionDeclarada(nombre: string): string | null {
  const base = nombre.split(/[/\\]/).pop() ?? '';
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(base);
  return m && /[A-Za-z]/.test(m[1]!) ? m[1]!.toLowerCase() : null;
}

/** The MIME type without parameters, lower case, or null when the browser did not know (absent, octet-stream). */
export function mimeDeclarado(tipo: string | undefined): string | null {
  const mime = (tipo ?? '').split(';')[0]!.trim().toLowerCase();
  return mime === '' || mime === 'application/octet-stream' ? null : mime;
}

/**
 * Refuses, in this order: an empty file (EMPTY); one over DOCUMENTO_MAX_BYTES (TOO_LARGE); content that is
 * not PDF, JPEG or PNG (UNKNOWN_TYPE); a name whose extension, or a MIME type, claims another type
 * (TYPE_MISMATCH: a PNG renamed .pdf); another format's signature where its readers look (FORBIDDEN_CONTENT,
 * poliglotas.ts); a structure that fails its walk (MALFORMED, TOO_MANY_PIXELS); data after the image's end,
 * or a PDF that acts (FORBIDDEN_CONTENT); an encrypted PDF (ENCRYPTED). `extension` is the one the stored
 * file is given, from its content.
 */
export function inspeccionar(bytes: Uint8Array, declarado: TDeclarado): TInspeccion {
  const buf = vista(bytes);
  if (buf.length === 0) return rechazo('EMPTY');
  if (buf.length > DOCUMENTO_MAX_BYTES) return rechazo('TOO_LARGE');
  const tipo = tipoPorContenido(buf);
  if (!tipo) return rechazo('UNKNOWN_TYPE');

  const extension = extensionDeclarada(declarado.nombre);
  if (extension !== null && !DOCUMENTO_EXTENSIONES_ACEPTADAS[tipo].includes(extension)) {
    return noCoincide(SOLICITUD_MSG.documentoExtension(extension));
  }
  const mime = mimeDeclarado(declarado.tipo);
  if (mime !== null && !DOCUMENTO_MIMES_ACEPTADOS[tipo].includes(mime)) {
    const legible = /^[a-z0-9.+-]{1,40}\/[a-z0-9.+-]{1,60}$/.test(mime) ? mime : 'desconocido';
    return noCoincide(SOLICITUD_MSG.documentoTipoDeclarado(legible));
  }

  if (otroFormatoEscondido(buf, tipo)) return rechazo('FORBIDDEN_CONTENT');
  if (tipo === 'png') {
    const png = recorrerPng(buf);
    if (!png.ok) return rechazo(png.codigo);
    if (!colaTolerable(buf, png.fin)) return rechazo('FORBIDDEN_CONTENT');
  } else if (tipo === 'jpeg') {
    const jpeg = recorrerJpeg(buf);
    if (!jpeg.ok) return rechazo(jpeg.codigo);
    if (!colaJpegAdmitida(buf, jpeg)) return rechazo('FORBIDDEN_CONTENT');
  } else {
    const pdf = revisarPdf(buf);
    if (!pdf.ok) return rechazo(pdf.codigo);
  }
  return { ok: true, tipo, extension: DOCUMENTO_EXTENSION[tipo] };
}
