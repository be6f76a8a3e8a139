import { parentPort } from 'node:worker_threads';
import { Busboy, type BusboyFileStream, type BusboyInstance } from '@fastify/busboy';
import { DOCUMENTO_MAX_BYTES } from '@inscripciones/shared/solicitudes/documentos.ts';
import { cifrarDocumento } from './cifrado.ts';
import { inspeccionar } from './inspeccionar.ts';
import { quitarMetadatos } from './metadatos.ts';
import type { MensajeAlHilo, ResultadoSubida } from './subidas.ts';

/**
 * A thread of the uploads' pool (subidas.ts): parses each multipart body as its chunks arrive, cuts the file one
 * byte past the cap, and once it has it whole checks it (inspeccionar), strips an image's metadata and encrypts
 * it, so none of that runs on the server's event loop. Several uploads interleave here; each is independent.
 */

interface Subida {
  busboy: BusboyInstance;
  responder: (r: ResultadoSubida) => void;
}

const subidas = new Map<number, Subida>();
const puerto = parentPort!;

function empezar(m: Extract<MensajeAlHilo, { tipo: 'empezar' }>): void {
  let respondida = false;
  const responder = (r: ResultadoSubida) => {
    if (respondida) return;
    respondida = true;
    subidas.delete(m.id);
    // The encrypted file is moved (not cloned) to the server's thread.
    const mover = r.leido && r.archivo.ok ? [r.archivo.cifrado.buffer as ArrayBuffer] : [];
    puerto.postMessage({ id: m.id, resultado: r }, mover);
  };
  let busboy: BusboyInstance;
  try {
    busboy = Busboy({
      headers: { 'content-type': m.contentType },
      // As before: the kind, then the file, cut one byte over the cap (known too big, never taken for damaged).
      limits: { fileSize: DOCUMENTO_MAX_BYTES + 1, files: 1, fields: 1, parts: 2 },
    });
  } catch {
    responder({ leido: false, fallo: 'sin-archivo' });
    return;
  }
  // The fields before the file (the kind goes first), as @fastify/multipart gave them.
  const campos = new Map<string, string>();
  let visto = false;
  busboy.on('field', (nombre: string, valor: string) => {
    if (!visto && !campos.has(nombre)) campos.set(nombre, valor);
  });
  busboy.on('file', (campo: string, archivo: BusboyFileStream, nombre: string, _c: string, mime: string) => {
    if (visto) {
      archivo.resume();
      return;
    }
    visto = true;
    if (campo !== m.campoArchivo) {
      archivo.resume();
      responder({ leido: false, fallo: 'sin-archivo' });
      return;
    }
    const trozos: Buffer[] = [];
    archivo.on('data', (t: Buffer) => trozos.push(t));
    archivo.on('limit', () => responder({ leido: false, fallo: 'pesado' }));
    archivo.on('end', () => {
      if (archivo.truncated) return responder({ leido: false, fallo: 'pesado' });
      const bytes = Buffer.concat(trozos);
      trozos.length = 0;
      const clase = campos.get(m.campoClase);
      const inspeccion = inspeccionar(bytes, { nombre: nombre ?? '', tipo: mime });
      if (!inspeccion.ok) {
        return responder({ leido: true, clase, archivo: inspeccion });
      }
      const limpio = quitarMetadatos(inspeccion.tipo, bytes);
      // A copy over an ArrayBuffer of its own: a small Buffer may sit in Node's shared pool, which cannot move.
      const cifrado = new Uint8Array(cifrarDocumento(m.clave, limpio, m.contexto));
      responder({ leido: true, clase, archivo: { ok: true, tipo: inspeccion.tipo, bytes: limpio.length, cifrado } });
    });
  });
  busboy.on('error', () => responder({ leido: false, fallo: 'sin-archivo' }));
  busboy.on('finish', () => {
    if (!visto) responder({ leido: false, fallo: 'sin-archivo' });
  });
  subidas.set(m.id, { busboy, responder });
}

puerto.on('message', (m: MensajeAlHilo) => {
  if (m.tipo === 'empezar') return empezar(m);
  const subida = subidas.get(m.id);
  if (!subida) return;
  if (m.tipo === 'trozo') subida.busboy.write(m.bytes);
  else if (m.tipo === 'fin') subida.busboy.end();
  else {
    subidas.delete(m.id);
    subida.busboy.destroy();
  }
});
