import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The real process: configuration errors, first start, and graceful shutdown on SIGTERM. */
const MAIN = path.join(import.meta.dirname, 'main.ts');
let dataDir: string | undefined;
afterEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function waitForHealth(port: number, timeoutMs = 15_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

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
    const port = 3400 + Math.floor(Math.random() * 500);
    const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };

    const first = run(env);
    expect((await waitForHealth(port)).status).toBe(200);
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
  });
});
