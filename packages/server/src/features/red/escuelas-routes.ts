import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRed } from '../../lib/authorization.ts';
import {
  ESCUELA_FIELD_LABELS,
  ZEscuela,
  ZEscuelaCrear,
  ZEscuelaIdParams,
  ZEscuelaLista,
} from '@inscripciones/shared/escuelas/escuela-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import type { PuertoRed } from '../../domain/red/puerto-red.ts';
import * as escuelas from './escuelas-service.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['red'], security: [{ bearerAuth: [] }] };

export const escuelasRoutes: FastifyPluginAsyncZod<{ red: PuertoRed }> = async (app, { red }) => {
  app.addHook('onRequest', app.authenticateCuenta);
  // The network's role is checked before the body is looked at (403, not 400).
  const soloRed = (accion: 'administrar' | 'leer') => async (request: FastifyRequest) =>
    requireRed(request.actor(), accion);

  app.get(
    '/api/escuelas',
    {
      onRequest: soloRed('leer'),
      schema: { ...common, summary: 'Escuelas de la red (roles de red)', response: { 200: ZEscuelaLista, ...errors } },
    },
    (request) => escuelas.listarEscuelas(red, request.actor()),
  );

  app.post(
    '/api/escuelas',
    {
      onRequest: soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Crear una escuela de la red (administración de la red)',
        body: withLabels(ZEscuelaCrear, ESCUELA_FIELD_LABELS),
        response: { 201: ZEscuela, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await escuelas.crearEscuela(red, request.actor(), request.body)),
  );

  app.put(
    '/api/escuelas/:id',
    {
      onRequest: soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Modificar una escuela de la red (administración de la red)',
        params: withLabels(ZEscuelaIdParams, { id: 'Identificador' }),
        body: withLabels(ZEscuelaCrear, ESCUELA_FIELD_LABELS),
        response: { 200: ZEscuela, ...errors },
      },
    },
    (request) => escuelas.actualizarEscuela(red, request.actor(), request.params.id, request.body),
  );
};
