import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTENIDO_LABELS,
  ZContenidoEstado,
  ZContenidoPublico,
  ZContenidoUpdate,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { ZAuditList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { withLabels } from '../../lib/validation.ts';
import { ZErrorBody } from '../../lib/openapi.ts';
import * as service from './configuracion-service.ts';
import type { ContenidoStore } from './contenido-store.ts';
import { puestaAPunto } from './puesta-a-punto-service.ts';
import { ZPuestaAPunto } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';

/**
 * The school's content (docs/decisions/0011). GET: any signed-in user; PUT and the history: administrators
 * (403 before the body is validated); /publico: no session, only what the public raffle screen shows.
 */
export interface ConfiguracionRoutesOptions {
  store: ContenidoStore;
  /** PUBLIC_URL: it wins over the `urlPublica` setting (the checklist says which applies). */
  publicUrl?: string | undefined;
}

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 409: ZErrorBody };
const common = { tags: ['configuracion'], security: [{ bearerAuth: [] }] };
const updateBody = withLabels(ZContenidoUpdate, CONTENIDO_LABELS);

export const configuracionRoutes: FastifyPluginAsyncZod<ConfiguracionRoutesOptions> = async (
  app,
  { store, publicUrl },
) => {
  app.get(
    '/api/configuracion/publico',
    {
      schema: {
        tags: ['configuracion'],
        summary: 'Datos públicos: nombre de la escuela y sorteo (fecha, hora, lugar, transmisión, año de ingreso)',
        response: { 200: ZContenidoPublico },
      },
    },
    () => service.getPublico(store),
  );

  app.get(
    '/api/configuracion/contenido',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Contenido de la escuela (contacto, mapas, sorteo)',
        response: { 200: ZContenidoEstado, ...errors },
      },
    },
    (request) => service.getContenido(app.ctx, store, request.actor()),
  );

  app.put(
    '/api/configuracion/contenido',
    {
      onRequest: [app.authenticate, app.authorize('configuracion:editar')],
      schema: {
        ...common,
        summary: 'Guardar el contenido completo; exige la versión leída',
        body: updateBody,
        response: { 200: ZContenidoEstado, ...errors },
      },
    },
    (request) => service.updateContenido(app.ctx, store, request.actor(), request.body),
  );

  app.get(
    '/api/configuracion/historial',
    {
      onRequest: [app.authenticate, app.authorize('configuracion:editar')],
      schema: { ...common, summary: 'Cambios guardados del contenido', response: { 200: ZAuditList, ...errors } },
    },
    (request) => service.historial(app.ctx, request.actor()),
  );

  app.get(
    '/api/configuracion/puesta-a-punto',
    {
      onRequest: [app.authenticate, app.authorize('configuracion:editar')],
      schema: {
        ...common,
        summary:
          'Lista de control antes de entregar constancias: dirección pública, fecha del sorteo, contacto de la ' +
          'escuela e iniciales en el tablero público (ok o aviso, con qué hacer)',
        response: { 200: ZPuestaAPunto, ...errors },
      },
    },
    (request) => puestaAPunto(app.ctx, store, request.actor(), publicUrl),
  );
};
