import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './domain/context.ts';
import type { SorteoConfig, TrustProxy } from './lib/config.ts';
import { zodValidatorCompiler } from './lib/validation.ts';
import { conParametroEscuela } from './lib/openapi.ts';
import { registerErrorHandling } from './lib/error-handler.ts';
import { registerSpa } from './lib/spa.ts';
import { createStreamSlots, type StreamCaps } from './lib/board-events.ts';
import { authenticatePlugin } from './features/auth/authenticate.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { usersRoutes } from './features/users/users-routes.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { inscriptosRoutes } from './features/inscriptos/inscriptos-routes.ts';
import { exportsRoutes } from './features/exports/exports-routes.ts';
import { importsRoutes } from './features/imports/imports-routes.ts';
import { sorteoRoutes } from './features/sorteo/sorteo-routes.ts';
import { duplicadosRoutes } from './features/duplicados/duplicados-routes.ts';
import { configuracionRoutes } from './features/configuracion/configuracion-routes.ts';
import { accesosRoutes } from './features/accesos/accesos-routes.ts';
import { informeDatosRoutes } from './features/informe-datos/informe-datos-routes.ts';
import { retencionRoutes } from './features/retencion/retencion-routes.ts';
import { panelRoutes } from './features/panel/panel-routes.ts';
import { contenidoDeEntorno, createContenidoStore } from './features/configuracion/contenido-store.ts';
import { ciclosRoutes } from './features/ciclos/ciclos-routes.ts';
import { plazasRoutes } from './features/plazas/plazas-routes.ts';
import { createRuntime } from './domain/sorteos/temporada.ts';
import { leerTemporadaDe } from './domain/sorteos/temporada-lectura.ts';
import { listasDelCiclo } from './features/plazas/plazas-service.ts';
import { responderFamilia } from './features/plazas/plazas-respuesta-familia.ts';
import { estadoRoutes } from './features/estado/estado-routes.ts';
import { avisosRoutes } from './features/avisos/avisos-routes.ts';
import { solicitudesRoutes } from './features/solicitudes/solicitudes-routes.ts';
import { escuelasRoutes } from './features/red/escuelas-routes.ts';
import { redRoutes } from './features/red/red-routes.ts';
import { asignacionRoutes } from './features/asignacion/asignacion-routes.ts';
import { redSorteoRoutes } from './features/asignacion/red-sorteo-routes.ts';
import type { EscuelaAbierta, PuertoRed } from './domain/red/puerto-red.ts';
import { escuelaAbierta } from './red/escuela-abierta.ts';
import { despacharAEscuela, quitarParametroEscuela, type Escuelas } from './red/despacho.ts';
import { horarioDeAtencion } from '@inscripciones/shared/configuracion/contenido-schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** This school as the network's endpoints read it (decision 0036). */
    escuela: EscuelaAbierta;
  }
}

export interface BuildAppOptions {
  ctx: AppContext;
  /** The SORTEO_* variables that are set (config.sorteo): defaults under the school's saved content. */
  sorteoEntorno?: Readonly<Partial<SorteoConfig>>;
  logLevel?: string;
  /** TRUST_PROXY (config.trustProxy): whose X-Forwarded-For gives the client's address. */
  trustProxy?: TrustProxy;
  /** LIVE_STREAMS_* (config.liveStreams): the live boards' open streams per client address and in all. */
  liveStreams?: Readonly<StreamCaps>;
  /** PUBLIC_URL (config.publicUrl): the address printed on the constancias. */
  publicUrl?: string | undefined;
  /** Folder of the built SPA; when it has no index.html only the API is served. */
  webDist?: string;
  /** The network's schools, for the network's endpoints (decision 0036). */
  red: PuertoRed;
  /** Only the first school's app, which receives every request: hands each other school's to that school's app. */
  escuelas?: Escuelas;
}

/** JSON bodies up to 2 MiB: large enough that over-long fields get a 400 naming them, not a 413. */
const BODY_LIMIT = 2 * 1024 * 1024;

/**
 * Content-Security-Policy: only our own origin; no inline scripts or styles. Frames: only the origins of the
 * maps configured on /admin/configuracion ('none' without maps), computed on every response from the
 * settings in force, so a change applies without a restart (docs/decisions/0011).
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // School networks often serve over plain HTTP on a LAN address: do not force an upgrade.
  upgradeInsecureRequests: null,
};

/**
 * API answers the browser and proxies may keep: the OpenAPI document and Swagger UI's files, the same for
 * everyone and without personal data. Every other `/api/` answer (records, lists, PDFs, exports, the public
 * boards with children's names or initials, errors) is `no-store`, so no shared computer's disk cache nor proxy
 * keeps a copy.
 */
