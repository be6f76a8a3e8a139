/**
 * Possible duplicates over HTTP at scale: the real server on `count` seeded enrolments (default
 * 100,000), SQLite in a temporary folder (BENCH_SEED_CACHE=dir reuses the database bench/search-browser.ts
 * seeds there; PostgreSQL with BENCH_DATABASE_URL naming a database called bench…). Prints the first request
 * after start (detection runs: cold) with the worst /api/health latency meanwhile (polled every 50 ms: how long
 * the server stopped answering), then `rounds` warm requests of the sidebar's count (`?limite=0`) and of the
 * first page of groups (the list is paged): p50, p95 and min–max, and the bytes. Then `rounds` writes, each followed by the count as the next
 * admin page asks for it: a copy of one child saved (a new pair, the count must grow by one) and deleted again
 * (it must shrink back), with /api/health polled every 10 ms meanwhile (its p95 and worst over all the writes);
 * then `rounds` form checks (`POST /api/duplicados/verificar`) of generated children. Exit 1 when the warm
 * count's, the count after a write's or the check's p95 is ≥ 100 ms, or a count after a write is wrong.
 *
 *   node bench/duplicados-http.ts [count=100000] [rounds=30]
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { generateInscriptos } from '../packages/server/src/cli/seed/generate.ts';
import { apiClient, baseUrl, freePort, percentile, startServer, stopServer } from './bench-server.ts';
import { seededDataDir } from './bench-seed.ts';

const count = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 30);
const GOAL_COUNT_P95_MS = 100;
const PASSWORD = 'clave-bench-1';
const databaseUrl = process.env.BENCH_DATABASE_URL;
const seedCache = process.env.BENCH_SEED_CACHE;

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

const spread = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, min–max ${ms(sorted[0]!)}–${ms(sorted.at(-1)!)}`;
};

/** Runs `work` while /api/health is asked every `everyMs`; the health latencies go to `health`. */
async function withHealthPolled<T>(base: string, everyMs: number, health: number[], work: () => Promise<T>) {
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/health`);
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    return await work();
  } finally {
    done = true;
    await poll;
  }
}

async function timed(base: string, url: string, token: string) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text}`);
  return { ms: performance.now() - started, bytes: text.length, total: (JSON.parse(text) as { total: number }).total };
}

// The same data as bench/search-browser.ts, so one BENCH_SEED_CACHE serves both.
const dataDir = await seededDataDir({
  n: count,
  seed: 20,
  label: 'duplicados',
  databaseUrl,
  cacheDir: seedCache,
  cacheKey: `search-${count}`,
});
const port = await freePort();
const base = baseUrl(port);
const server = await startServer({
  port,
  dataDir,
  adminPassword: PASSWORD,
  dialect: databaseUrl ? 'postgres' : 'sqlite',
  databaseUrl,
  startTimeoutMs: 180_000,
});
let failed = false;
try {
  const { api } = apiClient(base);
  const { token } = (await api('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD })) as {
    token: string;
  };
  // Cold: the first count detects; /api/health is polled meanwhile.
  let done = false;
  let worstHealth = 0;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await fetch(`${base}/api/health`);
      worstHealth = Math.max(worstHealth, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const cold = await timed(base, '/api/duplicados?limite=0', token);
  done = true;
  await poll;
  console.log(
    `${count} enrolments (${databaseUrl ? 'PostgreSQL' : 'SQLite'}), ${cold.total} open groups; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`cold count (detection): ${ms(cold.ms)}; worst /api/health meanwhile ${ms(worstHealth)}`);
  for (const [label, url] of [
    ['count (?limite=0)', '/api/duplicados?limite=0'],
    ['first page of groups', '/api/duplicados'],
  ] as const) {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < rounds; i++) {
      const r = await timed(base, url, token);
      samples.push(r.ms);
      bytes = r.bytes;
    }
    samples.sort((a, b) => a - b);
    const p95 = percentile(samples, 95);
    console.log(
      `warm ${label}: p50 ${ms(percentile(samples, 50))}, p95 ${ms(p95)}, min–max ${ms(samples[0]!)}–${ms(samples.at(-1)!)} ` +
        `over ${rounds}; ${(bytes / 1024).toFixed(0)} KB`,
    );
    if (url.endsWith('limite=0') && p95 >= GOAL_COUNT_P95_MS) {
      console.error(`bench/duplicados-http: warm count p95 ${ms(p95)} ≥ ${GOAL_COUNT_P95_MS} ms`);
      failed = true;
    }
  }
  // Writes, each followed by the count: a copy of one child (no CI, its first name in capitals) makes a pair.
  const [generated] = [...generateInscriptos({ count: 1, today: new Date(), seed: 99 })];
  const { hermanosInscriben: _h, ci: _ci, ...form } = generated!.datos;
  const original = { ...form, nombre1: 'Benchmarina', cantidadHermanosInscriben: 0 };
  await api('POST', '/api/inscriptos', token, original);
  const before = (await timed(base, '/api/duplicados?limite=0', token)).total;
  const afterWrite: number[] = [];
  const health: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const copy = (await api('POST', '/api/inscriptos', token, { ...original, nombre1: 'BENCHMARINA' })) as {
      id: string;
    };
    for (const [write, expected] of [
      [null, before + 1],
      [() => api('DELETE', `/api/inscriptos/${copy.id}`, token), before],
    ] as const) {
      if (write) await write();
      const r = await withHealthPolled(base, 10, health, () => timed(base, '/api/duplicados?limite=0', token));
      afterWrite.push(r.ms);
      if (r.total !== expected) {
        console.error(`bench/duplicados-http: count ${r.total} after a write, expected ${expected}`);
        failed = true;
      }
    }
  }
  console.log(`count right after a write (${afterWrite.length}): ${spread(afterWrite)}`);
  console.log(`/api/health meanwhile (${health.length} requests): ${spread(health)}`);
  // The form's check of generated children (names, birth dates and CIs like the seeded ones).
  const checks: number[] = [];
  for (const g of generateInscriptos({ count: rounds, today: new Date(), seed: 98 })) {
    const d = g.datos;
    const body = {
      nombre1: d.nombre1,
      apellido1: d.apellido1,
      apellido2: d.apellido2,
      fechaNacimiento: d.fechaNacimiento,
      ci: d.ci,
    };
    const started = performance.now();
    await api('POST', '/api/duplicados/verificar', token, body);
    checks.push(performance.now() - started);
  }
  console.log(`verificar (${checks.length}): ${spread(checks)}`);
  for (const [label, samples] of [
    ['count after a write', afterWrite],
    ['verificar', checks],
  ] as const) {
    const p95 = percentile(
      [...samples].sort((a, b) => a - b),
      95,
    );
    if (p95 >= GOAL_COUNT_P95_MS) {
      console.error(`bench/duplicados-http: ${label} p95 ${ms(p95)} ≥ ${GOAL_COUNT_P95_MS} ms`);
      failed = true;
    }
  }
  const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
  console.log(`server resident memory ${(Number(rss) / 1024).toFixed(0)} MB`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
