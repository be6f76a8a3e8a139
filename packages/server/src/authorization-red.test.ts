import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@inscripciones/shared/roles.ts';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ADMIN, DIALECTS, buildTestApp, type TestApp } from './test/helper.ts';
import { ADMITTED, LOGOUT, inCallOrder, routesOf, statusOf } from './test/authorization-table.ts';
import { CODIGOS, montarRed, type Codigo, type RolRedDePrueba } from './test/red-test-data.ts';

/**
 * The authorization matrix's network dimension (decision 0036): every route × every caller × the school the
 * request names, in a network of two schools with staff, records and a finished raffle in each.
 * - A school's staff, naming their school (or naming none: it is their only one), get what the one-school
 *   matrix gives them; naming the other school, 404 on every route that needs a session (never 403, never
 *   data), and the public routes answer as they answer anyone.
 * - The network's administrator is an administrator in each school, its reader a guest (visitado) in each; naming
 *   no school they get 400 (they have several), except on the network's own routes.
 * - The network's routes (/api/escuelas, /api/red/…, POST /api/asignacion) refuse every school role (403) whatever
 *   school is named; the assignment's reads admit every caller with a session (its acta, everyone).
 * - Without a session: 401 where a session is needed once a school is named; naming none, 400 (the caller
 *   must choose) except on the network's routes.
 */

type Quien = 'none' | Role | RolRedDePrueba;
type Columna = 'propia' | 'otra' | 'ninguna';

/** The network's routes and the network roles each admits; the rest of the table is the schools'. */
const DE_LA_RED: Record<string, RolRedDePrueba[]> = {
  'GET /api/escuelas': ['administrador_red', 'lector_red'],
  'POST /api/escuelas': ['administrador_red'],
  'PUT /api/escuelas/{id}': ['administrador_red'],
  'GET /api/red/panel': ['administrador_red', 'lector_red'],
  'GET /api/red/duplicados': ['administrador_red'],
  'GET /api/red/asignacion/ciclos': ['administrador_red', 'lector_red'],
  'PUT /api/red/asignacion/ciclos/{anio}': ['administrador_red'],
  'GET /api/red/sorteo': ['administrador_red', 'lector_red'],
  'POST /api/red/sorteo/start': ['administrador_red'],
  'POST /api/red/sorteo/valor-publico': ['administrador_red'],
  'POST /api/red/sorteo/next': ['administrador_red'],
  'POST /api/red/sorteo/confirm': ['administrador_red'],
  'POST /api/red/sorteo/end': ['administrador_red'],
  'POST /api/asignacion': ['administrador_red'],
  'POST /api/red/asignacion/vencimientos': ['administrador_red'],
};
/**
 * Served for the whole network yet open to every school's staff (decision 0039): whatever school is named, each
 * reads its own part; 404 there means no assignment yet.
 */
const DE_TODA_LA_RED = [
  'GET /api/asignacion',
  'GET /api/asignacion/acta-publica.json',
  'GET /api/asignacion/registro-publico.json',
  'GET /api/asignacion/opciones',
];
/** A family's answer after the assignment, recorded at any school: the network's administrator or any school's staff. */
const RESPUESTA_EN_RED = 'POST /api/asignacion/respuesta';
const REGISTRAN_RESPUESTAS: Quien[] = ['administrador_red', 'administrador', 'voluntario'];
/** Served by the first school whatever the session: sign-in and -out, the health check. */
const SIN_ESCUELA = ['POST /api/auth/login', LOGOUT, 'GET /api/health'];

/** The role a caller acts with inside a school (decision 0036). */
const ROL_EN_ESCUELA: Record<Exclude<Quien, 'none'>, Role> = {
  visitado: 'visitado',
  voluntario: 'voluntario',
  administrador: 'administrador',
  administrador_red: 'administrador',
  lector_red: 'visitado',
};

/**
 * In a network of several schools the SQL copy is the whole network's (its accounts and schools): only the
 * network's administrator takes it.
 */
const SOLO_RED_CON_VARIAS = 'GET /api/inscriptos/export/sql';

type Esperado = number | 'admitida';

