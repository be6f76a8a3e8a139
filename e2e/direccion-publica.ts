import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN, apiLogin } from './support.ts';

/** The address the e2e constancias print: not this server's loopback one, which the constancia refuses. */
export const URL_PUBLICA_E2E = 'https://inscripciones.escuela.example';

/** Saves `urlPublica` in Configuración ('' clears it), as an administrator. */
export async function guardarUrlPublica(request: APIRequestContext, urlPublica: string): Promise<void> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const { contenido, version } = (await (await request.get('/api/configuracion/contenido', { headers })).json()) as {
    contenido: Record<string, unknown>;
    version: number;
  };
  const res = await request.put('/api/configuracion/contenido', {
    headers,
    data: { ...contenido, urlPublica, version },
  });
  expect(res.status(), await res.text()).toBe(200);
}
