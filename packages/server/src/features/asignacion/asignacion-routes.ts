import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnioParams,
  ZAnioQuery,
  ZAsignacionCorrer,
  ZAsignacionVista,
  ZOpcionesRed,
  ZRedCiclo,
  ZRedCicloGuardar,
  ZRedCiclos,
  ZRegistroAsignacion,
  ZRespuestaRedStaff,
  ZRespuestaRegistrada,
} from '@inscripciones/shared/asignacion/api-schema.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { puedeRegistrar, registroPublico, responderStaff, vencer } from './respuestas-service.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { requireRed } from '../../lib/authorization.ts';
import { withLabels } from '../../lib/validation.ts';
import * as modo from './modo-service.ts';
import * as service from './asignacion-service.ts';

/**
 * Each year's mode (/api/red/asignacion/ciclos) and the network's assignment (/api/asignacion), served for the
 * whole network (red/despacho.ts); the public acta needs no login (docs/decisions/0039).
 */

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['asignacion'], security: [{ bearerAuth: [] }] };
const anioQuery = withLabels(ZAnioQuery, { anio: 'Año' });

export const asignacionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The network's role is checked before the body is looked at (403, not 400).
  const soloRed = (accion: 'administrar' | 'leer') => ({
    onRequest: [app.authenticateCuenta, async (request: FastifyRequest) => requireRed(request.actor(), accion)],
  });
  const cuenta = { onRequest: app.authenticateCuenta };

  app.get(
    '/api/red/asignacion/ciclos',
    {
      ...soloRed('leer'),
      schema: {
        ...common,
        tags: ['red'],
        summary: 'Por año: sorteos de cada escuela o asignación en red, y cuántas escuelas elige cada familia',
        response: { 200: ZRedCiclos, ...errors },
      },
    },
    (request) => modo.listar(app.ctx, request.actor()),
  );

  app.put(
    '/api/red/asignacion/ciclos/:anio',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        tags: ['red'],
        summary:
          'Elegir el modo de un año (escuela o red) y la cantidad de escuelas a elegir; fijo al iniciar su sorteo de la red',
        params: withLabels(ZAnioParams, { anio: 'Año' }),
        body: withLabels(ZRedCicloGuardar, { modo: 'Modo', maxPreferencias: 'Escuelas a elegir' }),
        response: { 200: ZRedCiclo, ...errors },
      },
    },
    (request) => modo.guardar(app.ctx, request.actor(), request.params.anio, request.body),
  );

  app.post(
    '/api/asignacion',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        summary: 'Correr la asignación en red de un año, después de su sorteo de la red',
        body: withLabels(ZAsignacionCorrer, { anio: 'Año', plazoDias: 'Días para responder' }),
        response: { 200: ZAsignacionVista, ...errors },
      },
    },
    (request) => service.correr(app.ctx, request.actor(), request.body),
  );

  app.get(
    '/api/asignacion',
    {
      ...cuenta,
      schema: {
        ...common,
        summary: 'El resultado de la asignación: toda la red para sus roles, la parte de su escuela para el personal',
        querystring: anioQuery,
        response: { 200: ZAsignacionVista, ...errors },
      },
    },
    (request) => service.leer(app.ctx, request.actor(), request.query.anio),
  );

  app.get(
    '/api/asignacion/opciones',
    {
      schema: {
        tags: ['asignacion'],
        summary: 'Las escuelas que una familia puede elegir, en orden, y cuántas (sin sesión)',
        querystring: anioQuery,
        response: { 200: ZOpcionesRed, 400: ZErrorBody },
      },
    },
    (request) => modo.opciones(app.ctx, request.query.anio),
  );

  app.get(
    '/api/asignacion/acta-publica.json',
    {
      schema: {
        tags: ['asignacion'],
        summary:
          'El acta pública de la asignación (sin sesión): seudónima, para repetirla con npm run asignacion:verificar',
        querystring: anioQuery,
        response: { 200: z.unknown(), 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await service.actaPublica(app.ctx, request.query.anio)),
  );

  app.post(
    '/api/asignacion/respuesta',
    {
      onRequest: [
        app.authenticateCuenta,
        async (request: FastifyRequest) => {
          if (!puedeRegistrar(request.actor())) throw new AppError('FORBIDDEN', AUTH_MSG.forbidden);
        },
      ],
      schema: {
        ...common,
        summary:
          'Registrar la respuesta de una familia a su plaza de la red (acepta, acepta-y-espera o rechaza), en ' +
          'cualquier escuela; 409 si no se aplicaría (ya respondió, sin plaza, plazo vencido)',
        body: withLabels(ZRespuestaRedStaff, {
          anio: 'Año',
          numero: 'Número',
          respuesta: 'Respuesta',
          miembro: 'Integrante',
        }),
        response: { 200: ZRespuestaRegistrada, ...errors },
      },
    },
    (request) => responderStaff(app.ctx, request.actor(), request.body),
  );

  app.get(
    '/api/asignacion/registro-publico.json',
    {
      schema: {
        tags: ['asignacion'],
        summary: 'Registro público de la asignación (sin sesión): cada respuesta y cada corrimiento, en orden',
        querystring: anioQuery,
        response: { 200: ZRegistroAsignacion, 400: ZErrorBody, 404: ZErrorBody },
      },
    },
    (request) => registroPublico(app.ctx, request.query.anio),
  );

  app.post(
    '/api/red/asignacion/vencimientos',
    {
      ...soloRed('administrar'),
      schema: {
        ...common,
        tags: ['red'],
        summary:
          'Registrar el vencimiento de cada oferta de la red cuyo plazo pasó: libera su plaza y corre la lista de espera',
        querystring: anioQuery,
        response: { 200: z.object({ registradas: z.number().int() }), ...errors },
      },
    },
    (request) => vencer(app.ctx, request.actor(), request.query.anio),
  );
};
