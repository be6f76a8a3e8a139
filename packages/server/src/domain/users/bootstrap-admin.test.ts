import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { ADMIN, DIALECTS, buildTestApp, login, type TestApp } from '../../test/helper.ts';
import { ensureAdministrator } from './bootstrap-admin.ts';

describe.each(DIALECTS)('first administrator on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('creates the configured administrator once, and leaves it alone afterwards', async () => {
    t = await buildTestApp(dialect, { env: { ADMIN_USERNAME: 'directora', ADMIN_PASSWORD: 'clave-inicial-1' } });
    expect((await login(t.app, 'directora', 'clave-inicial-1')).json().user.role).toBe('administrador');
    const again = await ensureAdministrator(t.app.ctx.db, 'directora', 'otra-clave-99', new Date());
    expect(again.created).toBe(false);
    expect((await login(t.app, 'directora', 'clave-inicial-1')).statusCode).toBe(200);
  });

  it('generates a strong password when none is configured and returns it to be printed once', async () => {
    t = await buildTestApp(dialect);
    await t.app.ctx.db.deleteFrom('users').where('username', '=', ADMIN.username).execute();
    const result = await ensureAdministrator(t.app.ctx.db, 'nuevo-admin', undefined, new Date());
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toMatch(/^[\w-]{24}$/);
    expect((await login(t.app, 'nuevo-admin', result.generatedPassword!)).statusCode).toBe(200);
  });

  it('refuses to promote the guest account when ADMIN_USERNAME names it', async () => {
    t = await buildTestApp(dialect);
    await t.app.ctx.db.deleteFrom('users').where('username', '=', ADMIN.username).execute();
    await expect(
      ensureAdministrator(t.app.ctx.db, GUEST_CREDENTIALS.username, 'clave-inicial-1', new Date()),
    ).rejects.toThrow(`ADMIN_USERNAME "${GUEST_CREDENTIALS.username}" es la cuenta de visitante`);
    const guest = await login(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    expect(guest.json().user.role).toBe('visitado');
  });
});
