import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  USER_FIELD_LABELS,
  ZUser,
  ZUserCreate,
  ZUserIdParams,
  ZMessageResponse,
  ZUserList,
  ZUserUpdate,
} from '@inscripciones/shared/users/user-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as users from './users-service.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['users'], security: [{ bearerAuth: [] }] };
const params = withLabels(ZUserIdParams, { id: 'Identificador' });

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.authorize('users:manage'));

  app.get(
    '/api/users',
    { schema: { ...common, summary: 'Listar usuarios', response: { 200: ZUserList, ...errors } } },
    (request) => users.listUsers(app.ctx, request.actor()),
  );

  app.post(
    '/api/users',
    {
      schema: {
        ...common,
        summary: 'Crear usuario',
        body: withLabels(ZUserCreate, USER_FIELD_LABELS),
        response: { 201: ZUser, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.createUser(app.ctx, request.actor(), request.body)),
  );

  app.put(
    '/api/users/:id',
    {
      schema: {
        ...common,
        summary: 'Editar usuario (contraseña vacía: sin cambios)',
        params,
        body: withLabels(ZUserUpdate, USER_FIELD_LABELS),
        response: { 200: ZUser, ...errors },
      },
    },
    (request) => users.updateUser(app.ctx, request.actor(), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        ...common,
        summary: 'Eliminar usuario',
        params,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) => {
      await users.deleteUser(app.ctx, request.actor(), request.params.id);
      return { message: USER_MSG.deleted };
    },
  );
};
