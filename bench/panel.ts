/**
 * The director's panel: GET /api/panel latency at many enrolments, over HTTP against the real
 * server, with the in-process SQL of its counts beside it. SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL is set (its database name must contain "bench": its tables are dropped).
 * Goal: p95 < 100 ms at 100,000 enrolments on SQLite. Exits 1 when a goal is missed.
 *
 *   node bench/panel.ts [count=100000] [requests=100] [rounds=3]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_panel node bench/panel.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/cli/seed/seed.ts';
import { findActual } from '../packages/server/src/data/ciclos/ciclos-repository.ts';
import { panelCounts } from '../packages/server/src/data/inscriptos/panel-reads.ts';
import { apiClient, baseUrl, freePort, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 100);
const rounds = Number(process.argv[4] ?? 3);
const WARMUP = 10;
const GOAL_MS = 100;
const PASSWORD = 'clave-bench-1';
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;

interface Result {
  dialect: Dialect;
  p50: number[];
  p95: number[];
  sql: number[];
}

async function prepare(dialect: Dialect, dataDir: string): Promise<void> {
  if (dialect === 'postgres') await resetPostgres(pgUrl!);
  const { db } = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined });
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const actual = await findActual(db);
    const seeded = await seedInscriptos(db, {
      count,
      today: new Date(),
      usernames: ['admin', 'voluntaria1', 'voluntario2', 'voluntaria3'],
      seed: 1,
      cicloId: actual.id,
    });
    console.error(`${dialect}: seeded ${seeded.inserted} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** The counts' SQL alone, in this process: what the HTTP time is made of. */
async function sqlTimes(dialect: Dialect, dataDir: string): Promise<number[]> {
  const { db } = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined });
  try {
    const { id } = await findActual(db);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await panelCounts(db, id);
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  } finally {
    await db.destroy();
  }
}

async function run(dialect: Dialect): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-panel-'));
  try {
    await prepare(dialect, dataDir);
    const port = await freePort();
    const base = baseUrl(port);
    const { api } = apiClient(base);
    const server = await startServer({ port, dataDir, adminPassword: PASSWORD, dialect, databaseUrl: pgUrl });
    const result: Result = { dialect, p50: [], p95: [], sql: [] };
    try {
      const token = (await api('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD }))
        .token as string;
      const get = async () => {
        const res = await fetch(`${base}/api/panel`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { tarjetas: { total: number } };
        if (res.status !== 200 || body.tarjetas.total !== count) throw new Error(`GET /api/panel: ${res.status}`);
      };
      for (let i = 0; i < WARMUP; i++) await get();
      for (let r = 0; r < rounds; r++) {
        const times: number[] = [];
        for (let i = 0; i < requests; i++) {
          const started = performance.now();
          await get();
          times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        result.p50.push(percentile(times, 50));
        result.p95.push(percentile(times, 95));
      }
    } finally {
      await stopServer(server);
    }
    const sqlSorted = await sqlTimes(dialect, dataDir);
    result.sql = [percentile(sqlSorted, 50), percentile(sqlSorted, 95)];
    return result;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const results: Result[] = [];
for (const dialect of dialects) results.push(await run(dialect));

const ms = (x: number) => x.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[]) => `${ms(Math.min(...xs))}–${ms(Math.max(...xs))}`;
console.log(
  `\nGET /api/panel, ${count} enrolments in the current cycle, ${rounds} rounds of ${requests} sequential requests ` +
    `after ${WARMUP} warm-up; ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}\n`,
);
console.log(
  '| dialect | p50 ms (median, min–max of rounds) | p95 ms (median, min–max) | SQL in-process p50 / p95 ms |',
);
console.log('|---|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.dialect} | ${ms(median(r.p50))} (${spread(r.p50)}) | ${ms(median(r.p95))} (${spread(r.p95)}) | ${ms(r.sql[0]!)} / ${ms(r.sql[1]!)} |`,
  );
}
const missed = results.filter((r) => r.dialect === 'sqlite' && median(r.p95) >= GOAL_MS);
console.log(missed.length ? `\nSQLite p95 < ${GOAL_MS} ms: NO` : `\nSQLite p95 < ${GOAL_MS} ms: yes`);
if (missed.length) process.exitCode = 1;
