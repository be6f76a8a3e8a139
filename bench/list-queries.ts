/**
 * The list endpoint at scale, judged on both dialects (docs/decisions/0019). Every query shape the
 * list screen makes (first, middle and last pages; estado; "mis inscripciones"; CI, and a one-digit CI; enrolment number; name
 * search with many, few and no matches; two words; a sibling's name; sorts; a date range; an earlier cycle),
 * over HTTP against the real server, `rounds` rounds of `requests` sequential requests each: the p50 and p95
 * (the median over the rounds, with the rounds' min–max of the p95), and beside it the same query run
 * in-process (service + SQL + its access-log entry, no HTTP) on the same database. Then the CI lookup alone on a 10,000-record
 * database, to compare its cost at both sizes. Exits 1 when a goal is missed:
 *   - every shape p95 < 50 ms (< 100 ms from 1,000,000 records);
 *   - the last page's p95 within 3× the first page's;
 *   - the CI lookup's in-process p50 at `count` within 1.5× (or 0.5 ms) of its p50 at 10,000.
 *
 *   node bench/list-queries.ts [count=100000] [requests=60] [rounds=3] [cycles=3]
 *
 * SQLite always (a temporary folder), unless BENCH_ONLY=postgres; PostgreSQL too when BENCH_DATABASE_URL (or
 * `--pg=URL`) names a database whose name contains "bench" (its tables are dropped and recreated). Ports
 * are free ones chosen by the system.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_list node bench/list-queries.ts
 * Seeding 1,000,000 records takes longer than measuring them: with BENCH_REUSE=1 a PostgreSQL database that
 * already holds exactly `count` enrolments is measured as it is, and BENCH_SMALL_DATABASE_URL gives the
 * 10,000-record CI comparison its own database so the large one survives for the next run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { nombreDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { ZInscriptoListQuery } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/cli/seed/seed.ts';
import { findActual, insertCiclo } from '../packages/server/src/data/ciclos/ciclos-repository.ts';
import { listInscriptos } from '../packages/server/src/features/inscriptos/inscriptos-read-service.ts';
import type { SessionActor } from '../packages/server/src/lib/authorization.ts';
import type { AppContext } from '../packages/server/src/domain/context.ts';
import { PAGE_SIZE, allShapes, ciOnly, type Ctx, type Shape } from './list-shapes.ts';
import { apiClient, baseUrl, freePort, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 60);
const rounds = Number(process.argv[4] ?? 3);
const cycles = Number(process.argv[5] ?? 3);
const SMALL = 10_000;
const WARMUP = 10;
const budgetMs = count >= 1_000_000 ? 100 : 50;
const PASSWORD = 'clave-bench-1';
const VOLUNTARIA = 'voluntaria1';
/** Four creators: the voluntaria owns about a quarter of the records ("Mis inscripciones"). */
const USERNAMES = ['admin', VOLUNTARIA, 'voluntario2', 'voluntaria3'];
const pgUrl = process.argv.find((a) => a.startsWith('--pg='))?.slice(5) || process.env.BENCH_DATABASE_URL || undefined;
const pgSmallUrl = process.env.BENCH_SMALL_DATABASE_URL || pgUrl;
const reuse = process.env.BENCH_REUSE === '1';

interface Result {
  shape: string;
  dialect: Dialect;
  p50: number;
  p95: number;
  p95min: number;
  p95max: number;
  inProcessP50: number;
  inProcessP95: number;
  total: number;
}

/** The database a run of `n` records uses: its own folder on SQLite, one of the two URLs on PostgreSQL. */
const urlFor = (dialect: Dialect, n: number) =>
  dialect === 'postgres' ? (n === SMALL ? pgSmallUrl : pgUrl) : undefined;

async function alreadySeeded(dialect: Dialect, dataDir: string, n: number): Promise<boolean> {
  if (!reuse || dialect !== 'postgres') return false;
  const { db } = openDatabase({ dataDir, databaseUrl: urlFor(dialect, n) });
  try {
    const { rows } = await sql<{ n: string }>`select count(*) as n from inscriptos`.execute(db);
    return Number(rows[0]?.n) === n;
  } catch {
    return false; // no tables yet
  } finally {
    await db.destroy();
  }
}