const CACHEABLE_API = /^\/api\/docs(?:[/?]|$)/;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify 5 no longer reads X-Forwarded-For
 * for a bare number (it cannot tell the proxy from a client that connects directly), and here a count is the
 * operator's statement that only that many proxies reach the app. The client's address is then the one the
 * outermost of them saw; whatever the client wrote in the header before is never read.
 */
function fastifyTrustProxy(trust: TrustProxy | undefined) {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  if (Array.isArray(trust)) return [...(trust as readonly string[])];
  return trust === true;
}

/**
 * A request as the log shows it: the path without the query string, which carries children's CIs and
 * names (`verificar-ci?ci=…`, `?q=…`) and must not reach log storage.
 */
function requestForLog(req: FastifyRequest) {
  return {
    method: req.method,
    url: req.url.split('?', 1)[0],
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestForLog },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : crypto.randomUUID();
    },
    trustProxy: fastifyTrustProxy(options.trustProxy),
    ...(options.escuelas ? { rewriteUrl: quitarParametroEscuela } : {}),
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: 'idle',
  });
  app.decorate('ctx', options.ctx);
  if (options.escuelas) app.addHook('onRequest', despacharAEscuela(options.ctx, options.escuelas));
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !CACHEABLE_API.test(request.url)) reply.header('cache-control', 'no-store');
  });
  registerErrorHandling(app);

  // The school's content, as this instance knows it: read by the CSP below and by the raffle's settings.
  const contenido = createContenidoStore({
    db: options.ctx.db,
    clock: options.ctx.clock,
    entorno: contenidoDeEntorno(options.sorteoEntorno ?? {}),
    onError: (err) => app.log.warn({ err }, 'could not refresh the school content settings'),
  });
  await contenido.refrescar();

  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...CSP_DIRECTIVES, frameSrc: [() => contenido.frameSrc()] } },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Inscripciones API', version: '0.1.0', description: 'API de inscripciones, usuarios y sorteo.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: conParametroEscuela,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authenticatePlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(inscriptosRoutes);
  await app.register(exportsRoutes);
  await app.register(importsRoutes);
  // The raffle reads its default places, year and board privacy through this live view of the content.
  // One count of open live streams for both boards of this instance.
  const streams = createStreamSlots(options.liveStreams);
  await app.register(sorteoRoutes, { config: contenido.sorteoConfig, streams });
  await app.register(configuracionRoutes, { store: contenido, publicUrl: options.publicUrl });
  await app.register(ciclosRoutes, { onActual: (ciclo) => contenido.recordarCiclo(ciclo) });
  await app.register(accesosRoutes);
  await app.register(informeDatosRoutes);
  await app.register(retencionRoutes);
  // One season of offers for staff, the public board, the families' status page and the director's panel
  // (which shows the places after the raffle as the plazas feature computes them).
  // A season copies the opening hours in force when it starts (decision 0031), wherever it starts.
  options.ctx.horarioAtencion = () => horarioDeAtencion(contenido.actual());
  options.ctx.escuelaNombre = () => contenido.actual().escuelaNombre;
  const plazas = createRuntime();
  const plazasDelCiclo = (cicloId: string) => listasDelCiclo(app.ctx, plazas, cicloId);
  app.decorate('escuela', escuelaAbierta(options.ctx, contenido, plazasDelCiclo));
  await app.register(panelRoutes, { plazasDelCiclo });
  await app.register(duplicadosRoutes);
  await app.register(plazasRoutes, { runtime: plazas, streams });
  await app.register(estadoRoutes, {
    publicUrl: options.publicUrl,
    urlPublica: () => contenido.actual().urlPublica,
    escuela: () => contenido.actual().escuelaNombre,
    contacto: () => {
      const c = contenido.actual();
      return { nombre: c.escuelaNombre, telefono: c.telefono, direccion: c.direccion, horarios: c.horarios };
    },
    temporada: async (cicloId) => {
      const leida = await leerTemporadaDe(options.ctx, plazas, cicloId);
      return leida && { byNumero: leida.temporada.byNumero, estado: leida.estado };
    },
    responder: (cicloId, numero, respuesta) => responderFamilia(options.ctx, plazas, cicloId, numero, respuesta),
  });
  await app.register(avisosRoutes);
  await app.register(solicitudesRoutes);
  await app.register(escuelasRoutes, { red: options.red });
  await app.register(redRoutes, { red: options.red });
  await app.register(redSorteoRoutes, { red: options.red });
  await app.register(asignacionRoutes);
  await registerSpa(app, options.webDist ?? '');
  return app;
}
