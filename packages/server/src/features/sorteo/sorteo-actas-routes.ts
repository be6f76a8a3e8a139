import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ZActaIdParams, ZActaResumen } from '@inscripciones/shared/sorteo/api-schema.ts';
import { ZActa, ZActaPublica } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { AppError } from '@inscripciones/shared/errors.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { NOMBRES_ESQUEMAS, esEsquema, esquemaJson } from '@inscripciones/shared/sorteo/esquemas-publicos.ts';
import { safeText } from '@inscripciones/shared/text-rule.ts';
import { withLabels } from '../../lib/validation.ts';
import * as actasService from './sorteo-actas-service.ts';
import type { SorteoRuntime } from './sorteo-cache.ts';
import { actaFilename } from './sorteo-acta.ts';
import { resultadosXlsx } from './sorteo-acta-xlsx.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { ZSorteoError, adminCommon, errors, file, publicCommon } from './sorteo-route-schemas.ts';

/**
 * The actas of the finished raffles (docs/decisions/0008): the list and each acta as JSON, PDF and the results'
 * Excel for administrators (each download logged as an export), and the public acta and the JSON Schemas of the public documents for anyone. Registered by
 * sorteoRoutes, inside its scope (its `error` hook applies).
 */
export function actaRoutes(app: Parameters<FastifyPluginAsyncZod>[0], rt: SorteoRuntime): void {
  const actas = { onRequest: [app.authenticate, app.authorize('sorteo:actas')] };

  app.get(
    '/api/sorteo/actas',
    {
      ...actas,
      schema: { ...adminCommon, summary: 'Sorteos archivados', response: { 200: z.array(ZActaResumen), ...errors } },
    },
    (request) => actasService.listActas(app.ctx, rt, request.actor()),
  );

  const params = withLabels(ZActaIdParams, { id: 'Identificador' });
  /** The acta, its download logged as an export of `detalle`. */
  const actaFor = (request: FastifyRequest, id: string, detalle: string) =>
    actasService.getActa(app.ctx, rt, request.actor(), id, { ip: request.ip, detalle });

  app.get(
    '/api/sorteo/actas/:id/acta.json',
    {
      ...actas,
      schema: { ...adminCommon, summary: 'Acta en JSON (para verificar)', params, response: { 200: ZActa, ...errors } },
    },
    async (request, reply) => {
      const { json, acta } = await actaFor(request, request.params.id, 'sorteo-acta-json');
      // The stored text, byte for byte: its SHA-256 is printed on every page of the PDF.
      return reply
        .type('application/json; charset=utf-8')
        .header('Content-Disposition', attachment(actaFilename(acta, 'json')))
        .send(json as never); // a JSON string with a JSON content type is sent as it is
    },
  );

  app.get(
    '/api/sorteo/actas/:id/acta-publica.json',
    {
      schema: {
        ...publicCommon,
        summary: 'Acta pública (sin cédulas ni nombres): todo lo que hace falta para repetir el sorteo',
        params,
        response: { 200: ZActaPublica, 400: ZSorteoError, 404: ZSorteoError },
      },
    },
    async (request, reply) => {
      const json = await actasService.getActaPublica(app.ctx, rt, request.params.id);
      return reply.type('application/json; charset=utf-8').send(json as never); // stored text, as it is
    },
  );

  app.get(
    '/api/sorteo/esquemas/:nombre.json',
    {
      schema: {
        ...publicCommon,
        summary: 'Esquema JSON (draft 2020-12) de un documento público del sorteo: acta-publica, lista-publica',
        params: z.strictObject({ nombre: safeText('Nombre del esquema').max(64) }),
        response: { 200: z.record(z.string(), z.unknown()), 404: ZSorteoError },
      },
    },
    (request) => {
      const { nombre } = request.params;
      if (!esEsquema(nombre))
        throw new AppError('NOT_FOUND', SORTEO_MSG.esquemaDesconocido(NOMBRES_ESQUEMAS.join(', ')));
      return esquemaJson(nombre);
    },
  );

  app.get(
    '/api/sorteo/actas/:id/acta.pdf',
    {
      ...actas,
      schema: {
        ...adminCommon,
        summary: 'Acta en PDF (para imprimir y firmar)',
        params,
        response: { 200: file, ...errors },
      },
    },
    async (request, reply) => {
      const { acta, pdf } = await actaFor(request, request.params.id, 'sorteo-acta-pdf');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachment(actaFilename(acta, 'pdf')))
        .send(await pdf());
    },
  );

  app.get(
    '/api/sorteo/actas/:id/resultados.xlsx',
    {
      ...actas,
      schema: { ...adminCommon, summary: 'Resultados en Excel', params, response: { 200: file, ...errors } },
    },
    async (request, reply) => {
      const { acta } = await actaFor(request, request.params.id, 'sorteo-resultados-xlsx');
      const stream = resultadosXlsx(acta);
      reply.raw.once('close', () => stream.destroy());
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(actaFilename(acta, 'xlsx', 'resultados_sorteo')))
        .send(stream);
    },
  );
}
