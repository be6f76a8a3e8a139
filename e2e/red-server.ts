import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { E2E_ADMIN } from './credentials.ts';

/*
 * A server of its own for the network spec: a second school turns every request without `escuela` into a
 * 400 (docs/decisions/0036), which the other specs, sharing the suite's server, do not send. Same build, same
 * administrator, a fresh database in a temporary folder, on a free port.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto')),
      );
    });
  });
}

async function waitHealthy(baseURL: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó (${child.exitCode}): ${stderr()}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`El servidor no respondió: ${stderr()}`);
}

async function startRedServer(): Promise<{ baseURL: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-red-'));
  // SQLite like the suite's server, whatever the shell says.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(baseURL, child, () => err);
  } catch (e) {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test on a network server of its own, fresh for each test (each spec builds its network from nothing): its
 * `baseURL` is that server's.
 */
export const test = base.extend<{ redURL: string }>({
  redURL: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startRedServer();
      await use(server.baseURL);
      await server.stop();
    },
    { timeout: 60_000 },
  ],
  baseURL: async ({ redURL }, use) => use(redURL),
});
