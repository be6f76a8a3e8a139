import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEnOtrasEscuelas, ZRedDuplicados, ZRedPanel } from '@inscripciones/shared/escuelas/red-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import type { PuertoRed } from '../../domain/red/puerto-red.ts';
import { duplicadosDeRed, enOtrasEscuelas, panelDeRed } from './red-service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const common = { tags: ['red'], security: [{ bearerAuth: [] }] };

export const redRoutes: FastifyPluginAsyncZod<{ red: PuertoRed }> = async (app, { red }) => {
  app.get(
    '/api/red/panel',
    {
      onRequest: app.authenticateCuenta,
      schema: {
        ...common,
        summary: 'Panel de la red: cada escuela de un vistazo',
        response: { 200: ZRedPanel, ...errors },
      },
    },
    (request) => panelDeRed(red, request.actor()),
  );

  app.get(
    '/api/red/duplicados',
    {
      onRequest: app.authenticateCuenta,
      schema: {
        ...common,
        summary: 'Niños (por CI) inscriptos en más de una escuela de la red (administración de la red)',
        response: { 200: ZRedDuplicados, ...errors },
      },
    },
    (request) => duplicadosDeRed(red, request.actor()),
  );

  app.get(
    '/api/duplicados/red',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        tags: ['duplicados'],
        summary: 'Inscripciones de esta escuela cuyo niño también se inscribió en otra escuela de la red',
        response: { 200: ZEnOtrasEscuelas, ...errors },
      },
    },
    (request) => enOtrasEscuelas(red, app.ctx.escuela.id, request.actor()),
  );
};
