import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';
import { GUEST_CREDENTIALS, SESSION_KEYS } from '@inscripciones/shared/constants.ts';
import type { TLoginResponse } from '@inscripciones/shared/auth/auth-schema.ts';

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
  await page.goto('/login');
  await page.evaluate(
    ([keys, s]) => {
      sessionStorage.setItem(keys.token, s.token);
      sessionStorage.setItem(keys.user, JSON.stringify(s.user));
    },
    [SESSION_KEYS, session] as const,
  );
  await page.goto(path);
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
