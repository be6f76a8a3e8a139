import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RESPUESTA_LABELS,
  PLAZO_LABELS,
  ZOfertaIdParams,
  ZPlazaOferta,
  ZPlazasEstado,
  ZPlazasQuery,
  ZPlazasTablero,
  ZPlazoBody,
  ZRespuestaBody,
  ZRespuestaResponse,
} from '@inscripciones/shared/plazas/plazas-schema.ts';
import { ZRegistroPlazas } from '@inscripciones/shared/plazas/plazas-registro.ts';
import { ZRegistroPublico } from '@inscripciones/shared/plazas/registro-publico.ts';
import { selloArchivo } from '@inscripciones/shared/montevideo-time.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { createBoardEvents, createStreamSlots, streamTo, type StreamSlots } from '../../lib/board-events.ts';
import * as service from './plazas-service.ts';
import { getEstado } from './plazas-ciclos.ts';
import { cambiarPlazo } from './plazas-plazo.ts';
import { createRuntime, type PlazasRuntime } from '../../domain/sorteos/temporada.ts';
import { tablasPdf, tablasXlsx } from './plazas-tables.ts';

/**
 * Places after the raffle (docs/decisions/0015): the state and the answers for staff, the public
 * board's live state, the adenda, the roster and the suplentes list, and the log for the verifier.
 */
export interface PlazasRoutesOptions {
  pollMs?: number;
  /** The season's cache and live events, shared with the families' status page and the panel (app.ts). */
  runtime?: PlazasRuntime;
  /** The instance's live-stream slots, shared by both boards (app.ts); its own with the default caps if not given. */
  streams?: StreamSlots;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['plazas'], security: [{ bearerAuth: [] }] };
const file = z.any().describe('archivo');
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const DOCUMENTOS = [
  ['adenda', 'pdf', 'Adenda al acta (PDF): cada cambio después del sorteo, con hora, quién lo registró y motivo'],
  ['nomina', 'pdf', 'Nómina de ingresos (PDF): aceptados por lista, con el contacto del adulto'],
  ['nomina', 'xlsx', 'Nómina de ingresos (Excel)'],
  ['suplentes', 'pdf', 'Suplentes actuales (PDF), en su orden de ahora'],
  ['suplentes', 'xlsx', 'Suplentes actuales (Excel)'],
] as const;
const FILE_BASE = { adenda: 'adenda_acta', nomina: 'nomina_ingresos', suplentes: 'suplentes' } as const;

