import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import { GUEST_CREDENTIALS, SESSION_KEYS } from '@inscripciones/shared/constants.ts';
import type { TLoginResponse } from '@inscripciones/shared/auth/auth-schema.ts';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscripto, TInscriptoList } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { TDuplicadosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TCiclo, TCicloList } from '@inscripciones/shared/ciclos/ciclo-schema.ts';

export { E2E_ADMIN, GUEST_CREDENTIALS };

/** Logs in through the API (documenso's apiSignin): only the login-screen tests use the form. */
export async function apiLogin(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<TLoginResponse> {
  const res = await request.post('/api/auth/login', { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TLoginResponse;
}

/** Opens `path` already signed in as the given user: the session is stored as the login screen would. */
export async function signInAs(page: Page, username: string, password: string, path = '/'): Promise<TLoginResponse> {
  const session = await apiLogin(page.request, username, password);
  // A page still signed in as someone else is leaving /login while the new session is written, and can
  // write its own back: write again until the page at `path` holds the new one.
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('/login');
    await page.evaluate(
      ([keys, s]) => {
        sessionStorage.setItem(keys.token, s.token);
        sessionStorage.setItem(keys.user, JSON.stringify(s.user));
      },
      [SESSION_KEYS, session] as const,
    );
    await page.goto(path);
    if ((await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token)) === session.token) break;
  }
  return session;
}

let seq = 0;
/** Creates a user through the API as the e2e administrator. */
export async function seedUser(request: APIRequestContext, overrides: Record<string, unknown> = {}) {
  const admin = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  seq += 1;
  const username = `e2e${Date.now().toString(36)}${seq}`;
  const user = {
    username,
    password: 'clave-e2e-123',
    nombre: `Usuaria E2E ${seq}`,
    email: `${username}@escuela.edu.uy`,
    role: 'voluntario',
    activo: true,
    ...overrides,
  };
  const res = await request.post('/api/users', { data: user, headers: { authorization: `Bearer ${admin.token}` } });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as { id: string };
  return { ...user, id: created.id } as typeof user & { id: string };
}

/** Fails the test on any CSP violation or uncaught page error. */
export function watchForPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}

// ------------------------------------------------------------------ enrolments

const NOMBRES = [
  'Valentina',
  'Mateo',
  'Sofía',
  'Benjamín',
  'Martina',
  'Joaquín',
  'Lucía',
  'Santiago',
  'Catalina',
  'Tomás',
  'Emilia',
  'Agustín',
  'Julieta',
  'Facundo',
  'Renata',
  'Thiago',
  'Zoe',
  'Bautista',
  'Isabella',
  'Felipe',
];
/** First surnames; "Martínez" and "Núñez" are only here, so a search for them counts first surnames. */
const APELLIDOS1 = [
  'Martínez',
  'González',
  'Núñez',
  'Rodríguez',
  'Fernández',
  'López',
  'Silva',
  'Pereira',
  'Sosa',
  'Castro',
  'Méndez',
  'Suárez',
  'Acosta',
  'Olivera',
  'Ramos',
];
const APELLIDOS2 = [
  'Da Rosa',
  'Cabrera',
  'Vázquez',
  'Díaz',
  'Romero',
  'Álvarez',
  'Torres',
  'Benítez',
  'Ruiz',
  'Medina',
  'Gómez',
];

/** First 7 CI digits: from a random point at or above 6.100.000, so a retried run does not collide. */
let nextCi = 6_100_000 + Math.floor(Math.random() * 3_000_000);
function uniqueCi(): string {
  const first7 = String(nextCi++);
  return `${first7}${ciCheckDigit(first7)}`;
}

export interface SeededInscripto {
  id: string;
  version: number;
  ci: string;
  nombre1: string;
  nombre2: string;
  apellido1: string;
  apellido2: string;
  estado: 'pendiente' | 'finalizado';
  createdBy: string;
}

