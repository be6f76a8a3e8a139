import type { FastifyInstance } from 'fastify';
import type { Role } from '@inscripciones/shared/roles.ts';

/**
 * Who each route admits (SPEC 6 and shared/permissions.ts), shared by the authorization matrix of one school
 * (authorization-matrix.test.ts) and its network dimension (authorization-red.test.ts).
 */
export type Who = 'none' | Role;
export const WHO: Who[] = ['none', 'visitado', 'voluntario', 'administrador'];

const PUBLIC: Who[] = WHO;
const SIGNED_IN: Who[] = ['visitado', 'voluntario', 'administrador'];
const STAFF: Who[] = ['voluntario', 'administrador'];
const ADMIN_ONLY: Who[] = ['administrador'];

/** Who is admitted to each route ("METHOD /path" as in the OpenAPI document). */
export const ADMITTED: Record<string, Who[]> = {
  'GET /api/health': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'GET /api/auth/me': SIGNED_IN,
  'POST /api/auth/logout': SIGNED_IN,

  'GET /api/users': ADMIN_ONLY,
  'POST /api/users': ADMIN_ONLY,
  'PUT /api/users/{id}': ADMIN_ONLY,
  'DELETE /api/users/{id}': ADMIN_ONLY,

  'GET /api/inscriptos': SIGNED_IN,
  'POST /api/inscriptos': STAFF,
  'GET /api/inscriptos/verificar-ci': SIGNED_IN,
  'GET /api/inscriptos/funcionarios': ADMIN_ONLY,
  'GET /api/inscriptos/{id}': SIGNED_IN,
  'PUT /api/inscriptos/{id}': STAFF,
  'DELETE /api/inscriptos/{id}': ADMIN_ONLY,
  'POST /api/inscriptos/{id}/finalizar': STAFF,
  'GET /api/inscriptos/{id}/historial': ADMIN_ONLY,
  'GET /api/inscriptos/{id}/informe-datos': ADMIN_ONLY,
  'GET /api/inscriptos/{id}/codigo-estado': STAFF,
  'POST /api/inscriptos/{id}/codigo-estado': STAFF,
  'GET /api/inscriptos/{id}/constancia': STAFF,

  'GET /api/inscriptos/export/excel': ADMIN_ONLY,
  'GET /api/inscriptos/export/pdf-all': ADMIN_ONLY,
  'GET /api/inscriptos/export/pdf-zip': ADMIN_ONLY,
  'GET /api/inscriptos/export/sql': ADMIN_ONLY,
  'GET /api/inscriptos/export/pdf': SIGNED_IN,
  'POST /api/inscriptos/export/pdf-backup': STAFF,
  'POST /api/inscriptos/import/excel': ADMIN_ONLY,

  'GET /api/sorteo/status': PUBLIC,
  'GET /api/sorteo/participantes-publicos': PUBLIC,
  'GET /api/sorteo/participants': PUBLIC,
  'GET /api/sorteo/eventos': PUBLIC,
  'GET /api/sorteo/preflight': ADMIN_ONLY,
  'GET /api/sorteo/lista-participantes.pdf': ADMIN_ONLY,
  'POST /api/sorteo/start': ADMIN_ONLY,
  'POST /api/sorteo/valor-publico': ADMIN_ONLY,
  'POST /api/sorteo/next': ADMIN_ONLY,
  'POST /api/sorteo/confirm': ADMIN_ONLY,
  'POST /api/sorteo/end': ADMIN_ONLY,
  'GET /api/sorteo/actas': ADMIN_ONLY,
  'GET /api/sorteo/actas/{id}/acta.json': ADMIN_ONLY,
  'GET /api/sorteo/actas/{id}/acta-publica.json': PUBLIC,
  'GET /api/sorteo/esquemas/{nombre}.json': PUBLIC,
  'GET /api/sorteo/actas/{id}/acta.pdf': ADMIN_ONLY,
  'GET /api/sorteo/actas/{id}/resultados.xlsx': ADMIN_ONLY,

  'GET /api/configuracion/publico': PUBLIC,
  'GET /api/configuracion/contenido': SIGNED_IN,
  'PUT /api/configuracion/contenido': ADMIN_ONLY,
  'GET /api/configuracion/historial': ADMIN_ONLY,
  'GET /api/configuracion/puesta-a-punto': ADMIN_ONLY,

  'GET /api/ciclos': SIGNED_IN,
  'POST /api/ciclos': ADMIN_ONLY,
  'PUT /api/ciclos/{id}': ADMIN_ONLY,
  // The retention period is shown with the cycles (retencion.test.ts); only administrators change it.
  'GET /api/ciclos/retencion': SIGNED_IN,
  'PUT /api/ciclos/retencion': ADMIN_ONLY,
  'GET /api/ciclos/{id}/anonimizar/vista-previa': ADMIN_ONLY,
  'POST /api/ciclos/{id}/anonimizar': ADMIN_ONLY,

  'GET /api/accesos': ADMIN_ONLY,
  'GET /api/panel': SIGNED_IN,

  'GET /api/duplicados': STAFF,
  'GET /api/duplicados/inscripto/{id}': STAFF,
  'GET /api/duplicados/resueltos': STAFF,
  'POST /api/duplicados/verificar': STAFF,
  'POST /api/duplicados/{id}/resolver': ADMIN_ONLY,
  'POST /api/duplicados/{id}/eliminar': ADMIN_ONLY,

  'GET /api/plazas': SIGNED_IN,
  'POST /api/plazas/{id}/respuesta': STAFF,
  'PUT /api/plazas/{id}/plazo': ADMIN_ONLY,
  'GET /api/plazas/tablero': PUBLIC,
  'GET /api/plazas/eventos': PUBLIC,
  'GET /api/plazas/registro.json': ADMIN_ONLY,
  'GET /api/plazas/registro-publico.json': PUBLIC,
  'GET /api/plazas/adenda.pdf': ADMIN_ONLY,
  'GET /api/plazas/nomina.pdf': ADMIN_ONLY,
  'GET /api/plazas/nomina.xlsx': ADMIN_ONLY,
  'GET /api/plazas/suplentes.pdf': ADMIN_ONLY,
  'GET /api/plazas/suplentes.xlsx': ADMIN_ONLY,

  'POST /api/estado': PUBLIC,
  // The number and code are the credentials, as for POST /api/estado (respuesta-en-linea.test.ts).
  'POST /api/estado/respuesta': PUBLIC,

  // Messages to the families (decision 0029): a record's, to the staff who may edit it (avisos.test.ts checks
  // which volunteer); the rest to administrators; the opt-out link to anyone.
  'GET /api/inscriptos/{id}/avisos': STAFF,
  'GET /api/avisos': ADMIN_ONLY,
  'GET /api/avisos/estado': ADMIN_ONLY,
  'POST /api/avisos/{id}/reenviar': ADMIN_ONLY,
  'GET /api/avisos/textos': ADMIN_ONLY,
  'PUT /api/avisos/textos': ADMIN_ONLY,
  'GET /api/avisos/baja': PUBLIC,
  'POST /api/avisos/baja': PUBLIC,

  // The families' online application (decision 0035): public, each one behind its code (solicitudes.test.ts
  // checks that a session, of any role, opens none without it).
  'POST /api/solicitudes': PUBLIC,
  'GET /api/solicitudes/{id}': PUBLIC,
  'PUT /api/solicitudes/{id}': PUBLIC,
  'POST /api/solicitudes/{id}/documentos': PUBLIC,
  'POST /api/solicitudes/{id}/enviar': PUBLIC,
  // Staff verify them (decision 0038): the guest never sees a family's documents.
  'GET /api/solicitudes': STAFF,
  'GET /api/solicitudes/{id}/verificacion': STAFF,
  'GET /api/solicitudes/{id}/documentos/{doc}': STAFF,
  'POST /api/solicitudes/{id}/finalizar': STAFF,
  'POST /api/solicitudes/{id}/devolver': STAFF,

  // The network (decision 0036): the administrator here is also the network's (the first administrator is);
  // red.test.ts checks a school's administrator, the network's reader and the other school.
  'GET /api/escuelas': ADMIN_ONLY,
  'POST /api/escuelas': ADMIN_ONLY,
  'PUT /api/escuelas/{id}': ADMIN_ONLY,
  'GET /api/red/panel': ADMIN_ONLY,
  'GET /api/red/duplicados': ADMIN_ONLY,
  'GET /api/duplicados/red': STAFF,
  // The network's assignment (decision 0039): the network runs it; every school's staff read their part, and
  // its acta is public.
  'GET /api/red/asignacion/ciclos': ADMIN_ONLY,
  'PUT /api/red/asignacion/ciclos/{anio}': ADMIN_ONLY,
  'GET /api/red/sorteo': ADMIN_ONLY,
  'POST /api/red/sorteo/start': ADMIN_ONLY,
  'POST /api/red/sorteo/valor-publico': ADMIN_ONLY,
  'POST /api/red/sorteo/next': ADMIN_ONLY,
  'POST /api/red/sorteo/confirm': ADMIN_ONLY,
  'POST /api/red/sorteo/end': ADMIN_ONLY,
  'POST /api/asignacion': ADMIN_ONLY,
  'GET /api/asignacion': SIGNED_IN,
  'GET /api/asignacion/acta-publica.json': PUBLIC,
  'POST /api/asignacion/respuesta': STAFF,
  'POST /api/red/asignacion/vencimientos': ADMIN_ONLY,
  'GET /api/asignacion/registro-publico.json': PUBLIC,
  'GET /api/asignacion/opciones': PUBLIC,
};

