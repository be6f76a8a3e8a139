import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as exportsService from './exports-service.ts';
import { ZCicloQuery } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { ZSeleccionIds } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { attachment } from '../../lib/content-disposition.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const common = { tags: ['exportaciones'], security: [{ bearerAuth: [] }] };

const ZBulkQuery = z.strictObject({ ciclo: ZCicloQuery, ids: ZSeleccionIds });
const ZPdfQuery = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });
/** The form as typed (possibly unsaved and invalid): anything JSON, bounded by the body limit. */
const ZBackupBody = z.strictObject({ formData: z.record(z.string(), z.unknown(), { error: 'Falta formData' }) });

const pdfResponse = { 200: z.any().describe('application/pdf'), ...errors };

const BULK: { path: string; kind: exportsService.BulkKind; summary: string }[] = [
  { path: 'excel', kind: 'excel', summary: 'Todas las inscripciones en Excel (.xlsx)' },
  { path: 'pdf-all', kind: 'pdf-all', summary: 'PDF masivo: todas las inscripciones en un PDF' },
  { path: 'pdf-zip', kind: 'pdf-zip', summary: 'ZIP con un PDF por inscripción' },
  { path: 'sql', kind: 'sql', summary: 'Copia de seguridad SQL completa y restaurable' },
];

export const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  for (const { path, kind, summary } of BULK) {
    app.get(
      `/api/inscriptos/export/${path}`,
      {
        onRequest: app.authorize('inscriptos:import-export'),
        schema: {
          ...common,
          summary: `${summary} (administrador)`,
          ...(kind === 'sql'
            ? {}
            : {
                description: 'Del ciclo indicado en `ciclo`; sin él, del ciclo actual. Con `ids`, sólo esas.',
                querystring: withLabels(ZBulkQuery, { ciclo: 'Ciclo', ids: 'Selección' }),
              }),
          response: { 200: z.any().describe('archivo'), ...errors },
        },
      },
      async (request, reply) => {
        const { ciclo, ids } = (request.query ?? {}) as { ciclo?: string; ids?: string[] };
        const file = await exportsService.bulkExport(app.ctx, request.actor(), kind, request.ip, ciclo, ids);
        // The body is produced while it is sent: stop producing if the client goes away.
        reply.raw.once('close', () => file.stream.destroy());
        return reply
          .type(file.type)
          .header('Content-Disposition', attachment(file.filename))
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    );
  }

  app.get(
    '/api/inscriptos/export/pdf',
    {
      schema: {
        ...common,
        summary: 'PDF de una inscripción',
        querystring: withLabels(ZPdfQuery, { id: 'Identificador' }),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { filename, stream } = await exportsService.inscriptoPdf(
        app.ctx,
        request.actor(),
        request.query.id,
        request.ip,
      );
      return reply.type('application/pdf').header('Content-Disposition', attachment(filename)).send(stream);
    },
  );

  app.post(
    '/api/inscriptos/export/pdf-backup',
    {
      onRequest: app.authorize('inscriptos:create'),
      schema: {
        ...common,
        summary: 'PDF de respaldo de datos no guardados',
        body: withLabels(ZBackupBody, {}),
        response: pdfResponse,
      },
    },
    async (request, reply) => {
      const { filename, stream } = exportsService.backupPdf(app.ctx, request.actor(), request.body.formData);
      return reply.type('application/pdf').header('Content-Disposition', attachment(filename)).send(stream);
    },
  );
};