export const plazasRoutes: FastifyPluginAsyncZod<PlazasRoutesOptions> = async (app, options) => {
  const rt = options.runtime ?? createRuntime();
  const events = createBoardEvents({
    fingerprint: () => service.fingerprint(app.ctx, rt),
    board: () => service.getTablero(app.ctx, rt),
    log: app.log,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  rt.events = events;
  const streams = options.streams ?? createStreamSlots();
  app.addHook('preClose', async () => events.close());

  const leer = { onRequest: [app.authenticate, app.authorize('plazas:leer')] };
  const responder = { onRequest: [app.authenticate, app.authorize('plazas:responder')] };
  const exportar = { onRequest: [app.authenticate, app.authorize('plazas:exportar')] };
  const plazo = { onRequest: [app.authenticate, app.authorize('plazas:plazo')] };

  app.get(
    '/api/plazas',
    {
      ...leer,
      schema: {
        ...common,
        summary:
          'Plazas del sorteo finalizado de un ciclo (?ciclo=id; sin él, el ciclo con ofertas o suplentes abiertos): ' +
          'por lista plazas, aceptadas, ofrecidas y libres; ofertas, cola e historial; los ciclos para elegir',
        querystring: withLabels(ZPlazasQuery, { ciclo: 'Ciclo' }),
        response: { 200: ZPlazasEstado, ...errors },
      },
    },
    (request) => getEstado(app.ctx, rt, request.actor(), request.ip, request.query.ciclo),
  );

  app.post(
    '/api/plazas/:id/respuesta',
    {
      ...responder,
      schema: {
        ...common,
        summary:
          'Registrar la respuesta de la familia (aceptada, o rechazada con motivo). Repetirla no cambia nada; ' +
          'cambiar una respuesta registrada es una corrección con motivo',
        params: withLabels(ZOfertaIdParams, { id: 'Oferta' }),
        body: withLabels(ZRespuestaBody, RESPUESTA_LABELS),
        response: { 200: ZRespuestaResponse, ...errors },
      },
    },
    (request) => service.responder(app.ctx, rt, request.actor(), request.params.id, request.body),
  );

  app.put(
    '/api/plazas/:id/plazo',
    {
      ...plazo,
      schema: {
        ...common,
        summary:
          'Cambiar el plazo de una oferta abierta (administradores): nueva fecha y hora de vencimiento, posterior ' +
          'a este momento, con motivo. Queda en el registro público',
        params: withLabels(ZOfertaIdParams, { id: 'Oferta' }),
        body: withLabels(ZPlazoBody, PLAZO_LABELS),
        response: { 200: ZPlazaOferta, ...errors },
      },
    },
    (request) => cambiarPlazo(app.ctx, rt, request.actor(), request.params.id, request.body),
  );

  app.get(
    '/api/plazas/tablero',
    {
      schema: {
        tags: ['plazas'],
        summary: 'Tablero público después del sorteo: titulares y quién aceptó, suplentes, plazas libres',
        response: { 200: ZPlazasTablero },
      },
    },
    () => service.getTablero(app.ctx, rt),
  );

  app.get(
    '/api/plazas/eventos',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['plazas'],
        summary:
          'Tablero de plazas en vivo (text/event-stream): evento «tablero». 429 con Retry-After cuando la ' +
          'dirección del cliente o la instancia tienen demasiadas conexiones abiertas',
        response: { 429: ZErrorBody },
      },
    },
    (request, reply) => streamTo(events, streams, request, reply),
  );

  app.get(
    '/api/plazas/registro.json',
    {
      ...exportar,
      schema: {
        ...common,
        summary: 'Registro de respuestas y ofertas, para npm run sorteo:verificar -- acta.json --plazas registro.json',
        querystring: ZPlazasQuery,
        response: { 200: ZRegistroPlazas, ...errors },
      },
    },
    async (request, reply) => {
      const registro = await service.getRegistro(app.ctx, rt, request.actor(), request.query.ciclo);
      const name = `registro_plazas_${selloArchivo(app.ctx.clock())}.json`;
      return reply.header('Content-Disposition', attachment(name)).send(registro);
    },
  );

  app.get(
    '/api/plazas/registro-publico.json',
    {
      schema: {
        tags: ['plazas'],
        summary:
          'Registro público de la temporada (sin login): cada oferta, respuesta, vencimiento y cambio de plazo, en ' +
          'orden, con número e iniciales, encadenados por hash. npm run sorteo:verificar -- acta-publica.json ' +
          '--plazas registro-publico.json',
        response: { 200: ZRegistroPublico, 404: ZErrorBody },
      },
    },
    () => service.getRegistroPublico(app.ctx, rt),
  );

  for (const [kind, formato, summary] of DOCUMENTOS) {
    app.get(
      `/api/plazas/${kind}.${formato}`,
      {
        ...exportar,
        schema: { ...common, summary, querystring: ZPlazasQuery, response: { 200: file, ...errors } },
      },
      async (request, reply) => {
        const { actor, ip, query } = { actor: request.actor(), ip: request.ip, query: request.query };
        const { documento } = await service.getDocumento(app.ctx, rt, actor, ip, kind, formato, query.ciclo);
        // The school's name first under the title (decision 0036): a network prints the lists of many.
        const escuela = app.ctx.escuelaNombre?.();
        const conEscuela = escuela ? { ...documento, datos: [escuela, ...documento.datos] } : documento;
        const stream = formato === 'pdf' ? tablasPdf(conEscuela) : tablasXlsx(conEscuela);
        reply.raw.once('close', () => stream.destroy());
        return reply
          .type(formato === 'pdf' ? 'application/pdf' : XLSX)
          .header('Content-Disposition', attachment(`${FILE_BASE[kind]}_${selloArchivo(app.ctx.clock())}.${formato}`))
          .send(stream);
      },
    );
  }
};
