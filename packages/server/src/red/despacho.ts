import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@inscripciones/shared/errors.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { ZCodigoEscuela } from '@inscripciones/shared/escuelas/codigo.ts';
import type { Instancia } from './instancia.ts';
import type { AppContext } from '../domain/context.ts';
import { cuentaDelToken } from '../features/auth/auth-service.ts';

/*
 * One API for the whole network (decision 0036). Every path takes an optional `escuela` (the school's code): the
 * request is served by that school's app, on that school's database. Without it: the only school of a
 * one-school deployment (nothing changes there); the only school of the signed-in account (400 listing them for
 * an account with several); or, for the network's own paths (sign-in, schools, network panel and assignment, docs, the web
 * app's files) and for requests without a session, the first school.
 */

/** The network's schools as this process serves them, by code. */
export interface Escuelas {
  todas: () => readonly Instancia[];
  porCodigo: (codigo: string) => Instancia | undefined;
}

/** The `escuela` a request named, taken out of its URL before routing (routes' query schemas are strict). */
const pedida = new WeakMap<IncomingMessage, string>();

/** Fastify's rewriteUrl: removes `escuela` from the query string and keeps its value for the dispatch. */
export function quitarParametroEscuela(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  if (q < 0 || !/(?:^|&)escuela=/.test(url.slice(q + 1))) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  pedida.set(req, params.get('escuela') ?? '');
  params.delete('escuela');
  const resto = params.toString();
  return url.slice(0, q) + (resto ? `?${resto}` : '');
}

const DE_LA_RED =
  /^\/api\/(?:auth\/(?:login|logout)(?:[/?]|$)|escuelas(?:[/?]|$)|asignacion(?:[/?]|$)|red\/|docs(?:[/?]|$)|health(?:[/?]|$))/;

function elegirEscuela(escuelas: readonly { codigo: string }[]): AppError {
  const message = ESCUELA_MSG.elegir(escuelas.map((e) => e.codigo));
  return new AppError('VALIDATION', message, [{ field: 'escuela', label: 'Escuela', message }]);
}

/** The school a request is for; undefined: the app that received it (the first school). */
async function destino(ctx: AppContext, escuelas: Escuelas, request: FastifyRequest): Promise<Instancia | undefined> {
  const pedido = pedida.get(request.raw);
  if (pedido !== undefined) {
    const codigo = ZCodigoEscuela.safeParse(pedido);
    if (!codigo.success) {
      const message = codigo.error.issues[0]!.message;
      throw new AppError('VALIDATION', message, [{ field: 'escuela', label: 'Escuela', message }]);
    }
    const instancia = escuelas.porCodigo(codigo.data);
    if (!instancia) throw new AppError('NOT_FOUND', ESCUELA_MSG.noEncontrada);
    return instancia;
  }
  const todas = escuelas.todas();
  if (todas.length === 1 || !request.url.startsWith('/api/') || DE_LA_RED.test(request.url)) return undefined;
  // No session: the first school, whose public links (constancias, messages) never carried a code and must
  // keep working when the network grows. A session that is not valid gets its 401 there, as before.
  if (!request.headers.authorization) return undefined;
  const cuenta = await cuentaDelToken(ctx, request.headers.authorization);
  if (!cuenta) return undefined;
  if (cuenta.escuelas.length !== 1) throw elegirEscuela(cuenta.escuelas);
  return escuelas.porCodigo(cuenta.escuelas[0]!.codigo);
}

/** onRequest hook of the first school's app: hands a request for another school to that school's app. */
export function despacharAEscuela(ctx: AppContext, escuelas: Escuelas) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const instancia = await destino(ctx, escuelas, request);
    if (!instancia || instancia.escuela.id === ctx.escuela.id) return;
    reply.hijack();
    instancia.app.routing(request.raw, reply.raw);
  };
}