async function seed(dialect: Dialect, dataDir: string, n: number): Promise<void> {
  if (await alreadySeeded(dialect, dataDir, n)) {
    console.error(`${dialect}: reusing the ${n} enrolments already in the database (BENCH_REUSE=1)`);
    return;
  }
  if (dialect === 'postgres') await resetPostgres(urlFor(dialect, n)!);
  const { db } = openDatabase({ dataDir, databaseUrl: urlFor(dialect, n) });
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const actual = await findActual(db);
    const years = Array.from({ length: cycles }, (_, i) => actual.anio_ingreso - cycles + 1 + i);
    for (const [i, anio] of years.entries()) {
      let cicloId = actual.id;
      if (anio !== actual.anio_ingreso) {
        cicloId = randomUUID();
        const stamp = new Date().toISOString();
        await insertCiclo(db, {
          ...actual,
          id: cicloId,
          nombre: nombreDeCiclo(anio),
          anio_ingreso: anio,
          estado: 'cerrado',
          actual: 0,
          ultimo_numero: 0,
          creado_en: stamp,
          actualizado_en: stamp,
        });
      }
      const share = Math.floor(n / cycles) + (i < n % cycles ? 1 : 0);
      await seedInscriptos(db, { count: share, today: new Date(), usernames: USERNAMES, seed: i + 1, cicloId });
    }
    console.error(`${dialect}: seeded ${n} enrolments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A maintained PostgreSQL (autovacuum) soon vacuums and analyses new rows; do it now rather than wait.
    // SQLite is left as the server leaves it (no ANALYZE), which is what production runs with.
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}

const login = async (api: ReturnType<typeof apiClient>['api'], username: string) =>
  (await api('POST', '/api/auth/login', undefined, { username, password: PASSWORD })).token as string;

async function timed(fn: () => Promise<unknown>, n: number): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Starts the server on `dataDir`, measures `shapes` (HTTP and in-process), stops it. */
async function measure(
  dialect: Dialect,
  dataDir: string,
  n: number,
  build: (ctx: Ctx) => Promise<Shape[]>,
): Promise<Result[]> {
  const port = await freePort();
  const base = baseUrl(port);
  const { api, request } = apiClient(base);
  const server = await startServer({
    port,
    dataDir,
    adminPassword: PASSWORD,
    dialect,
    databaseUrl: urlFor(dialect, n),
    startTimeoutMs: 180_000,
  });
  const { db } = openDatabase({ dataDir, databaseUrl: urlFor(dialect, n) });
  try {
    const admin = await login(api, 'admin');
    const created = await request('POST', '/api/users', admin, {
      username: VOLUNTARIA,
      password: PASSWORD,
      nombre: 'Voluntaria Uno',
      email: `${VOLUNTARIA}@escuela.edu.uy`,
      role: 'voluntario',
    });
    // 409: a reused database (BENCH_REUSE=1) has her already.
    if (created.status !== 201 && created.status !== 409) throw new Error(`POST /api/users: ${created.text}`);
    const tokens = { admin, voluntaria: await login(api, VOLUNTARIA) };
    const actors: Record<Shape['who'], SessionActor> = {
      admin: { id: '', username: 'admin', role: 'administrador', nombre: '', email: '' } as SessionActor,
      voluntaria: { id: '', username: VOLUNTARIA, role: 'voluntario', nombre: '', email: '' } as SessionActor,
    };
    const ctx = { db, dialect, clock: () => new Date() } as AppContext;
    const shapes = await build({ api: (url) => api('GET', url, admin), dataDir, databaseUrl: urlFor(dialect, n) });
    const results: Result[] = [];
    for (const shape of shapes) {
      const get = async () => {
        const res = await fetch(`${base}${shape.url}`, { headers: { authorization: `Bearer ${tokens[shape.who]}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`GET ${shape.url}: ${res.status} ${text}`);
        return text;
      };
      const query = ZInscriptoListQuery.parse(Object.fromEntries(new URL(shape.url, base).searchParams));
      // As over HTTP, each page read is one entry in the access log (the personal-data boundary).
      const inProcess = () => listInscriptos(ctx, actors[shape.who], query, '127.0.0.1');
      const p50s: number[] = [];
      const p95s: number[] = [];
      const local: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const http = await timed(get, requests);
        p50s.push(percentile(http, 50));
        p95s.push(percentile(http, 95));
        local.push(...(await timed(inProcess, Math.ceil(requests / 2))));
      }
      local.sort((a, b) => a - b);
      const total = (JSON.parse(await get()) as { total: number }).total;
      results.push({
        shape: shape.name,
        dialect,
        p50: median(p50s),
        p95: median(p95s),
        p95min: Math.min(...p95s),
        p95max: Math.max(...p95s),
        inProcessP50: percentile(local, 50),
        inProcessP95: percentile(local, 95),
        total,
      });
      console.error(`${dialect}: ${shape.name} (${shape.url}) done`);
    }
    return results;
  } finally {
    await db.destroy();
    await stopServer(server);
  }
}

