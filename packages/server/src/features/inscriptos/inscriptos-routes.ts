import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { preValidationHookHandler } from 'fastify';
import {
  ZAuditList,
  ZCiCheckQuery,
  ZCiCheckResponse,
  ZFuncionarioList,
  ZInscripto,
  ZInscriptoCreate,
  ZInscriptoIdParams,
  ZInscriptoList,
  ZInscriptoListQuery,
  ZInscriptoUpdate,
} from '@inscripciones/shared/inscriptos/api-schema.ts';
import { applyAliases } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ZMessageResponse } from '@inscripciones/shared/users/user-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './inscriptos-service.ts';
import * as reads from './inscriptos-read-service.ts';
import { desdeSolicitudRoutes } from './desde-solicitud-routes.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['inscriptos'], security: [{ bearerAuth: [] }] };
const params = withLabels(ZInscriptoIdParams, { id: 'Identificador' });
const createBody = withLabels(ZInscriptoCreate, FIELD_LABELS);
const updateBody = withLabels(ZInscriptoUpdate, FIELD_LABELS);

/** The form's own field names (SPEC 3 "Name translation") are accepted as aliases of the server's. */
const acceptFormNames: preValidationHookHandler = async (request) => {
  if (request.body && typeof request.body === 'object' && !Array.isArray(request.body)) {
    request.body = applyAliases(request.body as Record<string, unknown>);
  }
};

export const inscriptosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(desdeSolicitudRoutes);

  app.get(
    '/api/inscriptos',
    {
      schema: {
        ...common,
        summary: 'Listar inscripciones (búsqueda, filtros y paginación en el servidor)',
        querystring: withLabels(ZInscriptoListQuery, {
          q: 'Búsqueda',
          estado: 'Estado',
          mias: 'Mis inscripciones',
          page: 'Página',
          pageSize: 'Tamaño de página',
          orden: 'Orden',
          dir: 'Dirección',
          desde: 'Desde',
          hasta: 'Hasta',
        }),
        response: { 200: ZInscriptoList, ...errors },
      },
    },
    (request) => reads.listInscriptos(app.ctx, request.actor(), request.query, request.ip),
  );

  app.get(
    '/api/inscriptos/verificar-ci',
    {
      schema: {
        ...common,
        summary: '¿La cédula ya está en otra inscripción?',
        querystring: withLabels(ZCiCheckQuery, { ci: 'Cédula', excluir: 'Excluir' }),
        response: { 200: ZCiCheckResponse, ...errors },
      },
    },
    (request) => reads.checkCi(app.ctx, request.actor(), request.query, request.ip),
  );

  app.get(
    '/api/inscriptos/funcionarios',
    {
      onRequest: app.authorize('inscriptos:choose-funcionario'),
      schema: {
        ...common,
        summary: 'Funcionarios que un administrador puede elegir en "Inscripción realizada por"',
        response: { 200: ZFuncionarioList, ...errors },
      },
    },
    (request) => reads.listFuncionarios(app.ctx, request.actor()),
  );

  app.get(
    '/api/inscriptos/:id',
    { schema: { ...common, summary: 'Una inscripción', params, response: { 200: ZInscripto, ...errors } } },
    (request) => reads.getInscripto(app.ctx, request.actor(), request.params.id, request.ip),
  );

  app.post(
    '/api/inscriptos',
    {
      onRequest: app.authorize('inscriptos:create'),
      preValidation: acceptFormNames,
      schema: {
        ...common,
        summary: 'Crear (idempotente si el cliente envía el id)',
        body: createBody,
        response: { 200: ZInscripto, 201: ZInscripto, ...errors },
      },
    },
    async (request, reply) => {
      const { created, inscripto } = await service.createInscripto(app.ctx, request.actor(), request.body);
      return reply.status(created ? 201 : 200).send(inscripto);
    },
  );

  app.put(
    '/api/inscriptos/:id',
    {
      onRequest: app.authorize('inscriptos:create'),
      preValidation: acceptFormNames,
      schema: {
        ...common,
        summary: 'Guardar (queda pendiente); exige la versión leída',
        params,
        body: updateBody,
        response: { 200: ZInscripto, ...errors },
      },
    },
    (request) => service.updateInscripto(app.ctx, request.actor(), request.params.id, request.body),
  );

  app.post(
    '/api/inscriptos/:id/finalizar',
    {
      onRequest: app.authorize('inscriptos:create'),
      preValidation: acceptFormNames,
      schema: {
        ...common,
        summary: 'Guardar y finalizar si está completa; asigna numeroInscripcion',
        params,
        body: updateBody,
        response: { 200: ZInscripto, ...errors },
      },
    },
    (request) => service.finalizeInscripto(app.ctx, request.actor(), request.params.id, request.body),
  );

  app.delete(
    '/api/inscriptos/:id',
    {
      onRequest: app.authorize('inscriptos:delete'),
      schema: {
        ...common,
        summary: 'Eliminar (administrador)',
        params,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await service.deleteInscripto(app.ctx, request.actor(), request.params.id);
      return { message: INSCRIPTO_MSG.deleted };
    },
  );

  app.get(
    '/api/inscriptos/:id/historial',
    {
      onRequest: app.authorize('inscriptos:audit'),
      schema: {
        ...common,
        summary: 'Historial de cambios (administrador)',
        params,
        response: { 200: ZAuditList, ...errors },
      },
    },
    (request) => reads.historial(app.ctx, request.actor(), request.params.id),
  );
};
