import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from './test/helper.ts';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './test/process.ts';

/** The start says which phase it is in, how long each took, and why it failed. */
type Line = { level: number; msg: string; phase?: string; ms?: number; reason?: string; code?: string };
const lines = (p: ServerProcess): Line[] =>
  p
    .output()
    .stdout.split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Line);
const fatal = (p: ServerProcess) => lines(p).find((l) => l.level === 60);

const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-startup-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('a start that cannot finish says where and why', () => {
  it('an invalid configuration: phase config, and exit 1', async () => {
    const p = spawnServer({ PORT: 'no-es-un-puerto', DATA_DIR: dataDir() });
    expect(await p.exited).toBe(1);
    expect(fatal(p)).toMatchObject({ phase: 'config', msg: 'start failed in phase config' });
  }, 60_000);

  it('an unreachable database: the phase and the reason are logged, and the process exits 1', async () => {
    const port = await freePort(); // nothing listens there
    const p = spawnServer({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nada`,
      JWT_SECRET: 'x'.repeat(32),
      DATA_DIR: dataDir(),
      PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
    });
    expect(await p.exited).toBe(1);
    expect(fatal(p)).toMatchObject({ phase: 'open-db', code: 'ECONNREFUSED', msg: 'start failed in phase open-db' });
    // The phases before it are in the fatal line even at LOG_LEVEL=warn.
    expect(p.output().stdout).toContain('"phases":{"load":');
  }, 60_000);

  it('a database that never answers: the watchdog names the phase and exits 1', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s)); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as net.AddressInfo;
      const p = spawnServer({
        DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/nada`,
        JWT_SECRET: 'x'.repeat(32),
        DATA_DIR: dataDir(),
        PORT: String(await freePort()),
        STARTUP_TIMEOUT_MS: '3000',
      });
      expect(await p.exited).toBe(1);
      expect(fatal(p)).toMatchObject({ phase: 'open-db', reason: 'start did not finish in time' });
      expect(fatal(p)!.msg).toBe('start stuck in phase open-db after 3000 ms (STARTUP_TIMEOUT_MS)');
      expect(
        lines(p)
          .filter((l) => l.msg === 'start phase done')
          .map((l) => l.phase),
      ).toEqual(['load', 'config']);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  }, 60_000);
});

/** Three processes loading TypeScript and migrating at once, on a machine busy with other suites. */
const STARTUP_MS = 90_000;

describe.skipIf(!TEST_DATABASE_URL)('three instances started together on a fresh PostgreSQL database', () => {
  const dbName = `inscripciones_arranque_${crypto.randomBytes(5).toString('hex')}`;
  const servers: ServerProcess[] = [];
  const adminPg = async (text: string) => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await adminPg(`drop database if exists ${dbName} with (force)`);
  });

  it(
    'all answer /api/health, and each logged every phase of its start',
    async () => {
      await adminPg(`create database ${dbName}`);
      const url = new URL(TEST_DATABASE_URL!);
      url.pathname = `/${dbName}`;
      const ports = [await freePort(), await freePort(), await freePort()];
      const jwtSecret = crypto.randomBytes(32).toString('hex');
      for (const port of ports) {
        servers.push(
          spawnServer({
            DATABASE_URL: url.toString(),
            JWT_SECRET: jwtSecret,
            ADMIN_USERNAME: 'directora',
            ADMIN_PASSWORD: 'clave-admin-1',
            DATA_DIR: dataDir(),
            PORT: String(port),
            HOST: '127.0.0.1',
          }),
        );
      }
      const health = await Promise.all(
        servers.map((s, i) =>
          Promise.race([
            waitForHealth(ports[i]!, STARTUP_MS).then((r) => r.status),
            s.exited.then((code) => `instance ${i} exited with ${code}: ${JSON.stringify(fatal(s))}`),
          ]),
        ),
      );
      expect(health).toEqual([200, 200, 200]);
      for (const s of servers) {
        const done = lines(s).filter((l) => l.msg === 'start phase done');
        expect(done.map((l) => l.phase)).toEqual([
          'load',
          'config',
          'open-db',
          'startup-lock',
          'migrations',
          'bootstrap-admin',
          'app-build',
          'listen',
        ]);
      }
    },
    STARTUP_MS + 10_000,
  );
});