/** An id of no record, in the shape each route's parameter takes (duplicate pairs are 32 hex digits). */
const idFor = (path: string) =>
  path.startsWith('/api/duplicados/') ? 'ab'.repeat(16) : '0190a000-0000-7000-8000-000000000000';

/** Every route of the OpenAPI document, as "METHOD /path". */
export function routesOf(app: FastifyInstance): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}

/**
 * The status of one call over real HTTP (the live boards are event streams that never end): an empty JSON body
 * for POST and PUT, an id of no record, and `query` appended; the body is dropped once the status line is in.
 */
export async function statusOf(base: string, route: string, token: string | undefined, query = ''): Promise<number> {
  const [method, path] = route.split(' ') as [string, string];
  const withBody = method === 'POST' || method === 'PUT';
  const abort = new AbortController();
  const res = await fetch(base + path.replace('{id}', idFor(path)) + query, {
    method,
    signal: abort.signal,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(withBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(withBody ? { body: '{}' } : {}),
  });
  abort.abort();
  return res.status;
}

/** Logout ends the caller's session: last, so every other route sees it signed in. */
export const LOGOUT = 'POST /api/auth/logout';
export const inCallOrder = (routes: string[]) => [
  ...routes.filter((r) => r !== LOGOUT),
  ...routes.filter((r) => r === LOGOUT),
];
