import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInscriptoIdParams } from '@inscripciones/shared/inscriptos/api-schema.ts';
import {
  AVISOS_QUERY_LABELS,
  BAJA_LABELS,
  ZAviso,
  ZAvisoIdParams,
  ZAvisoList,
  ZAvisosCanales,
  ZAvisosDeInscripto,
  ZAvisosQuery,
  ZBajaBody,
  ZBajaEstado,
  ZBajaQuery,
} from '@inscripciones/shared/avisos/avisos-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './avisos-service.ts';
import * as baja from './baja-service.ts';
import * as textos from './textos-service.ts';
import { ZPlantillasBody, ZPlantillasEstado } from '@inscripciones/shared/avisos/plantillas.ts';

/** Messages to the families (docs/decisions/0029): what staff see of them, and the families' opt-out link. */
const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const staff = { tags: ['avisos'], security: [{ bearerAuth: [] }] };
const id = { id: 'Identificador' };

export const avisosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/inscriptos/:id/avisos',
    {
      onRequest: [app.authenticate, app.authorize('avisos:leer')],
      schema: {
        ...staff,
        summary:
          'Avisos de una inscripción (administrador, o voluntario que puede editarla): canal, destino enmascarado, ' +
          'estado, intentos y horas; nunca el texto',
        params: withLabels(ZInscriptoIdParams, id),
        response: { 200: ZAvisosDeInscripto, ...errors },
      },
    },
    (request) => service.avisosDelInscripto(app.ctx, request.actor(), request.params.id),
  );

  app.get(
    '/api/avisos',
    {
      onRequest: [app.authenticate, app.authorize('avisos:supervisar')],
      schema: {
        ...staff,
        summary:
          'Avisos de todos los ciclos o de uno, por estado (administrador; los fallidos, por ejemplo), paginados',
        querystring: withLabels(ZAvisosQuery, AVISOS_QUERY_LABELS),
        response: { 200: ZAvisoList, ...errors },
      },
    },
    (request) => service.listar(app.ctx, request.actor(), request.query),
  );

  app.get(
    '/api/avisos/estado',
    {
      onRequest: [app.authenticate, app.authorize('avisos:supervisar')],
      schema: {
        ...staff,
        summary: 'Canales configurados en el servidor (administrador): Configuración avisa si falta alguno',
        response: { 200: ZAvisosCanales, ...errors },
      },
    },
    (request) => service.canales(app.ctx, request.actor()),
  );

  app.post(
    '/api/avisos/:id/reenviar',
    {
      onRequest: [app.authenticate, app.authorize('avisos:reenviar')],
      schema: {
        ...staff,
        summary: 'Reenviar un aviso (administrador): uno nuevo, con otro identificador, vinculado al anterior',
        params: withLabels(ZAvisoIdParams, id),
        response: { 201: ZAviso, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.reenviar(app.ctx, request.actor(), request.params.id)),
  );

  const editar = { onRequest: [app.authenticate, app.authorize('configuracion:editar')] };
  app.get(
    '/api/avisos/textos',
    {
      ...editar,
      schema: {
        ...staff,
        summary:
          'Textos de los avisos a las familias (administrador): los vigentes, los de fábrica y la versión para guardar',
        response: { 200: ZPlantillasEstado, ...errors },
      },
    },
    (request) => textos.leerTextos(app.ctx, request.actor()),
  );

  app.put(
    '/api/avisos/textos',
    {
      ...editar,
      schema: {
        ...staff,
        summary:
          'Cambiar los textos de los avisos (administrador). Variables: {escuela} {numero} {iniciales} {vence} ' +
          '{posicion} {enlace}, las que cada aviso admite; 409 si otro los cambió después de leerlos',
        body: ZPlantillasBody,
        response: { 200: ZPlantillasEstado, ...errors },
      },
    },
    (request) => textos.guardarTextos(app.ctx, request.actor(), request.body),
  );

  const publico = { 200: ZBajaEstado, 400: ZErrorBody, 429: ZErrorBody };
  app.get(
    '/api/avisos/baja',
    {
      schema: {
        tags: ['avisos'],
        summary: 'Qué detiene el enlace de baja de un aviso (sin sesión): su canal y si ya se dio de baja',
        querystring: withLabels(ZBajaQuery, BAJA_LABELS),
        response: publico,
      },
    },
    (request) => baja.describir(app.ctx, request.ip, request.query.t),
  );

  app.post(
    '/api/avisos/baja',
    {
      schema: {
        tags: ['avisos'],
        summary:
          'Dejar de recibir avisos informativos en el destino del enlace (sin sesión); los necesarios para no ' +
          'perder el lugar (oferta, recordatorio, vencimiento) se siguen enviando. 429 con Retry-After',
        body: withLabels(ZBajaBody, BAJA_LABELS),
        response: publico,
      },
    },
    (request) => baja.darDeBaja(app.ctx, request.ip, request.body.t),
  );
};
