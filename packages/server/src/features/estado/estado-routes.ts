import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { responderEnLinea, type RespuestaDeps } from './respuesta-service.ts';
import { ZComprobanteRespuesta, ZRespuestaFamilia } from '@inscripciones/shared/estado/respuesta-familia.ts';

/** The families' status page and the staff's codes and constancias (docs/decisions/0023). */
export interface EstadoRoutesOptions extends service.EstadoDeps, RespuestaDeps {
  /** PUBLIC_URL: the address families reach the app at; it wins over the setting. */
  publicUrl: string | undefined;
  /** The `urlPublica` setting of Configuración ('' while not set). */
  urlPublica: () => string;
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

  app.post(
    '/api/estado/respuesta',
    {
      schema: {
        tags: ['estado'],
        summary:
          'La familia acepta o rechaza la plaza ofrecida (sin sesión): número y código como en /api/estado; en un ' +
          'año de asignación en red también acepta-y-espera. 409 sin una oferta abierta o con el plazo vencido; el ' +
          'comprobante es la entrada del registro público',
        body: withLabels(ZRespuestaFamilia, { ...ESTADO_LABELS_CONSULTA, respuesta: 'Respuesta' }),
        response: { 200: ZComprobanteRespuesta, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody },
      },
    },
    (request) => responderEnLinea(app.ctx, options, request.ip, request.body),
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
        summary:
          'Constancia de inscripción (PDF, una página): número, sorteo, código de estado y QR a /estado. 409 ' +
          'mientras falta la dirección pública (PUBLIC_URL o Configuración) o es de la red local',
        params,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const origen = options.publicUrl || options.urlPublica() || undefined;
      const datos = await constancia(app.ctx, request.actor(), request.params.id, request.ip, origen, {
        escuela: options.escuela(),
      });
      const doc = await constanciaPdf(datos);
      reply.raw.once('close', () => doc.destroy());
      const name = `constancia_${String(datos.numero).padStart(3, '0')}.pdf`;
      return reply.type('application/pdf').header('Content-Disposition', attachment(name)).send(doc);
    },
  );
};
