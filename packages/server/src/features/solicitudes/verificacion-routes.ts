import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSolicitudDevolver,
  ZSolicitudDocumentoParams,
  ZSolicitudesLista,
  ZSolicitudesListaQuery,
  ZSolicitudVerificacion,
} from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { ZSolicitudIdParams } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { withLabels } from '../../lib/validation.ts';
import * as service from './verificacion-service.ts';

/**
 * Staff verify the families' sent applications (docs/decisions/0038): administrators and volunteers of the
 * school; the guest gets 403 and an anonymous caller 401, before anything is read. Finalising is
 * POST /api/solicitudes/{id}/finalizar (features/inscriptos: it creates the enrolment).
 */

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['solicitudes'], security: [{ bearerAuth: [] }] };
const params = withLabels(ZSolicitudIdParams, { id: 'Identificador' });

export const verificacionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const staff = app.authorize('solicitudes:verificar');

  app.get(
    '/api/solicitudes',
    {
      onRequest: staff,
      schema: {
        ...common,
        summary:
          'Solicitudes en línea para el personal (por defecto las enviadas: "Solicitud en línea — a ' +
          'verificar"); nunca los borradores',
        querystring: withLabels(ZSolicitudesListaQuery, { estado: 'Estado' }),
        response: { 200: ZSolicitudesLista, ...errors },
      },
    },
    (request) => service.listar(app.ctx, request.actor(), request.query.estado, request.ip),
  );

  app.get(
    '/api/solicitudes/:id/verificacion',
    {
      onRequest: staff,
      schema: {
        ...common,
        summary: 'Una solicitud enviada, devuelta o finalizada, para verificarla: el formulario y sus documentos',
        params,
        response: { 200: ZSolicitudVerificacion, ...errors },
      },
    },
    (request) => service.ver(app.ctx, request.actor(), request.params.id, request.ip),
  );

  app.get(
    '/api/solicitudes/:id/documentos/:doc',
    {
      onRequest: staff,
      schema: {
        ...common,
        summary: 'Un documento de la solicitud, descifrado (PDF, JPEG o PNG), solo para el personal de la escuela',
        params: withLabels(ZSolicitudDocumentoParams, { id: 'Identificador', doc: 'Documento' }),
        response: { 200: z.any().describe('application/pdf, image/jpeg o image/png'), ...errors },
      },
    },
    async (request, reply) => {
      const doc = await service.documento(app.ctx, request.actor(), request.params.id, request.params.doc, request.ip);
      // Served as what its content is, never sniffed, never cached, and unable to run anything if opened alone.
      return reply
        .type(doc.mime)
        .header('Content-Disposition', `inline; filename="${doc.nombre}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; object-src 'self'; sandbox")
        .send(doc.bytes);
    },
  );

  app.post(
    '/api/solicitudes/:id/devolver',
    {
      onRequest: staff,
      schema: {
        ...common,
        summary:
          'Devolver una solicitud enviada a la familia con una nota (la ve en /solicitud, corrige y la envía de ' +
          'nuevo); exige la versión leída',
        params,
        body: withLabels(ZSolicitudDevolver, { version: 'Versión', nota: 'Nota' }),
        response: { 200: ZSolicitudVerificacion, ...errors },
      },
    },
    (request) => service.devolver(app.ctx, request.actor(), request.params.id, request.body, request.ip),
  );
};
