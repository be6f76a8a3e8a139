import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LOGIN_FIELD_LABELS,
  ZLoginRequest,
  ZLoginResponse,
  ZMeResponse,
} from '@inscripciones/shared/auth/auth-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { ZMessageResponse } from '@inscripciones/shared/users/user-schema.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { login, logout } from './auth-service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Iniciar sesión. Deja en el navegador una cookie de dispositivo conocido del usuario (HttpOnly): sus ' +
          'intentos fallidos se cuentan aparte de los de otros (429 con Retry-After tras demasiados)',
        body: withLabels(ZLoginRequest, LOGIN_FIELD_LABELS),
        response: { 200: ZLoginResponse, 400: ZErrorBody, 401: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, cookies: request.headers.cookie, https: request.protocol === 'https' };
      const { response, deviceCookie } = await login(app.ctx, request.body, client);
      if (deviceCookie) reply.header('set-cookie', deviceCookie);
      return response;
    },
  );

  app.get(
    '/api/auth/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Usuario de la sesión actual',
        security: [{ bearerAuth: [] }],
        response: { 200: ZMeResponse, 401: ZErrorBody },
      },
    },
    (request) => ({ user: request.actor() }),
  );

  app.post(
    '/api/auth/logout',
    {
      // Any account of the network signs out here, whatever school the request is for (decision 0036).
      onRequest: app.authenticateCuenta,
      schema: {
        tags: ['auth'],
        summary: 'Cerrar la sesión: este token deja de valer en todas las instancias (las demás sesiones siguen)',
        security: [{ bearerAuth: [] }],
        response: { 200: ZMessageResponse, 401: ZErrorBody },
      },
    },
    async (request) => {
      await logout(app.ctx, request.headers.authorization);
      return { message: AUTH_MSG.loggedOut };
    },
  );
};
