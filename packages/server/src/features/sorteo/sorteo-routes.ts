import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { can } from '@inscripciones/shared/permissions.ts';
import {
  CONFIRM_LABELS,
  END_LABELS,
  START_LABELS,
  VALOR_PUBLICO_LABELS,
  ZSorteoConfirmBody,
  ZSorteoConfirmResponse,
  ZParticipantesPublicos,
  ZPreflight,
  ZSorteoEndBody,
  ZSorteoEndResponse,
  ZSorteoNext,
  ZSorteoParticipants,
  ZSorteoStartBody,
  ZSorteoStartResponse,
  ZSorteoStatus,
  ZValorPublicoBody,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import type { SorteoConfig } from '../../lib/config.ts';
import { withLabels } from '../../lib/validation.ts';
import * as service from './sorteo-service.ts';
import * as draws from './sorteo-draw-service.ts';
import * as reads from './sorteo-public-reads.ts';
import * as actasService from './sorteo-actas-service.ts';
import { createRuntime } from './sorteo-cache.ts';
import { preflight } from './sorteo-preflight.ts';
import { createBoardEvents, createStreamSlots, streamTo, type StreamSlots } from '../../lib/board-events.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { ZSorteoError, adminCommon, errors, file, publicCommon } from './sorteo-route-schemas.ts';
import { actaRoutes } from './sorteo-actas-routes.ts';

/**
 * The raffle API (SPEC 7 "Raffle", docs/decisions/0008). Reading is public: status, participants and the
 * live board (SSE). The controls (start, public value, next, confirm, end) and the actas need an
 * administrator's session. Error bodies carry `error` as well as `message`, since SPEC 7 says the screen
 * reads `error`.
 */
export interface SorteoRoutesOptions {
  /** The live view of the school's content (app.ts), so the raffle never re-reads the environment. */
  config: Readonly<SorteoConfig>;
  /** Tests shorten the live boards' poll interval. */
  pollMs?: number;
  /** The instance's live-stream slots, shared by both boards (app.ts); its own with the default caps if not given. */
  streams?: StreamSlots;
}

export const sorteoRoutes: FastifyPluginAsyncZod<SorteoRoutesOptions> = async (app, options) => {
  const rt = createRuntime(options.config);
  const events = createBoardEvents({
    fingerprint: () => reads.fingerprint(app.ctx),
    board: () => reads.getTablero(app.ctx, rt),
    log: app.log,
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  rt.events = events;
  const streams = options.streams ?? createStreamSlots();
  app.addHook('preClose', async () => events.close());

  // SPEC 7: the raffle screen reads `error`; every error body of these routes carries it too.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{')) return payload;
    try {
      const body = JSON.parse(payload) as Record<string, unknown>;
      if (typeof body.message === 'string' && body.error === undefined) {
        return JSON.stringify({ ...body, error: body.message });
      }
    } catch {
      // not JSON after all: leave it
    }
    return payload;
  });

  /** Public routes accept an optional session: an administrator's adds detail, anything else is ignored. */
  async function isAdmin(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (!request.headers.authorization) return false;
    try {
      await app.authenticate(request, reply);
    } catch {
      return false;
    }
    return can(request.actor(), 'sorteo:operar');
  }
  const admin = { onRequest: [app.authenticate, app.authorize('sorteo:operar')] };

  // ---------------------------------------------------------------- public

  app.get(
    '/api/sorteo/status',
    { schema: { ...publicCommon, summary: 'Estado del sorteo (público)', response: { 200: ZSorteoStatus } } },
    () => reads.getStatus(app.ctx, rt),
  );

  app.get(
    '/api/sorteo/participantes-publicos',
    {
      schema: {
        ...publicCommon,
        summary: 'Lista congelada de participantes (público): número, iniciales y huella, en el orden del hash',
        response: { 200: ZParticipantesPublicos, 404: ZSorteoError },
      },
    },
    () => reads.participantesPublicos(app.ctx, rt),
  );

  app.get(
    '/api/sorteo/participants',
    {
      schema: {
        ...publicCommon,
        summary: 'Listas del tablero (público; con sesión de administrador agrega etapa y posición)',
        response: { 200: ZSorteoParticipants },
      },
    },
    async (request, reply) => reads.getParticipants(app.ctx, rt, await isAdmin(request, reply)),
  );

  app.get(
    '/api/sorteo/eventos',
    {
      exposeHeadRoute: false,
      schema: {
        ...publicCommon,
        summary:
          'Tablero en vivo (text/event-stream): evento «tablero» con { status, participants }. 429 con ' +
          'Retry-After cuando la dirección del cliente o la instancia tienen demasiadas conexiones abiertas',
        response: { 429: ZSorteoError },
      },
    },
    (request, reply) => streamTo(events, streams, request, reply),
  );

  // ---------------------------------------------------------------- controls (administrador)

  app.get(
    '/api/sorteo/preflight',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Antes de iniciar: quiénes participan, quiénes no y por qué',
        response: { 200: ZPreflight, ...errors },
      },
    },
    (request) => preflight(app.ctx, request.actor()),
  );

  app.get(
    '/api/sorteo/lista-participantes.pdf',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Lista de participantes en PDF, para que la firmen los testigos antes del valor público',
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const pdf = await actasService.getListaPdf(app.ctx, rt, request.actor());
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment('lista_participantes.pdf'))
        .send(pdf);
    },
  );

  app.post(
    '/api/sorteo/start',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Iniciar: congela la lista de participantes y publica el compromiso de la semilla',
        body: withLabels(ZSorteoStartBody, START_LABELS),
        response: { 200: ZSorteoStartResponse, ...errors },
      },
    },
    (request) => service.start(app.ctx, rt, request.actor(), request.body),
  );

  app.post(
    '/api/sorteo/valor-publico',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Registrar el valor público y de dónde salió (obligatorio antes del primer sorteo)',
        body: withLabels(ZValorPublicoBody, VALOR_PUBLICO_LABELS),
        response: { 200: ZSorteoStatus, ...errors },
      },
    },
    async (request) => {
      await service.setValorPublico(app.ctx, rt, request.actor(), request.body);
      return reads.getStatus(app.ctx, rt);
    },
  );

  // A POST: the first look fixes the plan (the public value closes) and every look is recorded for the acta.
  app.post(
    '/api/sorteo/next',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary:
          'Mostrar el participante en pantalla (el mismo hasta confirmarlo): la primera vez fija el plan y cierra ' +
          'el valor público; cada vez queda registrada en el acta',
        response: { 200: ZSorteoNext, ...errors },
      },
    },
    (request) => draws.next(app.ctx, rt, request.actor()),
  );

  app.post(
    '/api/sorteo/confirm',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Confirmar el participante en pantalla (una sola vez, aunque llegue dos veces)',
        body: withLabels(ZSorteoConfirmBody, CONFIRM_LABELS),
        response: { 200: ZSorteoConfirmResponse, ...errors },
      },
    },
    (request) => draws.confirm(app.ctx, rt, request.actor(), request.body),
  );

  app.post(
    '/api/sorteo/end',
    {
      ...admin,
      schema: {
        ...adminCommon,
        summary: 'Finalizar (después del último sorteo) o anular con motivo (antes): nunca se borra; revela la semilla',
        body: withLabels(ZSorteoEndBody, END_LABELS),
        response: { 200: ZSorteoEndResponse, ...errors },
      },
    },
    (request) => draws.end(app.ctx, rt, request.actor(), request.body),
  );

  actaRoutes(app, rt);
};
