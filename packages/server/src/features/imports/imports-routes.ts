import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { AppError } from '@inscripciones/shared/errors.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ZImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { withLabels } from '../../lib/validation.ts';
import { z } from 'zod';
import { IMPORT_LIMITS, IMPORT_MSG } from './workbook.ts';
import { importExcel } from './imports-service.ts';

const FILE_FIELD = 'excelFile';
/** ?simular=true: the "vista previa" — everything but the write. */
const ZImportQuery = z.strictObject({
  simular: z
    .enum(['true', 'false'], { error: 'simular debe ser true o false' })
    .optional()
    .transform((v) => v === 'true'),
});
const EXTENSION = /\.(xlsx|xls)$/i;

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
        response: { 200: ZImportResult, 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 413: ZErrorBody },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION', INSCRIPTO_MSG.importNoFile);
      let file;
      try {
        file = await request.file();
      } catch {
        throw new AppError('VALIDATION', INSCRIPTO_MSG.importNoFile);
      }
      if (!file || file.fieldname !== FILE_FIELD) throw new AppError('VALIDATION', INSCRIPTO_MSG.importNoFile);
      if (!EXTENSION.test(file.filename)) {
        file.file.resume();
        throw new AppError('VALIDATION', INSCRIPTO_MSG.importWrongType);
      }
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 413)
          throw new AppError('PAYLOAD_TOO_LARGE', IMPORT_MSG.tooLarge);
        throw new AppError('VALIDATION', INSCRIPTO_MSG.importNoFile);
      }
      return importExcel(app.ctx, request.actor(), buffer, { dryRun: request.query.simular });
    },
  );
};
