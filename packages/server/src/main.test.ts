import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnServer as run, waitForHealth } from './test/process.ts';

/** The real process: configuration errors, first start, and graceful shutdown on SIGTERM. */
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('server process', () => {
  it('refuses to start with invalid configuration and says what is wrong', async () => {
    const p = run({ PORT: 'no-es-un-puerto', DATABASE_URL: 'mysql://x' });
    expect(await p.exited).toBe(1);
    expect(p.output().stderr).toContain('Invalid configuration');
    expect(p.output().stderr).toContain('PORT');
    expect(p.output().stderr).toContain('DATABASE_URL');
  });

  it('prints a generated administrator password once, serves health, and shuts down cleanly on SIGTERM', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-main-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

    // TRUST_PROXY=true still starts, and the log names the setting to use instead.
    const first = run({ ...env, TRUST_PROXY: 'true' });
    expect((await waitForHealth(port)).status).toBe(200);
    expect(first.output().stdout).toContain('TRUST_PROXY=true cree el X-Forwarded-For');
    const password = /Contraseña: (\S+)/.exec(first.output().stdout)?.[1];
    expect(password).toMatch(/^[\w-]{24}$/);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);

    // Second start on the same data: no new password, and the session signed before still works.
    const second = run(env);
    expect((await waitForHealth(port)).status).toBe(200);
    const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output().stdout).not.toContain('Contraseña:');
    expect(second.output().stdout).not.toContain('TRUST_PROXY');
  });
});
