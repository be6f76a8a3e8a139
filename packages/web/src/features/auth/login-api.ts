import type { TLoginRequest, TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { checkLoginResponse } from '@inscripciones/shared/auth/session-checks.ts';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import { normalizeSessionUser } from '../../lib/session.ts';

/** POST /api/auth/login (SPEC 7). Not an authenticated call: a 401 here is a wrong password. */
export async function requestLogin(credentials: TLoginRequest): Promise<{ token: string; user: TSessionUser }> {
  const data = await apiRequest('/api/auth/login', { method: 'POST', body: credentials, auth: false });
  const raw = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const user = normalizeSessionUser(raw.user);
  // ZLoginResponse's check without zod, which would otherwise load with /login (session-checks.ts).
  const parsed = checkLoginResponse({ ...raw, user });
  if (!parsed || !user) throw new ApiError(200, '', 'INVALID_RESPONSE');
  return { token: parsed.token, user };
}
