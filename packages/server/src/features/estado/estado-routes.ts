import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { z } from 'zod';
import { ZInscriptoIdParams } from '@inscripciones/shared/inscriptos/api-schema.ts';
import {
  ESTADO_LABELS_CONSULTA,
  ZCodigoEstado,
  ZConsultaEstado,
  ZEstadoFamilia,
} from '@inscripciones/shared/estado/estado-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { attachment } from '../../lib/content-disposition.ts';
import * as service from './estado-service.ts';
import { codigoDe, constancia, recordForCodigo, regenerarCodigo } from './codigo-service.ts';
import { constanciaPdf } from './constancia-pdf.ts';

/** The families' status page and the staff's codes and constancias (docs/decisions/0023). */
export interface EstadoRoutesOptions extends service.EstadoDeps {
  /** PUBLIC_URL: the address families reach the app at; unset, the one this request was sent to. */
  publicUrl: string | undefined;
}

/**
 * The origin the staff member's request was sent to: its own Host header (X-Forwarded-Host only with
 * TRUST_PROXY), reduced to scheme, host and port, so nothing else in the header reaches the PDF.
 */
function origenDelPedido(request: FastifyRequest): string {
  const origin = URL.canParse(`${request.protocol}://${request.host}`)
    ? new URL(`${request.protocol}://${request.host}`).origin
    : 'null';
  if (origin === 'null') throw new AppError('VALIDATION', ESTADO_MSG.hostInvalido);
  return origin;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const staff = { tags: ['estado'], security: [{ bearerAuth: [] }] };
const params = withLabels(ZInscriptoIdParams, { id: 'Identificador' });

export const estadoRoutes: FastifyPluginAsyncZod<EstadoRoutesOptions> = async (app, options) => {
  const conCodigo = { onRequest: [app.authenticate, app.authorize('inscriptos:codigo-estado')] };

  app.post(
    '/api/estado',
    {
      schema: {
        tags: ['estado'],
        summary:
          'Estado de una inscripción para la familia (sin sesión): número y código de la constancia. Un número ' +
          'o un código equivocados dan la misma respuesta 404; 429 con Retry-After tras demasiadas consultas',
        body: withLabels(ZConsultaEstado, ESTADO_LABELS_CONSULTA),
        response: { 200: ZEstadoFamilia, 400: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    (request) => service.consultar(app.ctx, options, request.ip, request.body),
  );

  app.get(
    '/api/inscriptos/:id/codigo-estado',
    {
      ...conCodigo,
      schema: {
        ...staff,
        summary: 'Código de estado del número de la inscripción (se crea la primera vez)',
        params,
        response: { 200: ZCodigoEstado, ...errors },
      },
    },
    async (request) => {
      const row = await recordForCodigo(app.ctx, request.actor(), request.params.id);
      return codigoDe(app.ctx, request.actor(), row, false);
    },
  );

  app.post(
    '/api/inscriptos/:id/codigo-estado',
    {
      ...conCodigo,
      schema: {
        ...staff,
        summary: 'Generar un código de estado nuevo: el anterior deja de funcionar (409 en un ciclo cerrado)',
        params,
        response: { 200: ZCodigoEstado, ...errors },
      },
    },
    (request) => regenerarCodigo(app.ctx, request.actor(), request.params.id),
  );

  app.get(
    '/api/inscriptos/:id/constancia',
    {
      ...conCodigo,
      schema: {
        ...staff,
        summary: 'Constancia de inscripción (PDF, una página): número, sorteo, código de estado y QR a /estado',
        params,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const origen = options.publicUrl ?? origenDelPedido(request);
      const datos = await constancia(app.ctx, request.actor(), request.params.id, request.ip, origen, {
        escuela: options.escuela(),
        sorteo: options.sorteo(),
      });
      const doc = await constanciaPdf(datos);
      reply.raw.once('close', () => doc.destroy());
      const name = `constancia_${String(datos.numero).padStart(3, '0')}.pdf`;
      return reply.type('application/pdf').header('Content-Disposition', attachment(name)).send(doc);
    },
  );
};
