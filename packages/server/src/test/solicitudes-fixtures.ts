import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { crearPdf, jpegConMetadatos } from './documentos-fixtures.ts';

/** The online application's test steps (docs/decisions/0035, 0038): create, save, upload, send. */

export const CODIGO_HEADER = 'x-codigo-solicitud';

/** A multipart body: the document's kind, then the file. */
export function multipartDocumento(
  clase: string | null,
  nombre: string,
  contenido: Buffer,
  tipo = 'application/octet-stream',
) {
  const boundary = '----solicitud-test-boundary';
  const partes: Buffer[] = [];
  if (clase !== null) {
    partes.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="clase"\r\n\r\n${clase}\r\n`));
  }
  partes.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="${nombre}"\r\nContent-Type: ${tipo}\r\n\r\n`,
    ),
    contenido,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface SolicitudDePrueba {
  id: string;
  codigo: string;
}

/** Where the family applies: a school of the network (`?escuela=`; none: the first one) and its contact. */
interface DondeSeSolicita {
  escuela?: string;
  contacto?: string;
}

const enEscuela = (url: string, escuela: string | undefined) => (escuela ? `${url}?escuela=${escuela}` : url);

async function crearSolicitud(app: FastifyInstance, ip: string, donde: DondeSeSolicita = {}) {
  const res = await app.inject({
    method: 'POST',
    url: enEscuela('/api/solicitudes', donde.escuela),
    payload: { contacto: donde.contacto ?? 'familia@correo.uy' },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as SolicitudDePrueba;
}

function subirDocumento(
  app: FastifyInstance,
  s: SolicitudDePrueba,
  escuela: string | undefined,
  [clase, nombre, contenido, tipo]: [string, string, Buffer, string],
) {
  const m = multipartDocumento(clase, nombre, contenido, tipo);
  return app.inject({
    method: 'POST',
    url: enEscuela(`/api/solicitudes/${s.id}/documentos`, escuela),
    headers: { [CODIGO_HEADER]: s.codigo, ...m.headers },
    payload: m.payload,
  });
}

/** A family's application filled with `datos`, both documents uploaded (a JPEG and a PDF) and sent. */
export async function solicitudEnviada(
  app: FastifyInstance,
  ip: string,
  datos: TInscriptoData,
  donde: DondeSeSolicita = {},
) {
  const { escuela } = donde;
  const s = await crearSolicitud(app, ip, donde);
  const con = { [CODIGO_HEADER]: s.codigo };
  const url = (resto = '') => enEscuela(`/api/solicitudes/${s.id}${resto}`, escuela);
  const put = await app.inject({ method: 'PUT', url: url(), headers: con, payload: datos });
  expect(put.statusCode, put.body).toBe(200);
  const ci = await subirDocumento(app, s, escuela, ['ci', 'cedula.jpg', jpegConMetadatos(), 'image/jpeg']);
  expect(ci.statusCode, ci.body).toBe(201);
  const dom = await subirDocumento(app, s, escuela, ['domicilio', 'luz.pdf', crearPdf(), 'application/pdf']);
  expect(dom.statusCode, dom.body).toBe(201);
  const env = await app.inject({ method: 'POST', url: url('/enviar'), headers: con });
  expect(env.statusCode, env.body).toBe(200);
  return s;
}
