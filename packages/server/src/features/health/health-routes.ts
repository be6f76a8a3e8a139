import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_MSG } from '@inscripciones/shared/messages.ts';
import { ping } from '../../db/ping.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio (incluye una consulta a la base de datos)',
        response: {
          200: z.object({ status: z.literal('ok') }),
          503: z.object({ status: z.literal('error'), message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping(app.ctx.db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'error' as const, message: HTTP_MSG.unavailable });
      }
    },
  );
};
