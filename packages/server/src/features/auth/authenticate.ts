import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@inscripciones/shared/errors.ts';
import type { Action } from '@inscripciones/shared/permissions.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { authenticateToken } from './auth-service.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook: verifies the bearer token and loads the user. Client role/id headers are ignored. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** The same for the network's endpoints: any account with a school or a network role (decision 0036). */
    authenticateCuenta: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook (after authenticate): rejects with 403 before the body is even validated. */
    authorize: (action: Action) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The verified user; throws if the route did not authenticate. */
    actor: () => SessionActor;
  }
}

const ACTOR = Symbol('actor');
type WithActor = FastifyRequest & { [ACTOR]?: SessionActor };

export const authenticatePlugin = fp(async (app) => {
  app.decorateRequest('actor', function (this: WithActor) {
    const actor = this[ACTOR];
    if (!actor) throw new AppError('UNAUTHENTICATED', AUTH_MSG.sessionMissing);
    return actor;
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    (request as WithActor)[ACTOR] = await authenticateToken(app.ctx, request.headers.authorization);
  });

  app.decorate('authenticateCuenta', async (request: FastifyRequest) => {
    (request as WithActor)[ACTOR] = await authenticateToken(app.ctx, request.headers.authorization, true);
  });

  app.decorate('authorize', (action: Action) => async (request: FastifyRequest) => {
    requirePermission(request.actor(), action);
  });
});
