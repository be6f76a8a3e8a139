import os from 'node:os';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { TDocumentoRechazo, TDocumentoTipoArchivo } from '@inscripciones/shared/solicitudes/documentos.ts';

/**
 * The families' uploads off the event loop (docs/decisions/0035): the request's bytes go to a worker thread as
 * they arrive, which parses the multipart body, checks the file, strips an image's metadata and encrypts it
 * (subida-worker.ts). The event loop only forwards chunks and writes the result: one upload of a 1.5 MB photo
 * cost it tens of milliseconds, during which every family's save waited.
 */

/** A file read whole: encrypted (as stored) once it passed the check, or why the check refused it. */
export type ArchivoSubido =
  | { ok: true; tipo: TDocumentoTipoArchivo; bytes: number; cifrado: Uint8Array }
  | { ok: false; codigo: TDocumentoRechazo; message: string };

/** What an upload came to: no file (or not where expected), a file over the cap, or the file with its kind. */
export type ResultadoSubida =
  | { leido: false; fallo: 'sin-archivo' | 'pesado' }
  | { leido: true; clase: string | undefined; archivo: ArchivoSubido };

export type MensajeAlHilo =
  | {
      tipo: 'empezar';
      id: number;
      contentType: string;
      campoClase: string;
      campoArchivo: string;
      clave: Uint8Array;
      contexto: string;
    }
  | { tipo: 'trozo'; id: number; bytes: Uint8Array }
  | { tipo: 'fin' | 'cancelar'; id: number };

export interface PedidoSubida {
  cuerpo: Readable;
  contentType: string;
  campoClase: string;
  campoArchivo: string;
  /** The documents' key and the document's place, bound to its encryption (cifrado.ts). */
  clave: Uint8Array;
  contexto: string;
}

export interface Subidas {
  procesar(pedido: PedidoSubida): Promise<ResultadoSubida>;
  cerrar(): Promise<void>;
}

interface Hilo {
  worker: Worker;
  pendientes: Map<number, { resolve: (r: ResultadoSubida) => void; reject: (e: Error) => void }>;
}

/** Threads: one per core but the event loop's own, at most 4; at least one. */
const HILOS = Math.max(1, Math.min(4, os.availableParallelism() - 1));
/** A hostile file cannot take the server's memory with it: a thread over this heap ends (its uploads fail). */
const HEAP_MB = 256;

export function crearSubidas(hilos = HILOS): Subidas {
  const pool: Hilo[] = [];
  let siguiente = 0;

  const nuevoHilo = (): Hilo => {
    const worker = new Worker(new URL('./subida-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    const hilo: Hilo = { worker, pendientes: new Map() };
    worker.on('message', (m: { id: number; resultado: ResultadoSubida }) => {
      hilo.pendientes.get(m.id)?.resolve(m.resultado);
      hilo.pendientes.delete(m.id);
    });
    // A thread that dies fails its uploads (a 500, as any bug) and is replaced on the next one.
    const morir = (e: Error) => {
      const i = pool.indexOf(hilo);
      if (i >= 0) pool.splice(i, 1);
      for (const p of hilo.pendientes.values()) p.reject(e);
      hilo.pendientes.clear();
    };
    worker.on('error', morir);
    worker.on('exit', (code) => morir(new Error(`documentos: the upload thread exited (${code})`)));
    worker.unref();
    return hilo;
  };

  /** The thread with the fewest uploads in flight (threads are started as needed, up to `hilos`). */
  const elegir = (): Hilo => {
    const libre = pool.find((h) => h.pendientes.size === 0);
    if (libre) return libre;
    if (pool.length < hilos) {
      const hilo = nuevoHilo();
      pool.push(hilo);
      return hilo;
    }
    return pool.reduce((a, b) => (b.pendientes.size < a.pendientes.size ? b : a));
  };

  return {
    procesar({ cuerpo, contentType, campoClase, campoArchivo, clave, contexto }) {
      const hilo = elegir();
      const id = ++siguiente;
      const enviar = (m: MensajeAlHilo, transferir: ArrayBuffer[] = []) => hilo.worker.postMessage(m, transferir);
      return new Promise<ResultadoSubida>((resolve, reject) => {
        const terminar = () => {
          cuerpo.off('data', trozo);
          cuerpo.off('end', fin);
          cuerpo.off('error', cancelar);
          cuerpo.off('aborted', cancelar);
          // Whatever is left of the body is read and dropped, so the answer reaches the client.
          if (!cuerpo.readableEnded) cuerpo.resume();
        };
        hilo.pendientes.set(id, {
          resolve: (r) => {
            terminar();
            resolve(r);
          },
          reject: (e) => {
            terminar();
            reject(e);
          },
        });
        // A copy of each chunk, moved (not cloned) to the thread: the socket's buffers may share memory.
        const trozo = (t: Buffer) => {
          const copia = new Uint8Array(t);
          enviar({ tipo: 'trozo', id, bytes: copia }, [copia.buffer]);
        };
        const fin = () => enviar({ tipo: 'fin', id });
        const cancelar = () => {
          enviar({ tipo: 'cancelar', id });
          hilo.pendientes.get(id)?.reject(new Error('documentos: the upload was interrupted'));
          hilo.pendientes.delete(id);
        };
        enviar({ tipo: 'empezar', id, contentType, campoClase, campoArchivo, clave, contexto });
        cuerpo.on('data', trozo);
        cuerpo.on('end', fin);
        cuerpo.on('error', cancelar);
        cuerpo.on('aborted', cancelar);
      });
    },
    async cerrar() {
      const hilos = pool.splice(0);
      await Promise.all(hilos.map((h) => h.worker.terminate()));
    },
  };
}

/**
 * One pool for the whole process: a network's schools (one app each, decision 0036) share its threads, which
 * start with the first upload and never keep the process alive.
 */
export const subidasDelProceso: Subidas = crearSubidas();
