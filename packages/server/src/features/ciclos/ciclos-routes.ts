import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CICLO_LABELS,
  ZCiclo,
  ZCicloCreate,
  ZCicloIdParams,
  ZCicloList,
  ZCicloUpdate,
} from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { z } from 'zod';
import * as service from './ciclos-service.ts';

/** Admission cycles (docs/decisions/0014). Reading: any signed-in user; writing: administrators (403 first). */
export interface CiclosRoutesOptions {
  /** Told the current cycle after a change (the school content's copy on this instance follows it). */
  onActual: service.OnActual;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['ciclos'], security: [{ bearerAuth: [] }] };

export const ciclosRoutes: FastifyPluginAsyncZod<CiclosRoutesOptions> = async (app, { onActual }) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/ciclos',
    {
      schema: {
        ...common,
        summary: 'Ciclos de ingreso, el más reciente primero (id, nombre, anioIngreso, estado, actual y sus datos)',
        response: { 200: ZCicloList, ...errors },
      },
    },
    (request) => service.listCiclos(app.ctx, request.actor()),
  );

  app.post(
    '/api/ciclos',
    {
      onRequest: app.authorize('ciclos:editar'),
      schema: {
        ...common,
        summary: 'Crear el ciclo siguiente (administrador); copia textos del sorteo y plazas del ciclo actual',
        body: withLabels(ZCicloCreate, CICLO_LABELS),
        response: { 201: ZCiclo, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.createCiclo(app.ctx, request.actor(), request.body)),
  );

  app.put(
    '/api/ciclos/:id',
    {
      onRequest: app.authorize('ciclos:editar'),
      schema: {
        ...common,
        summary:
          'Modificar un ciclo (administrador): datos, estado (abierto/cerrado) o `actual: true` para hacerlo el ' +
          'ciclo actual. Un ciclo cerrado solo se puede reabrir; no se cierra con su sorteo en curso. Hacer actual ' +
          'otro ciclo o cerrar uno con ofertas de plaza abiertas responde 409 (ofertasAbiertas: cuántas) salvo ' +
          'con confirmarOfertasAbiertas: true',
        params: withLabels(ZCicloIdParams, { id: 'Identificador' }),
        body: withLabels(ZCicloUpdate, CICLO_LABELS),
        response: {
          200: ZCiclo,
          ...errors,
          409: ZErrorBody.extend({
            ofertasAbiertas: z.number().int().optional().describe('Ofertas abiertas que piden confirmación'),
          }),
        },
      },
    },
    (request) => service.updateCiclo(app.ctx, onActual, request.actor(), request.params.id, request.body),
  );
};
