import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAccesoList, ZAccesosQuery } from '@inscripciones/shared/accesos/accesos-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './accesos-service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

export const accesosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/accesos',
    {
      onRequest: app.authorize('accesos:leer'),
      schema: {
        tags: ['accesos'],
        security: [{ bearerAuth: [] }],
        summary: 'Registro de accesos a datos personales (administrador; filtros y paginación)',
        querystring: withLabels(ZAccesosQuery, {
          usuario: 'Usuario',
          inscriptoId: 'Inscripción',
          accion: 'Acción',
          desde: 'Desde',
          hasta: 'Hasta',
          page: 'Página',
          pageSize: 'Tamaño de página',
        }),
        response: { 200: ZAccesoList, ...errors },
      },
    },
    (request) => service.listAccesos(app.ctx, request.actor(), request.query),
  );
};