export interface SeedInscriptosOptions {
  /** Who creates them (default: the e2e administrator). */
  as?: { username: string; password: string };
  /** Finalise every n-th record (0: none). */
  finalizeEvery?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Second name of the first record: a word a later search can find to tell this set is there. */
  marker?: string;
}

/**
 * Creates `count` complete enrolments through the API (POST /api/inscriptos), with varied names (some
 * accented surnames: Martínez, Núñez) and unique valid CIs; finalises every `finalizeEvery`-th one
 * (POST /api/inscriptos/{id}/finalizar with the version from the create). A few requests run at once.
 */
export async function seedInscriptos(
  request: APIRequestContext,
  count: number,
  options: SeedInscriptosOptions = {},
): Promise<SeededInscripto[]> {
  const who = options.as ?? E2E_ADMIN;
  const { token } = await apiLogin(request, who.username, who.password);
  const headers = { authorization: `Bearer ${token}` };
  const base = completeInscripto(new Date());
  // Siblings would tie records together (shared enrolment numbers): none here.
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...template } = base;
  const finalizeEvery = options.finalizeEvery ?? 0;

  const createOne = async (i: number): Promise<SeededInscripto> => {
    const names = {
      nombre1: NOMBRES[i % NOMBRES.length]!,
      nombre2: i === 0 && options.marker ? options.marker : NOMBRES[(i * 7 + 3) % NOMBRES.length]!,
      apellido1: APELLIDOS1[i % APELLIDOS1.length]!,
      apellido2: APELLIDOS2[i % APELLIDOS2.length]!,
    };
    for (let attempt = 0; ; attempt++) {
      const ci = uniqueCi();
      const body = { ...template, ...names, ci };
      const res = await request.post('/api/inscriptos', { data: body, headers });
      // A CI already taken (a retried run): try the next one.
      if (res.status() === 409 && attempt < 5) continue;
      expect(res.status(), await res.text()).toBe(201);
      let saved = (await res.json()) as TInscripto;
      if (finalizeEvery > 0 && i % finalizeEvery === 0) {
        const fin = await request.post(`/api/inscriptos/${saved.id}/finalizar`, {
          data: { ...body, version: saved.version },
          headers,
        });
        expect(fin.status(), await fin.text()).toBe(200);
        saved = (await fin.json()) as TInscripto;
      }
      return { id: saved.id, version: saved.version, ci, ...names, estado: saved.estado, createdBy: who.username };
    }
  };

  const results: SeededInscripto[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await createOne(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 6, count) }, worker));
  return results;
}

/** GET /api/inscriptos as the given user: what the list screen should show for that query. */
export async function apiListInscriptos(
  request: APIRequestContext,
  who: { username: string; password: string },
  query: Record<string, string | number | boolean> = {},
): Promise<TInscriptoList> {
  const { token } = await apiLogin(request, who.username, who.password);
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await request.get(`/api/inscriptos?${params}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as TInscriptoList;
}

// ------------------------------------------------------------------ import / export

/** A valid CI (8 digits, right check digit) that no other record of this run was given by these helpers. */
export function freshCi(): string {
  return uniqueCi();
}

/** Marks every open possible duplicate as two children: specs leave look-alike records behind. */
export async function resolveDuplicados(request: APIRequestContext): Promise<void> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  // One page at a time: each resolved group leaves the list, so the first page is read again.
  for (;;) {
    const res = await request.get('/api/duplicados?pageSize=100', { headers });
    expect(res.status(), await res.text()).toBe(200);
    const { items } = (await res.json()) as TDuplicadosList;
    if (items.length === 0) return;
    for (const par of items) {
      const r = await request.post(`/api/duplicados/${par.id}/resolver`, { headers, data: { decision: 'distintos' } });
      expect(r.status(), await r.text()).toBe(200);
    }
  }
}

/** The current admission cycle (GET /api/ciclos as the e2e administrator). */
export async function cicloActual(request: APIRequestContext): Promise<TCiclo> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const res = await request.get('/api/ciclos', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const actual = ((await res.json()) as TCicloList).items.find((c) => c.actual);
  expect(actual).toBeDefined();
  return actual!;
}
