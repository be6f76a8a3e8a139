import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAnioQuery,
  ZRedSorteoConfirm,
  ZRedSorteoEstado,
  ZRedSorteoEstadoOpcional,
  ZRedSorteoNext,
  ZRedSorteoStart,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import { START_LABELS, VALOR_PUBLICO_LABELS, ZValorPublicoBody } from '@inscripciones/shared/sorteo/api-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { requireRed } from '../../lib/authorization.ts';
import { withLabels } from '../../lib/validation.ts';
import type { PuertoRed } from '../../domain/red/puerto-red.ts';
import * as service from './red-sorteo-service.ts';

/**
 * The network raffle (docs/decisions/0039): the network's administrator runs it; its reader follows it.
 * Served for the whole network (red/despacho.ts: /api/red/ paths).
 */

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['red'], security: [{ bearerAuth: [] }] };

export const redSorteoRoutes: FastifyPluginAsyncZod<{ red: PuertoRed }> = async (app, { red }) => {
  // The network's role is checked before the body is looked at (403, not 400).
  const soloRed = (accion: 'administrar' | 'leer') => ({
    onRequest: [app.authenticateCuenta, async (request: FastifyRequest) => requireRed(request.actor(), accion)],
  });

  app.get(
    '/api/red/sorteo',
    {
      ...soloRed('leer'),
      schema: {
        ...common,
        summary: 'El sorteo de la red: el en curso o el último (o el del año pedido)',
        querystring: withLabels(ZAnioQuery, { anio: 'Año' }),
        response: { 200: ZRedSorteoEstadoOpcional, ...errors },
      },
    },
    (request) => service.estado(app.ctx, request.actor(), request.query.anio),
  );

  app.post(
    '/api/red/sorteo/start',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary:
          'Iniciar el sorteo de la red de un año: congela y publica la lista de postulaciones con su hash y el ' +
          'compromiso de la semilla secreta; la fuente del valor público se declara aquí',
        body: withLabels(ZRedSorteoStart, { anio: 'Año', fuenteValorPublico: START_LABELS.fuenteValorPublico }),
        response: { 200: ZRedSorteoEstado, ...errors },
      },
    },
    (request) => service.start(app.ctx, red, request.actor(), request.body),
  );

  app.post(
    '/api/red/sorteo/valor-publico',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Registrar el valor público y de dónde salió (se corrige hasta mostrar el primer número)',
        body: withLabels(ZValorPublicoBody, VALOR_PUBLICO_LABELS),
        response: { 200: ZRedSorteoEstado, ...errors },
      },
    },
    (request) => service.setValorPublico(app.ctx, request.actor(), request.body),
  );

  app.post(
    '/api/red/sorteo/next',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Mostrar la postulación de la posición siguiente (la primera fija el valor público)',
        response: { 200: ZRedSorteoNext, ...errors },
      },
    },
    (request) => service.next(app.ctx, request.actor()),
  );

  app.post(
    '/api/red/sorteo/confirm',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Confirmar la posición mostrada (leída en la sala)',
        body: withLabels(ZRedSorteoConfirm, { azar: 'Posición' }),
        response: { 200: ZRedSorteoEstado, ...errors },
      },
    },
    (request) => service.confirm(app.ctx, request.actor(), request.body.azar),
  );

  app.post(
    '/api/red/sorteo/end',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Terminar el sorteo de la red: revela la semilla y guarda el número al azar de cada postulación',
        response: { 200: ZRedSorteoEstado, ...errors },
      },
    },
    (request) => service.end(app.ctx, request.actor()),
  );
};
