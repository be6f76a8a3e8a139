/**
 * List endpoint latency with many enrolments (issue "benchmarks"): p50 and p95 over HTTP of the queries
 * the list screen makes, against the real server on a database seeded with seedInscriptos. SQLite always;
 * PostgreSQL too when BENCH_DATABASE_URL is set (its database name must contain "bench": its tables are
 * dropped and recreated). Budget: p95 under 50 ms for every query on SQLite.
 *
 *   node bench/list-queries.ts [count=100000] [requests=200] [cycles=3]
 *
 * The enrolments are spread evenly over `cycles` admission cycles (docs/decisions/0014): the current one and
 * the years before it; the list queries the current cycle, and one query reads an earlier one (`?ciclo=`).
 * BENCH_PORT chooses the server's port (default 3310).
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_list node bench/list-queries.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/seed/seed.ts';
import { findActual, insertCiclo } from '../packages/server/src/ciclos-store/ciclos-repository.ts';
import { nombreDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { randomUUID } from 'node:crypto';
import { apiClient, baseUrl, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 100_000);
const requests = Number(process.argv[3] ?? 200);
const cycles = Number(process.argv[4] ?? 3);
const WARMUP = 20;
const BUDGET_MS = 50;
const PAGE_SIZE = 10; // the list's default page size
const port = Number(process.env.BENCH_PORT ?? 3310);
const base = baseUrl(port);
const { api } = apiClient(base);
const PASSWORD = 'clave-bench-1';
const VOLUNTARIA = 'voluntaria1';
/** Four creators: the voluntaria owns about a quarter of the records ("Mis inscripciones"). */
const USERNAMES = ['admin', VOLUNTARIA, 'voluntario2', 'voluntaria3'];
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;

interface Row {
  query: string;
  dialect: Dialect;
  p50: number;
  p95: number;
  total: number;
}

async function prepare(dialect: Dialect, dataDir: string): Promise<void> {
  if (dialect === 'postgres') await resetPostgres(pgUrl!);
  const { db } = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined });
  try {
    await migrateToLatest(db);
    const started = performance.now();
    const actual = await findActual(db);
    const earlier = Array.from({ length: cycles - 1 }, (_, i) => actual.anio_ingreso - cycles + 1 + i);
    let inserted = 0;
    for (const [i, anio] of [...earlier, actual.anio_ingreso].entries()) {
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
      const share = Math.floor(count / cycles) + (i < count % cycles ? 1 : 0);
      const seeded = await seedInscriptos(db, {
        count: share,
        today: new Date(),
        usernames: USERNAMES,
        seed: i + 1,
        cicloId,
      });
      inserted += seeded.inserted;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.error(`${dialect}: seeded ${inserted} enrolments over ${cycles} cycles in ${seconds} s`);
    // A maintained PostgreSQL (autovacuum) would soon vacuum and analyse the new rows: counts then use
    // index-only scans. Do it now rather than wait, or depend on autovacuum being on. SQLite is left as the
    // server leaves it (no ANALYZE), which is what production runs with.
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
}

const login = async (username: string) =>
  (await api('POST', '/api/auth/login', undefined, { username, password: PASSWORD })).token as string;

/** `requests` sequential requests; each timed until its body has been read. */
async function measure(url: string, token: string): Promise<{ p50: number; p95: number; total: number }> {
  const get = async () => {
    const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text}`);
    return text;
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    last = await get();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), total: JSON.parse(last).total as number };
}

async function run(dialect: Dialect): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-list-'));
  try {
    await prepare(dialect, dataDir);
    const server = await startServer({ port, dataDir, adminPassword: PASSWORD, dialect, databaseUrl: pgUrl });
    try {
      const admin = await login('admin');
      await api('POST', '/api/users', admin, {
        username: VOLUNTARIA,
        password: PASSWORD,
        nombre: 'Voluntaria Uno',
        email: `${VOLUNTARIA}@escuela.edu.uy`,
        role: 'voluntario',
      });
      const voluntaria = await login(VOLUNTARIA);
      const first = await api('GET', '/api/inscriptos', admin);
      const lastPage = Math.ceil(first.total / PAGE_SIZE);
      // A real CI's first 7 digits, typed with dots as staff do ("6.123.456").
      const ciPrefix = formatCi((first.items[0].ci as string).slice(0, 7));
      const queries: [string, string, string][] = [
        ['first page', '/api/inscriptos', admin],
        ['last page', `/api/inscriptos?page=${lastPage}`, admin],
        ['name search (q=martinez)', '/api/inscriptos?q=martinez', admin],
        ['CI search (q=X.XXX.XXX)', `/api/inscriptos?q=${encodeURIComponent(ciPrefix)}`, admin],
        ['estado filter (pendiente)', '/api/inscriptos?estado=pendiente', admin],
        ['mias filter (voluntaria)', '/api/inscriptos?mias=true', voluntaria],
      ];
      const older = (await api('GET', '/api/ciclos', admin)).items.find((c: { actual: boolean }) => !c.actual);
      if (older) queries.push(['earlier cycle, first page (?ciclo=)', `/api/inscriptos?ciclo=${older.id}`, admin]);
      const rows: Row[] = [];
      for (const [query, url, token] of queries) {
        rows.push({ query, dialect, ...(await measure(url, token)) });
        console.error(`${dialect}: ${query} done${query.startsWith('CI') ? ` (q=${ciPrefix})` : ''}`);
      }
      return rows;
    } finally {
      await stopServer(server);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const rows: Row[] = [];
for (const dialect of dialects) rows.push(...(await run(dialect)));

const ms = (x: number) => x.toFixed(1);
console.log(
  `\n${count} enrolments over ${cycles} cycles (the current one listed), ${requests} sequential requests per query after ${WARMUP} warm-up, page size ${PAGE_SIZE}, ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}\n`,
);
console.log('| query | dialect | p50 ms | p95 ms | result total |');
console.log('|---|---|---:|---:|---:|');
const order = [...new Set(rows.map((r) => r.query))];
for (const query of order) {
  for (const r of rows.filter((x) => x.query === query)) {
    console.log(`| ${r.query} | ${r.dialect} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.total} |`);
  }
}
const over = rows.filter((r) => r.dialect === 'sqlite' && r.p95 >= BUDGET_MS);
console.log(
  over.length
    ? `\nSQLite p95 under ${BUDGET_MS} ms for every query: NO (over: ${over.map((r) => r.query).join(', ')})`
    : `\nSQLite p95 under ${BUDGET_MS} ms for every query: yes`,
);
