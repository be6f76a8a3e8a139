import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCicloIdParams } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import {
  ZAnonimizarBody,
  ZAnonimizarResultado,
  ZRetencion,
  ZRetencionEstado,
  ZVistaPrevia,
} from '@inscripciones/shared/ciclos/retencion-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './retencion-service.ts';

/** Retention of closed cycles (docs/privacy.md): the setting, the preview and the anonymisation. */
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['ciclos'], security: [{ bearerAuth: [] }] };
const params = withLabels(ZCicloIdParams, { id: 'Identificador' });

export const retencionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/ciclos/retencion',
    {
      schema: {
        ...common,
        summary: 'Plazo de conservación: meses después del cierre de un ciclo hasta anonimizar a los no admitidos',
        response: { 200: ZRetencionEstado, ...errors },
      },
    },
    (request) => service.getRetencion(app.ctx, request.actor()),
  );

  app.put(
    '/api/ciclos/retencion',
    {
      onRequest: app.authorize('ciclos:anonimizar'),
      schema: {
        ...common,
        summary: 'Cambiar el plazo de conservación (administrador; 1 a 120 meses, 12 por defecto)',
        body: withLabels(ZRetencion, { meses: 'Meses de conservación' }),
        response: { 200: ZRetencionEstado, ...errors },
      },
    },
    (request) => service.setRetencion(app.ctx, request.actor(), request.body.meses),
  );

  app.get(
    '/api/ciclos/:id/anonimizar/vista-previa',
    {
      onRequest: app.authorize('ciclos:anonimizar'),
      schema: {
        ...common,
        summary: 'Vista previa de la anonimización de un ciclo (administrador): qué se borra, de cuántos, qué queda',
        params,
        response: { 200: ZVistaPrevia, ...errors },
      },
    },
    (request) => service.vistaPrevia(app.ctx, request.actor(), request.params.id),
  );

  app.post(
    '/api/ciclos/:id/anonimizar',
    {
      onRequest: app.authorize('ciclos:anonimizar'),
      schema: {
        ...common,
        summary: 'Anonimizar a los niños no admitidos de un ciclo cerrado (administrador)',
        description:
          'Borra todos los datos personales de las inscripciones del ciclo cuyos niños no fueron admitidos ' +
          '(admitidos: titulares del sorteo del ciclo). Quedan barrio, sexo, estado, número, fechas, estrato y ' +
          '«condicional», así que los conteos por barrio, estrato, sexo y estado no cambian. Exige el ciclo ' +
          'cerrado (409) y `confirmacion` igual al nombre del ciclo (400). Repetirlo no cambia nada más.',
        params,
        body: withLabels(ZAnonimizarBody, { confirmacion: 'Confirmación' }),
        response: { 200: ZAnonimizarResultado, ...errors },
      },
    },
    (request) => service.anonimizar(app.ctx, request.actor(), request.params.id, request.body.confirmacion),
  );
};
