import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ELIMINAR_LABELS,
  RESOLVER_LABELS,
  ZDuplicadoEliminado,
  ZEliminarBody,
  ZAvisosDuplicado,
  ZDuplicadosList,
  ZDuplicadosQuery,
  ZInscriptoIdParams,
  ZParIdParams,
  ZResolucion,
  ZResolverBody,
  ZResueltosList,
  ZVerificarDuplicado,
  VERIFICAR_LABELS,
} from '@inscripciones/shared/duplicados/api-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './duplicados-service.ts';
import { eliminar } from './eliminar-service.ts';

/** Possible duplicates: administrators and volunteers read them, administrators resolve them. */
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['duplicados'], security: [{ bearerAuth: [] }] };

export const duplicadosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/duplicados',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:leer')],
      schema: {
        ...common,
        summary: 'Posibles duplicados sin resolver: los dos niños de cada par y el motivo',
        querystring: withLabels(ZDuplicadosQuery, { limite: 'Límite' }),
        response: { 200: ZDuplicadosList, ...errors },
      },
    },
    (request) => service.list(app.ctx, request.actor(), request.query),
  );

  app.get(
    '/api/duplicados/inscripto/:id',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:leer')],
      schema: {
        ...common,
        summary: 'Avisos de posible duplicado de una inscripción (el formulario los muestra, no impiden guardar)',
        params: withLabels(ZInscriptoIdParams, { id: 'Identificador' }),
        response: { 200: ZAvisosDuplicado, ...errors },
      },
    },
    (request) => service.avisosDe(app.ctx, request.actor(), request.params.id),
  );

  app.get(
    '/api/duplicados/resueltos',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:leer')],
      schema: {
        ...common,
        summary: 'Pares resueltos como "No son la misma persona" que la regla todavía encuentra: quién y cuándo',
        response: { 200: ZResueltosList, ...errors },
      },
    },
    (request) => service.resueltos(app.ctx, request.actor()),
  );

  app.post(
    '/api/duplicados/verificar',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:leer')],
      schema: {
        ...common,
        summary:
          'Avisos de posible duplicado de una inscripción sin guardar (nueva, o con `id` la que se edita): avisan, no impiden guardar',
        body: withLabels(ZVerificarDuplicado, VERIFICAR_LABELS),
        response: { 200: ZAvisosDuplicado, ...errors },
      },
    },
    (request) => service.verificar(app.ctx, request.actor(), request.body),
  );

  app.post(
    '/api/duplicados/:id/resolver',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:resolver')],
      schema: {
        ...common,
        summary: 'Resolver un par: "distintos" (no son la misma persona), con una nota opcional',
        params: withLabels(ZParIdParams, { id: 'Identificador' }),
        body: withLabels(ZResolverBody, RESOLVER_LABELS),
        response: { 200: ZResolucion, ...errors },
      },
    },
    (request) => service.resolver(app.ctx, request.actor(), request.params.id, request.body),
  );

  app.post(
    '/api/duplicados/:id/eliminar',
    {
      onRequest: [app.authenticate, app.authorize('duplicados:resolver')],
      schema: {
        ...common,
        summary:
          'Resolver un posible duplicado eliminando la inscripción que sobra (administradores): queda en "Resueltos" con quién y cuándo',
        params: withLabels(ZParIdParams, { id: 'Identificador' }),
        body: withLabels(ZEliminarBody, ELIMINAR_LABELS),
        response: { 200: ZDuplicadoEliminado, ...errors },
      },
    },
    (request) => eliminar(app.ctx, request.actor(), request.params.id, request.body),
  );
};
