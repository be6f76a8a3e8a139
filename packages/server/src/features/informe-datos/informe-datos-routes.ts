import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZInscriptoIdParams } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { ZInformeDatos, ZInformeQuery } from '@inscripciones/shared/informe-datos/informe-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import { attachment } from '../../lib/content-disposition.ts';
import { informeDatos } from './informe-datos-service.ts';
import { informeDatosPdf } from './informe-datos-pdf.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The PDF is asked for with `?formato=pdf`, or with `Accept: application/pdf` and no `formato`. */
function wantsPdf(formato: string | undefined, accept: string | undefined): boolean {
  if (formato) return formato === 'pdf';
  return /application\/pdf/i.test(accept ?? '') && !/application\/json/i.test(accept ?? '');
}

export const informeDatosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/api/inscriptos/:id/informe-datos',
    {
      onRequest: app.authorize('inscriptos:informe-datos'),
      schema: {
        tags: ['inscriptos'],
        security: [{ bearerAuth: [] }],
        summary: 'Informe de datos personales de una inscripción (administrador; Ley 18.331, art. 14)',
        description:
          'Todo lo que se guarda de la inscripción: cada campo con su valor, el historial de cambios, cada ' +
          'acceso registrado y los eventos del sorteo. En JSON (por defecto) o en PDF con `formato=pdf` o ' +
          'con el encabezado `Accept: application/pdf` (respuesta `application/pdf`, descarga ' +
          '`informe_datos_{número o id}.pdf`). Pedir el informe queda registrado en Accesos (acción `informe`).',
        params: withLabels(ZInscriptoIdParams, { id: 'Identificador' }),
        querystring: withLabels(ZInformeQuery, { formato: 'Formato' }),
        response: { 200: ZInformeDatos, ...errors },
      },
    },
    async (request, reply) => {
      const pdf = wantsPdf(request.query.formato, request.headers.accept);
      const informe = await informeDatos(app.ctx, request.actor(), request.params.id, {
        ip: request.ip,
        formato: pdf ? 'pdf' : 'json',
      });
      if (!pdf) return informe;
      const stream = informeDatosPdf(informe, app.ctx.escuelaNombre?.());
      reply.raw.once('close', () => stream.destroy());
      const nombre = `informe_datos_${informe.inscripto.numeroInscripcion ?? informe.inscripto.id}.pdf`;
      // The schema types the JSON answer; the PDF is a stream, which Fastify sends without serialising.
      const untyped: FastifyReply = reply;
      return untyped
        .type('application/pdf')
        .header('Content-Disposition', attachment(nombre))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
};
