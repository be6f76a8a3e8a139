import { describe, expect, it } from 'vitest';
import { ZLoginResponse, ZMeResponse, ZSessionUser } from './auth-schema.ts';
import { checkLoginResponse, checkMeResponse, checkSessionUser } from './session-checks.ts';

const user = { id: 'u1', username: 'ana', role: 'voluntario', nombre: 'Ana', email: 'ana@x.uy' };

/** Values that pass, fail, or carry extra keys, for each field: the zod-free checks must agree with zod. */
const users: unknown[] = [
  user,
  { ...user, role: 'administrador' },
  { ...user, role: 'visitado' },
  { ...user, extra: 1, password: 'secreto' },
  { ...user, email: '' },
  { ...user, nombre: '' },
  { ...user, role: 'Administrador' },
  { ...user, role: 'root' },
  { ...user, role: undefined },
  { ...user, id: 1 },
  { ...user, username: null },
  { ...user, nombre: undefined },
  { ...user, email: undefined },
  { ...user, email: null },
  { id: 'u1', username: 'ana', role: 'voluntario', nombre: 'Ana' },
  {},
  [],
  [user],
  null,
  undefined,
  'ana',
  42,
  true,
];

const login = { success: true, token: 't', user, message: 'ok', expiresAt: '2026-01-01T00:00:00Z' };
const logins: unknown[] = [
  login,
  { ...login, extra: 'x' },
  { ...login, success: false },
  { ...login, success: 'true' },
  { ...login, success: undefined },
  { ...login, token: 5 },
  { ...login, token: undefined },
  { ...login, token: '' },
  { ...login, message: null },
  { ...login, expiresAt: undefined },
  { ...login, expiresAt: 0 },
  ...users.map((u) => ({ ...login, user: u })),
  null,
  [],
  'ok',
];

describe('zod-free session checks agree with the zod schemas', () => {
  it.each(users.map((u) => [u]))('session user %j', (value) => {
    const parsed = ZSessionUser.safeParse(value);
    expect(checkSessionUser(value)).toEqual(parsed.success ? parsed.data : null);
  });

  const meAnswers: unknown[] = [...users.map((u) => ({ user: u })), { user, other: 1 }, {}, null, user, 'x'];
  it.each(meAnswers.map((m) => [m]))('/api/auth/me answer %j', (value) => {
    const parsed = ZMeResponse.safeParse(value);
    expect(checkMeResponse(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it.each(logins.map((l) => [l]))('login answer %j', (value) => {
    const parsed = ZLoginResponse.safeParse(value);
    expect(checkLoginResponse(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('accepts a valid user and drops unknown keys (the case the table must not lose)', () => {
    expect(checkSessionUser({ ...user, password: 'x' })).toEqual(user);
    expect(checkSessionUser({ ...user, role: 'root' })).toBeNull();
  });
});