async function run(dialect: Dialect, n: number, build: (ctx: Ctx) => Promise<Shape[]>): Promise<Result[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-list-'));
  try {
    await seed(dialect, dataDir, n);
    return await measure(dialect, dataDir, n, build);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = [
  ...(process.env.BENCH_ONLY === 'postgres' ? [] : (['sqlite'] as const)),
  ...(pgUrl ? (['postgres'] as const) : []),
];
const results: Result[] = [];
const small: Result[] = [];
for (const dialect of dialects) {
  results.push(...(await run(dialect, count, allShapes)));
  small.push(...(await run(dialect, SMALL, ciOnly)));
}

const ms = (x: number) => x.toFixed(1);
console.log(
  `\n${count} enrolments over ${cycles} cycles (the current one listed), ${rounds} rounds × ${requests} sequential ` +
    `requests per shape after ${WARMUP} warm-up, page size ${PAGE_SIZE}, ${os.cpus().length} CPUs, load average ` +
    `${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}\n`,
);
console.log('| shape | dialect | HTTP p50 ms | HTTP p95 ms (rounds min–max) | in-process p50 / p95 ms | total |');
console.log('|---|---|---:|---:|---:|---:|');
for (const shape of [...new Set(results.map((r) => r.shape))]) {
  for (const r of results.filter((x) => x.shape === shape)) {
    console.log(
      `| ${r.shape} | ${r.dialect} | ${ms(r.p50)} | ${ms(r.p95)} (${ms(r.p95min)}–${ms(r.p95max)}) | ` +
        `${ms(r.inProcessP50)} / ${ms(r.inProcessP95)} | ${r.total} |`,
    );
  }
}

const missed: string[] = [];
for (const r of results)
  if (r.p95 >= budgetMs) missed.push(`${r.dialect} ${r.shape}: p95 ${ms(r.p95)} ms ≥ ${budgetMs}`);
console.log('\n| check | dialect | figures | met |');
console.log('|---|---|---|---|');
for (const dialect of dialects) {
  const of = (name: string) => results.find((r) => r.dialect === dialect && r.shape === name)!;
  const [firstPage, lastPage] = [of('first page'), of('last page')];
  const ratio = lastPage.p95 / firstPage.p95;
  const pagesOk = ratio <= 3;
  console.log(
    `| last page p95 within 3× the first | ${dialect} | ${ms(lastPage.p95)} / ${ms(firstPage.p95)} = ${ratio.toFixed(2)}× | ${pagesOk ? 'yes' : 'NO'} |`,
  );
  if (!pagesOk) missed.push(`${dialect}: last page ${ratio.toFixed(2)}× the first`);
  const big = results.find((r) => r.dialect === dialect && r.shape.startsWith('CI'))!;
  const little = small.find((r) => r.dialect === dialect)!;
  const ciOk = big.inProcessP50 <= Math.max(little.inProcessP50 * 1.5, little.inProcessP50 + 0.5);
  console.log(
    `| CI lookup in-process p50 at ${count} vs ${SMALL} | ${dialect} | ${ms(big.inProcessP50)} vs ${ms(little.inProcessP50)} ms ` +
      `(HTTP p50 ${ms(big.p50)} vs ${ms(little.p50)}) | ${ciOk ? 'yes' : 'NO'} |`,
  );
  if (!ciOk)
    missed.push(
      `${dialect}: CI lookup ${ms(big.inProcessP50)} ms at ${count} vs ${ms(little.inProcessP50)} at ${SMALL}`,
    );
}
console.log(`\nEvery shape p95 < ${budgetMs} ms: ${results.every((r) => r.p95 < budgetMs) ? 'yes' : 'NO'}`);
if (missed.length) {
  console.log(`\nGoals missed:\n- ${missed.join('\n- ')}`);
  process.exitCode = 1;
}
