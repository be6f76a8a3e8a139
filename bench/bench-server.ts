/**
 * Helpers the benchmarks share: a clean PostgreSQL bench database, the real server started and stopped as in
 * production (`node packages/server/src/main.ts`), JSON requests to it, nearest-rank percentiles and the peak
 * memory of a process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';

const root = path.resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';

/**
 * Every table the migrations create (packages/server/src/db/migrations.ts; `secuencias` until 0009), and
 * Kysely's own two. Add a table
 * here when a migration adds one, or a PostgreSQL run would find it left over from the previous run.
 */
export const APP_TABLES = [
  'configuracion',
  'sorteo_contenidos',
  'sorteos',
  'auditoria_cabeza',
  'auditoria',
  'secuencias',
  'inscripto_hermanos',
  'inscriptos',
  'ciclos',
  'users',
  'kysely_migration',
  'kysely_migration_lock',
] as const;

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

/**
 * Drops the app's tables, so the database is as new. Refused unless the database is clearly a bench one: its
 * name must contain "bench", both in the URL and as the server reports it once connected (a connection string
 * can name another database in its query parameters, or leave it to the environment).
 */
export async function resetPostgres(url: string): Promise<void> {
  if (!databaseName(url).includes('bench')) throw new Error('BENCH_DATABASE_URL must name a database called bench…');
  const { db } = openDatabase({ dataDir: os.tmpdir(), databaseUrl: url });
  try {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    const connected = rows[0]?.name ?? '';
    if (!connected.includes('bench'))
      throw new Error(`BENCH_DATABASE_URL must name a database called bench… (connected to "${connected}")`);
    await sql`drop table if exists ${sql.join(APP_TABLES.map((t) => sql.id(t)))} cascade`.execute(db);
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
  /** How long the server may take to become healthy, in ms (a machine shared by many runs needs more). */
  startTimeoutMs?: number;
}

export interface BenchServer {
  child: ChildProcess;
  pid: number;
  /** Everything the server has written to stdout and stderr so far. */
  output: () => string;
}

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
    ...(dialect === 'postgres' ? { DATABASE_URL: databaseUrl } : {}),
  };
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], {
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
export async function request(
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

/** Nearest-rank percentile of ascending `sorted`; NaN when it is empty. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

/** Peak resident memory of a running process so far (Linux VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}
