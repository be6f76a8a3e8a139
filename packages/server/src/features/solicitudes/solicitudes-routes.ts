import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ZDocumentoClase } from '@inscripciones/shared/solicitudes/documentos.ts';
import { SOLICITUD_TEXTOS } from '@inscripciones/shared/solicitudes/messages.ts';
import {
  DOCUMENTO_CAMPO_ARCHIVO,
  DOCUMENTO_CAMPO_CLASE,
  SOLICITUD_CODIGO_HEADER,
  ZDocumentoSubido,
  ZSolicitud,
  ZSolicitudCreada,
  ZSolicitudCrear,
  ZSolicitudGuardar,
  ZSolicitudIdParams,
} from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { withLabels } from '../../lib/validation.ts';
import * as service from './solicitudes-service.ts';
import { enviar } from './enviar-service.ts';
import { subidasDelProceso as subidas } from '../../lib/documentos/subidas.ts';
import { ARCHIVO_PESADO, archivoError, nuevoDocumento, procesarSubida, subir } from './documentos-service.ts';
import { verificacionRoutes } from './verificacion-routes.ts';

/**
 * The families' online application (docs/decisions/0035): public routes; after the creation, each one needs
 * the application's code in the X-Codigo-Solicitud header, and without it answers 404 as for no application.
 */

const tags = ['solicitudes'];
const params = withLabels(ZSolicitudIdParams, { id: 'Identificador' });
const errors = { 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

const codigoDe = (request: FastifyRequest): string | undefined => {
  const valor = request.headers[SOLICITUD_CODIGO_HEADER];
  return typeof valor === 'string' ? valor : undefined;
};

/** For the OpenAPI document only: the uploads' thread reads the parts (lib/documentos/subidas.ts). */
const ZDocumentoBody = z.unknown().meta({
  type: 'object',
  required: [DOCUMENTO_CAMPO_CLASE, DOCUMENTO_CAMPO_ARCHIVO],
  properties: {
    [DOCUMENTO_CAMPO_CLASE]: { type: 'string', enum: ['ci', 'domicilio'] },
    [DOCUMENTO_CAMPO_ARCHIVO]: { type: 'string', format: 'binary', description: 'PDF, JPEG o PNG de hasta 5 MB' },
  },
});

const MULTIPART = /^multipart\/form-data\b/i;

export const solicitudesRoutes: FastifyPluginAsyncZod = async (app) => {
  // A multipart body is left unread here: the upload's handler streams it to a thread of `subidas`.
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
  // Staff's routes (decision 0038) in a scope of their own: a session is required there, never here.
  await app.register(verificacionRoutes);

  app.post(
    '/api/solicitudes',
    {
      schema: {
        tags,
        summary:
          'Empezar una solicitud en línea (sin sesión): con un correo o un teléfono de contacto; devuelve su ' +
          'identificador y el código que la familia guarda. 429 con Retry-After tras demasiadas',
        body: withLabels(ZSolicitudCrear, { contacto: 'Contacto' }),
        response: { 201: ZSolicitudCreada, 400: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await service.crear(app.ctx, request.ip, request.body)),
  );

  app.get(
    '/api/solicitudes/:id',
    {
      schema: {
        tags,
        summary: 'La solicitud, con su código en X-Codigo-Solicitud (404 sin él, con otro, o si venció)',
        params,
        response: { 200: ZSolicitud, ...errors },
      },
    },
    (request) => service.leer(app.ctx, request.params.id, codigoDe(request)),
  );

  app.put(
    '/api/solicitudes/:id',
    {
      schema: {
        tags,
        summary:
          'Guardar el borrador (cualquier parte de las 11 secciones, con las reglas del formulario del ' +
          'personal); 409 una vez enviada',
        params,
        body: ZSolicitudGuardar,
        response: { 200: ZSolicitud, ...errors },
      },
    },
    (request) => service.guardar(app.ctx, request.params.id, codigoDe(request), request.body),
  );

  app.post(
    '/api/solicitudes/:id/documentos',
    {
      schema: {
        tags,
        summary:
          'Subir un documento (multipart: clase ci o domicilio, y el archivo): PDF, JPEG o PNG de hasta 5 MB, ' +
          'tipo según su contenido; reemplaza el anterior de la misma clase',
        consumes: ['multipart/form-data'],
        params,
        body: ZDocumentoBody,
        response: { 201: ZDocumentoSubido, 413: ZErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const codigo = codigoDe(request);
      // The code first: an upload to no application (or without its code) is not even read.
      try {
        await service.abrir(app.ctx, request.params.id, codigo);
      } catch (e) {
        request.raw.resume(); // the upload is dropped unread, so that the 404 reaches the client
        throw e;
      }
      const contentType = request.headers['content-type'] ?? '';
      if (!MULTIPART.test(contentType)) {
        request.raw.resume();
        throw archivoError(SOLICITUD_TEXTOS.sinArchivo);
      }
      const documento = nuevoDocumento(request.params.id);
      const resultado = await procesarSubida(app.ctx, subidas, request.raw, contentType, documento.contexto);
      if (!resultado.leido) {
        throw resultado.fallo === 'pesado' ? ARCHIVO_PESADO() : archivoError(SOLICITUD_TEXTOS.sinArchivo);
      }
      const clase = ZDocumentoClase.safeParse(resultado.clase);
      if (!clase.success) {
        const message = SOLICITUD_TEXTOS.sinClase;
        throw new AppError('VALIDATION', message, [{ field: DOCUMENTO_CAMPO_CLASE, label: 'Documento', message }]);
      }
      const doc = await subir(app.ctx, request.params.id, codigo, clase.data, {
        id: documento.id,
        archivo: resultado.archivo,
      });
      return reply.code(201).send(doc);
    },
  );

  app.post(
    '/api/solicitudes/:id/enviar',
    {
      schema: {
        tags,
        summary:
          'Enviar la solicitud: las mismas comprobaciones que al finalizar una inscripción (400 con lo que ' +
          'falta, campos y documentos); después ya no se modifica (409). 429 con Retry-After tras demasiados ' +
          'envíos desde una dirección',
        params,
        response: { 200: ZSolicitud, ...errors },
      },
    },
    (request) => enviar(app.ctx, request.ip, request.params.id, codigoDe(request)),
  );
};
