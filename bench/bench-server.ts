/**
 * Helpers the benchmarks share: a clean PostgreSQL bench database, the real server as `npm start` runs it over a
 * fresh seeded database, JSON requests to it, a raffle over HTTP, nearest-rank percentiles, a process's peak memory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../packages/server/src/db/schema.ts';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';

/** A port nothing listens on now, so two benchmark runs at once do not collide. */
export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, HOST);
  await once(probe, 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

/** The server's address on this machine for `port`. */
export const baseUrl = (port: number): string => `http://${HOST}:${port}`;

/** The database a postgres:// URL names, as its path says (query parameters aside: see resetPostgres). */
function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

/** A bench database the server does not have yet is created (from the `postgres` one). */
async function createDatabaseIfMissing(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).href });
  await client.connect();
  try {
    const name = databaseName(url);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * Empties the database (its `public` schema, with every table, trigger function and migration record the
 * migrations made), so it is as new whatever release used it last. Refused unless the database is clearly a
 * bench one: its name must contain "bench", both in the URL and as the server reports it once connected (a
 * connection string can name another database in its query parameters, or leave it to the environment).
 */
export async function resetPostgres(url: string): Promise<void> {
  if (!databaseName(url).includes('bench')) throw new Error('BENCH_DATABASE_URL must name a database called bench…');
  await createDatabaseIfMissing(url);
  const { db } = openDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
  try {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const connected = rows[0]?.name ?? '';
    if (!connected.includes('bench'))
      throw new Error(`BENCH_DATABASE_URL must name a database called bench… (connected to "${connected}")`);
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  } finally {
    await db.destroy();
  }
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  adminPassword: string;
  /** SQLite in `dataDir` unless 'postgres'; DATABASE_URL from this process's environment is never passed on. */
  dialect?: Dialect;
  /** The PostgreSQL URL, required (and used) only when `dialect` is 'postgres'. */
  databaseUrl?: string | undefined;
  /** How often /api/health is polled while the server starts, in ms. */
  pollMs?: number;
  /** How long the server may take to become healthy (a loaded machine needs more), in ms. */
  startTimeoutMs?: number;
  /** More variables for the server (the messages' channels, for one). */
  env?: Record<string, string>;
}

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
}

/** glibc's allocator settings of `npm start` (docs/operations.md, decision 0012): the server runs as in production. */
const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
/**
 * Spawns the server as `npm start` does (LOG_LEVEL=warn) and resolves once GET /api/health answers 200. Rejects with the server's
 * output if it exits first or is not healthy within 30 s (it is killed then).
 */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const {
    port,
    dataDir,
    adminPassword,
    dialect = 'sqlite',
    databaseUrl,
    pollMs = 20,
    startTimeoutMs = 30_000,
    env: extraEnv = {},
  } = options;
  if (dialect === 'postgres' && !databaseUrl) throw new Error('startServer: postgres needs a databaseUrl');
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: adminPassword,
    ...SERVER_MALLOC_ENV,
    ...(dialect === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--max-semi-space-size=16', '--expose-gc', 'packages/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: 'pipe',
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const server: BenchServer = { child, pid: child.pid!, output: () => output };
  const health = `${baseUrl(port)}/api/health`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(health)).status === 200) return server;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > startTimeoutMs) {
      await stopServer(server);
      throw new Error(`server did not become healthy in ${startTimeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

/** SIGTERM, then waits until the process has exited. */
export async function stopServer(server: BenchServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** One request with an optional bearer token and JSON body: its status and body text, whatever the status. */
async function request(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

/** As request, but throws with the status and text unless the status is 2xx; returns the body text. */
export async function apiText(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await request(base, method, url, token, body);
  if (res.status < 200 || res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${res.text}`);
  return res.text;
}

/** As apiText, with the body parsed as JSON. */
export async function api(base: string, method: string, url: string, token?: string, body?: unknown) {
  return JSON.parse(await apiText(base, method, url, token, body));
}

/** request, apiText and api bound to one server's base URL, with the arguments after `base` unchanged. */
export function apiClient(base: string) {
  return {
    request: (method: string, url: string, token?: string, body?: unknown) => request(base, method, url, token, body),
    apiText: (method: string, url: string, token?: string, body?: unknown) => apiText(base, method, url, token, body),
    api: (method: string, url: string, token?: string, body?: unknown) => api(base, method, url, token, body),
  };
}

export type Api = ReturnType<typeof apiClient>['api'];

/** The administrator's token. */
export async function login(api: Api, password: string): Promise<string> {
  return (await api('POST', '/api/auth/login', undefined, { username: 'admin', password })).token as string;
}

/** Shows and confirms every draw of the started raffle, as the operator's screen does. */
export async function drawWholeRaffle(api: Api, token: string): Promise<void> {
  for (;;) {
    const next = await api('POST', '/api/sorteo/next', token);
    if (!next.participante) return;
    await api('POST', '/api/sorteo/confirm', token, { participante: next.participante, index: next.index });
  }
}

/** SQLite always; PostgreSQL too when BENCH_DATABASE_URL (`pgUrl`) is set. */
const benchDialects = (pgUrl: string | undefined): Dialect[] => (pgUrl ? ['sqlite', 'postgres'] : ['sqlite']);

export interface SeededServerOptions {
  dialect: Dialect;
  /** BENCH_DATABASE_URL, for the PostgreSQL runs (its database is emptied first: see resetPostgres). */
  pgUrl: string | undefined;
  adminPassword: string;
  /** Fills the migrated database before the server starts. */
  seed: (db: Kysely<DB>) => Promise<void>;
  startTimeoutMs?: number;
  /** More variables for the server (TRUST_PROXY, for one). */
  env?: Record<string, string>;
}

/**
 * Runs `measure` against the real server (on BENCH_PORT, or a free port) over a fresh database (a temporary
 * data directory; on PostgreSQL the bench database emptied), migrated and seeded. Prints the server's output if `measure` throws; always stops
 * the server and removes the directory.
 */
export async function withSeededServer<T>(
  options: SeededServerOptions,
  measure: (port: number) => Promise<T>,
): Promise<T> {
  const { dialect, pgUrl, adminPassword, seed, startTimeoutMs, env } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-'));
  try {
    if (dialect === 'postgres') await resetPostgres(pgUrl!);
    const { db } = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined });
    try {
      await migrateToLatest(db);
      await seed(db);
    } finally {
      await db.destroy();
    }
    const port = Number(process.env.BENCH_PORT) || (await freePort());
    const server = await startServer({
      port,
      dataDir,
      adminPassword,
      dialect,
      databaseUrl: pgUrl,
      ...(startTimeoutMs ? { startTimeoutMs } : {}),
      ...(env ? { env } : {}),
    });
    try {
      return await measure(port);
    } catch (e) {
      console.error(`server output:\n${server.output()}`);
      throw e;
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `measure` against a fresh seeded server on each bench dialect in turn (see benchDialects, withSeededServer). */
export async function onEachDialect<T>(
  options: Omit<SeededServerOptions, 'dialect'>,
  measure: (dialect: Dialect, port: number) => Promise<T>,
): Promise<T[]> {
  const outcomes: T[] = [];
  for (const dialect of benchDialects(options.pgUrl))
    outcomes.push(await withSeededServer({ ...options, dialect }, (port) => measure(dialect, port)));
  return outcomes;
}

/** Nearest-rank percentile of ascending `sorted`; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Peak resident memory of a running process so far (Linux VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}
