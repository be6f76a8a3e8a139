import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '@inscripciones/shared/errors.ts';
import { HTTP_MSG } from '@inscripciones/shared/messages.ts';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every unknown
 * non-API GET answered with index.html so the browser router handles the path (history fallback).
 * The build writes brotli and gzip copies of the text files (packages/web/vite-plugin-precompress.ts);
 * the copy the client accepts is sent as it is, with `Vary: Accept-Encoding`, so nothing is compressed
 * per request. Unknown /api paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDist }, 'web build not found: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      request.url !== '/api';
    if (hasSpa && isPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(new AppError('NOT_FOUND', HTTP_MSG.notFound).toBody());
  });
}
