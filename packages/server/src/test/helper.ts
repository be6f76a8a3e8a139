import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig } from '../lib/config.ts';
import { createServer } from '../server.ts';
import type { Clock } from '../lib/clock.ts';
import { SQLITE_FILE, openDatabase, type Database, type Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { HeavyJobLimits } from '../lib/heavy-jobs.ts';
import type { OpcionesWorker } from '../domain/avisos/worker.ts';
import type { OpcionesVencimientos } from '../domain/sorteos/vencimientos-worker.ts';

/**
 * Integration tests build the whole app on a real, migrated database (DESIGN "Conventions" 8):
 * an SQLite file in a temporary folder, and the same suites on PostgreSQL when TEST_DATABASE_URL is
 * set, each suite in a schema of its own.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const DIALECTS: Dialect[] = TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export const ADMIN = { username: 'admin', password: 'clave-admin-1' } as const;

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** A second app on the same data, as after a restart or on another instance; the caller closes it. */
  reopen: () => Promise<FastifyInstance>;
  close: () => Promise<void>;
}

/** A clock tests can move forward. */
export function fakeClock(start = new Date('2026-10-01T12:00:00Z')) {
  let now = start.getTime();
  const clock: Clock = () => new Date(now);
  return { clock, advance: (ms: number) => (now += ms) };
}

export async function buildTestApp(
  dialect: Dialect,
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    /** An SQLite database file the test starts from (copied into DATA_DIR): one an earlier release made. */
    sqliteFile?: string;
    /** Runs on the empty database before the app starts (and migrates it): an earlier release's data. */
    before?: (database: Database, pgSchema: string | undefined) => Promise<void>;
    heavyJobLimits?: HeavyJobLimits;
    /** The outbox's sender (decision 0029): shorter waits than in production. */
    avisos?: Partial<OpcionesWorker>;
    /** The job that advances the season of offers (decision 0032): a shorter interval than in production. */
    vencimientos?: Partial<OpcionesVencimientos>;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-test-'));
  const pgSchema = dialect === 'postgres' ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (pgSchema) await withPg((c) => c.query(`create schema ${pgSchema}`));
  if (options.sqliteFile && !pgSchema) fs.copyFileSync(options.sqliteFile, path.join(dataDir, SQLITE_FILE));
  if (options.before) {
    const database = openDatabase({
      dataDir,
      ...(pgSchema ? { databaseUrl: TEST_DATABASE_URL!, pgSchema } : {}),
    });
    try {
      await options.before(database, pgSchema);
    } finally {
      await database.db.destroy();
    }
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    ...(pgSchema ? { DATABASE_URL: TEST_DATABASE_URL! } : {}),
    ...options.env,
  });
  const start = async () => {
    const app = await createServer(config, {
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.heavyJobLimits ? { heavyJobLimits: options.heavyJobLimits } : {}),
      ...(options.avisos ? { avisos: options.avisos } : {}),
      ...(options.vencimientos ? { vencimientos: options.vencimientos } : {}),
      ...(pgSchema ? { pgSchema } : {}),
    });
    await app.ready();
    return app;
  };
  const app = await start();
  return {
    app,
    dataDir,
    reopen: start,
    async close() {
      await app.close();
      if (pgSchema) await withPg((c) => dropSchemas(c, pgSchema));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare, unmigrated database: a temporary SQLite file, or a PostgreSQL schema of its own. */
export async function openTestDatabase(
  dialect: Dialect,
): Promise<{ db: Kysely<DB>; pgSchema: string | undefined; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-db-'));
  const pgSchema = dialect === 'postgres' ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (pgSchema) await withPg((c) => c.query(`create schema ${pgSchema}`));
  const { db } = openDatabase({
    dataDir,
    ...(pgSchema ? { databaseUrl: TEST_DATABASE_URL!, pgSchema } : {}),
  });
  return {
    db,
    pgSchema,
    async close() {
      await db.destroy();
      if (pgSchema) await withPg((c) => c.query(`drop schema ${pgSchema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The suite's schema and those of the network's other schools (named after it, decision 0036). */
async function dropSchemas(c: pg.Client, pgSchema: string) {
  const { rows } = await c.query<{ nspname: string }>(
    `select nspname from pg_namespace where nspname = $1 or nspname like $2`,
    [pgSchema, `${pgSchema}_escuela_%`],
  );
  for (const { nspname } of rows) await c.query(`drop schema "${nspname}" cascade`);
}

/** Runs `fn` on a fresh connection to TEST_DATABASE_URL (schema set-up and clean-up). */
export async function withPg<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function login(app: FastifyInstance, username: string, password: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
}

export async function tokenFor(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password);
  if (res.statusCode !== 200) throw new Error(`login of ${username} failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let seq = 0;
/** Factory for user payloads (outline's buildUser()). */
export function buildUser(overrides: Record<string, unknown> = {}) {
  seq += 1;
  const username = `usuario${seq}${crypto.randomBytes(2).toString('hex')}`;
  return {
    username,
    password: 'clave-segura-1',
    nombre: `Persona ${seq}`,
    email: `${username}@escuela.edu.uy`,
    role: 'voluntario',
    activo: true,
    ...overrides,
  };
}

/** Creates a user through the API as the administrator; returns its id and credentials. */
export async function createUser(app: FastifyInstance, adminToken: string, overrides: Record<string, unknown> = {}) {
  const payload = buildUser(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/users', headers: bearer(adminToken), payload });
  if (res.statusCode !== 201) throw new Error(`create user failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as string, username: payload.username, password: payload.password as string };
}
