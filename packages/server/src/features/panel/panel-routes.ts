import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPanel, ZPanelQuery } from '@inscripciones/shared/panel/panel-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './panel-service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export interface PanelRoutesOptions {
  /** The places after the cycle's raffle, from the plazas feature (app.ts wires it in). */
  plazasDelCiclo: service.PlazasDelCiclo;
}

/** The director's panel: aggregates only, for every signed-in role. */
export const panelRoutes: FastifyPluginAsyncZod<PanelRoutesOptions> = async (app, { plazasDelCiclo }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/panel',
    {
      onRequest: app.authorize('panel:ver'),
      schema: {
        tags: ['panel'],
        security: [{ bearerAuth: [] }],
        summary:
          'Panel de la dirección: todos los totales de un ciclo en una respuesta (sin datos personales); después ' +
          'del sorteo, las plazas por lista (aceptadas, ofrecidas, libres) como las da GET /api/plazas',
        querystring: withLabels(ZPanelQuery, { ciclo: 'Ciclo' }),
        response: { 200: ZPanel, ...errors },
      },
    },
    (request) => service.panel(app.ctx, plazasDelCiclo, request.actor(), request.query),
  );
};
