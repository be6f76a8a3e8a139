import type { TDocumentoTipoArchivo } from '@inscripciones/shared/solicitudes/documentos.ts';
import { quitarMetadatosJpeg } from './jpeg.ts';
import { quitarMetadatosPng } from './png.ts';

/**
 * The bytes to store for a document that passed inspeccionar: images without their metadata (where the
 * photo was taken, the phone, the author, thumbnails of the uncropped photo), decoded exactly as before;
 * a PDF as it came.
 *
 * A PDF is not rewritten. Its Info dictionary and XMP (author, producer, dates) are usually inside
 * compressed object streams, where removing them means re-serialising the file with a PDF library that
 * then parses untrusted input; and any change to a signed PDF (a constancia with an electronic signature)
 * breaks the signature staff may need to verify. What a PDF could do rather than show is refused by
 * inspeccionar instead.
 */
export function quitarMetadatos(tipo: TDocumentoTipoArchivo, bytes: Uint8Array): Uint8Array {
  if (tipo === 'jpeg') return quitarMetadatosJpeg(bytes);
  if (tipo === 'png') return quitarMetadatosPng(bytes);
  return bytes;
}
