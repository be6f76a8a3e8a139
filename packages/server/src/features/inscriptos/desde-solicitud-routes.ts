import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { ZSolicitudIdParams } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { ZSolicitudFinalizada, ZSolicitudFinalizar } from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { finalizarSolicitud } from './desde-solicitud-service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };

/** Registered inside inscriptosRoutes, whose session hook it inherits (docs/decisions/0038). */
export const desdeSolicitudRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/solicitudes/:id/finalizar',
    {
      onRequest: app.authorize('solicitudes:verificar'),
      schema: {
        tags: ['solicitudes'],
        security: [{ bearerAuth: [] }],
        summary:
          'Finalizar una solicitud enviada: el formulario con las correcciones del personal pasa a ser una ' +
          'inscripción finalizada (número, constancia y aviso a la familia si aceptó avisos); exige la versión ' +
          'leída de la solicitud',
        params: withLabels(ZSolicitudIdParams, { id: 'Identificador' }),
        body: withLabels(ZSolicitudFinalizar, FIELD_LABELS),
        response: { 200: ZSolicitudFinalizada, ...errors },
      },
    },
    (request) => finalizarSolicitud(app.ctx, request.actor(), request.params.id, request.body),
  );
};