function esperado(quien: Quien, route: string, columna: Columna): Esperado {
  const publica = ADMITTED[route]!.includes('none');
  const red = DE_LA_RED[route];
  // Without a session the request goes to the named school, or to the first one (decision 0036).
  if (quien === 'none') return publica ? 'admitida' : 401;
  if (red) return (red as Quien[]).includes(quien) ? 'admitida' : 403;
  if (DE_TODA_LA_RED.includes(route)) return 'admitida';
  if (route === RESPUESTA_EN_RED) return REGISTRAN_RESPUESTAS.includes(quien) ? 'admitida' : 403;
  if (SIN_ESCUELA.includes(route)) return 'admitida';
  const deRed = quien === 'administrador_red' || quien === 'lector_red';
  if (deRed && columna === 'ninguna') return 400;
  if (!deRed && columna === 'otra') return publica ? 'admitida' : 404;
  if (route === SOLO_RED_CON_VARIAS) return quien === 'administrador_red' ? 'admitida' : 403;
  return ADMITTED[route]!.includes(ROL_EN_ESCUELA[quien]) ? 'admitida' : 403;
}

describe.each(DIALECTS)('authorization matrix of a network: route × role × school (%s)', (dialect) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await montarRed(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t?.close());

  it('the network dimension covers every route of the one-school table', () => {
    expect([...routesOf(t.app)].sort()).toEqual(Object.keys(ADMITTED).sort());
    for (const route of Object.keys(DE_LA_RED)) expect(ADMITTED[route]).toBeDefined();
  });

  /** Every route for one caller and one choice of school; the routes whose status is not the expected one. */
  async function recorrer(quien: Quien, token: string | undefined, columna: Columna, propia: Codigo) {
    const otra = CODIGOS.find((c) => c !== propia)!;
    const query = columna === 'ninguna' ? '' : `?escuela=${columna === 'propia' ? propia : otra}`;
    const wrong: string[] = [];
    for (const route of inCallOrder(Object.keys(ADMITTED))) {
      const got = await statusOf(base, route, token, query);
      const want = esperado(quien, route, columna);
      const ok =
        want === 'admitida'
          ? (got !== 401 && got !== 403 && (got !== 404 || DE_TODA_LA_RED.includes(route))) || route.includes('{')
          : got === want;
      if (!ok) wrong.push(`${route}${query}: ${got} (expected ${want === 'admitida' ? 'admitted' : want})`);
    }
    return wrong;
  }

  const ROLES_DE_ESCUELA: Role[] = ['visitado', 'voluntario', 'administrador'];
  const COLUMNAS: Columna[] = ['propia', 'otra', 'ninguna'];
  const casos = CODIGOS.flatMap((codigo) =>
    ROLES_DE_ESCUELA.flatMap((role) => COLUMNAS.map((columna) => [codigo, role, columna] as const)),
  );

  it.each(casos)(
    'staff of %s as %s, naming %s school',
    async (codigo, role, columna) => {
      // Each case signs out at the end: a fresh session for the next one.
      const token = await nuevaSesion(codigo, role);
      expect((await recorrer(role, token, columna, codigo)).join('\n')).toBe('');
      // An administrator's pass makes every export of the school.
    },
    60_000,
  );

  it.each(['administrador_red', 'lector_red'] as const)(
    'the network role %s, in each school and in none',
    async (rol) => {
      for (const codigo of CODIGOS) {
        expect((await recorrer(rol, await sesionDeRed(rol), 'propia', codigo)).join('\n')).toBe('');
      }
      expect((await recorrer(rol, await sesionDeRed(rol), 'ninguna', 'principal')).join('\n')).toBe('');
    },
    60_000,
  );

  it.each(COLUMNAS)('without a session, naming %s school', async (columna) => {
    expect((await recorrer('none', undefined, columna, 'principal')).join('\n')).toBe('');
  });

  async function nuevaSesion(codigo: Codigo, role: Role) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/login?escuela=${codigo}`,
      payload: role === 'visitado' ? GUEST_CREDENTIALS : { username: `${role}-${codigo}`, password: 'clave-segura-1' },
    });
    if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  }

  async function sesionDeRed(rol: RolRedDePrueba) {
    const credenciales = rol === 'administrador_red' ? ADMIN : { username: 'inspectora', password: 'clave-segura-1' };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: credenciales });
    if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  }
});
