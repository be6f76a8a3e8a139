import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { multipartDocumento } from '../../test/solicitudes-fixtures.ts';
import { pngConMetadatos } from '../../test/documentos-fixtures.ts';
import { descifrarDocumento } from './cifrado.ts';
import { quitarMetadatos } from './metadatos.ts';
import { crearSubidas, type PedidoSubida } from './subidas.ts';

/** The uploads' threads (decision 0035): the body parsed as it arrives, in chunks of any size. */
describe('crearSubidas', () => {
  const subidas = crearSubidas(2);
  afterAll(() => subidas.cerrar());
  const clave = crypto.randomBytes(32);

  /** A request body streamed in `trozo`-byte chunks. */
  function pedido(cuerpo: Buffer, contentType: string, trozo = 1000): PedidoSubida & { cuerpo: PassThrough } {
    const stream = new PassThrough();
    setImmediate(async () => {
      for (let i = 0; i < cuerpo.length; i += trozo) {
        stream.write(cuerpo.subarray(i, i + trozo));
        await new Promise((r) => setImmediate(r));
      }
      stream.end();
    });
    return { cuerpo: stream, contentType, campoClase: 'clase', campoArchivo: 'archivo', clave, contexto: 'c' };
  }

  it('checks, strips and encrypts a file sent in small chunks, several at once', async () => {
    const png = pngConMetadatos();
    const m = multipartDocumento('ci', 'cedula.png', png, 'image/png');
    const [a, b] = await Promise.all([
      subidas.procesar(pedido(m.payload, m.headers['content-type'], 7)),
      subidas.procesar(pedido(m.payload, m.headers['content-type'])),
    ]);
    expect(b).toEqual(a.leido ? { ...a, archivo: { ...a.archivo, cifrado: expect.any(Uint8Array) } } : a);
    if (!a.leido || !a.archivo.ok) throw new Error(JSON.stringify(a));
    expect(a.clase).toBe('ci');
    const limpio = descifrarDocumento(clave, a.archivo.cifrado, 'c');
    expect(limpio).toEqual(Buffer.from(quitarMetadatos('png', png)));
  });

  it('answers what the check refused, a body with no file, and a file over 5 MB', async () => {
    const texto = multipartDocumento('ci', 'a.txt', Buffer.from('hola'), 'text/plain');
    expect(await subidas.procesar(pedido(texto.payload, texto.headers['content-type']))).toMatchObject({
      leido: true,
      clase: 'ci',
      archivo: { ok: false, codigo: 'UNKNOWN_TYPE' },
    });
    const sinArchivo = multipartDocumento('ci', 'a.png', Buffer.alloc(0)).payload.subarray(0, 80);
    expect(await subidas.procesar(pedido(sinArchivo, 'multipart/form-data; boundary=x'))).toEqual({
      leido: false,
      fallo: 'sin-archivo',
    });
    const grande = multipartDocumento('ci', 'a.pdf', Buffer.alloc(6 * 1024 * 1024, 0x20));
    expect(await subidas.procesar(pedido(grande.payload, grande.headers['content-type'], 65_536))).toEqual({
      leido: false,
      fallo: 'pesado',
    });
  });

  it('fails an upload whose connection breaks, and goes on with the next', async () => {
    const m = multipartDocumento('ci', 'cedula.png', pngConMetadatos(), 'image/png');
    const cortado = new PassThrough();
    const promesa = subidas.procesar({
      ...pedido(Buffer.alloc(0), ''),
      cuerpo: cortado,
      contentType: m.headers['content-type'],
    });
    cortado.write(m.payload.subarray(0, 100));
    cortado.destroy(new Error('aborted'));
    await expect(promesa).rejects.toThrow();
    expect(await subidas.procesar(pedido(m.payload, m.headers['content-type']))).toMatchObject({ leido: true });
  });
});
