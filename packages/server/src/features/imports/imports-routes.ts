import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ZImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { withLabels } from '../../lib/validation.ts';
import { z } from 'zod';
import { IMPORT_FILE_FIELD, IMPORT_LIMITS, importFileError } from './import-limits.ts';
import { importExcel } from './imports-service.ts';

/** ?simular=true: the "vista previa" — everything but the write. */
const ZImportQuery = z.strictObject({
  simular: z
    .enum(['true', 'false'], { error: 'simular debe ser true o false' })
    .optional()
    .transform((v) => v === 'true'),
});
const EXTENSION = /\.(xlsx|xls)$/i;
/**
 * The multipart body, for the OpenAPI document only: @fastify/multipart reads the file in the handler (the
 * parsed body stays undefined, which z.unknown() accepts), and the document names the field a 400 lists.
 */
const ZImportBody = z.unknown().meta({
  type: 'object',
  required: [IMPORT_FILE_FIELD],
  properties: { [IMPORT_FILE_FIELD]: { type: 'string', format: 'binary', description: 'Archivo .xlsx o .xls' } },
});

export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_LIMITS.bytes, files: 1, fields: 0, parts: 1 } });
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/api/inscriptos/import/excel',
    {
      onRequest: app.authorize('inscriptos:import-export'),
      schema: {
        tags: ['importaciones'],
        security: [{ bearerAuth: [] }],
        summary:
          'Importar inscripciones desde Excel (.xlsx o .xls; campo excelFile; una transacción; ?simular=true para la vista previa)',
        consumes: ['multipart/form-data'],
        querystring: withLabels(ZImportQuery, { simular: 'Vista previa' }),
        body: ZImportBody,
        response: { 200: ZImportResult, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 413: ZErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw importFileError(INSCRIPTO_MSG.importNoFile);
      let file;
      try {
        file = await request.file();
      } catch {
        throw importFileError(INSCRIPTO_MSG.importNoFile);
      }
      if (!file || file.fieldname !== IMPORT_FILE_FIELD) throw importFileError(INSCRIPTO_MSG.importNoFile);
      if (!EXTENSION.test(file.filename)) {
        file.file.resume();
        throw importFileError(INSCRIPTO_MSG.importWrongType);
      }
      // Read once the import has the instance's slot (import-in-worker.ts); whatever refuses the import
      // first, the rest of the upload is read and dropped so that the answer reaches the client.
      try {
        return await importExcel(app.ctx, request.actor(), file.file, { dryRun: request.query.simular });
      } finally {
        if (!file.file.readableEnded) file.file.resume();
      }
    },
  );
};
