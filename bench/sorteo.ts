/**
 * Raffle latency (issue "sorteo", docs/decisions/0008): with `participants` finalised enrolments (default
 * 5,000 children, seeded with seedInscriptos, sibling groups and children with siblings in primary included),
 * against the real server over HTTP: POST /api/sorteo/start (freezes and hashes the list), the first POST next
 * (computes and stores the whole plan), then `draws` pairs of POST next + POST confirm as the operator's screen
 * makes them, and the board (GET participants) at the end. SQLite always; PostgreSQL too when
 * BENCH_DATABASE_URL is set (its database name must contain "bench": its tables are dropped).
 * Budget: start under 1 s, p95 of next + confirm under 50 ms (exit 1 otherwise).
 *
 *   node bench/sorteo.ts [participants=5000] [draws=1000]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_sorteo node bench/sorteo.ts
 */
import os from 'node:os';
import type { Dialect } from '../packages/server/src/db/database.ts';
import { apiClient, baseUrl, login, onEachDialect, percentile } from './bench-server.ts';
import { seedFinalised } from './bench-seed.ts';

const participants = Number(process.argv[2] ?? 5000);
const draws = Number(process.argv[3] ?? 1000);
const WARMUP = 10;
const START_BUDGET_MS = 1000;
const DRAW_BUDGET_MS = 50;
const PASSWORD = 'clave-bench-1';
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;

interface Outcome {
  dialect: Dialect;
  children: number;
  units: number;
  groups: number;
  primaria: number;
  startMs: number;
  warmStartMs: number;
  firstNextMs: number;
  p50: number;
  p95: number;
  max: number;
  measured: number;
  boardMs: number;
  boardKb: number;
}

async function measure(dialect: Dialect, port: number): Promise<Outcome> {
  const { api, apiText } = apiClient(baseUrl(port));
  const token = await login(api, PASSWORD);
  let t = performance.now();
  const start = await api('POST', '/api/sorteo/start', token, {
    fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 3, cifras: 4 },
  });
  const startMs = performance.now() - t;
  await api('POST', '/api/sorteo/valor-publico', token, {
    valor: 'Quiniela: 1234 5678 9012',
    origen: 'Quiniela nocturna, tres primeros números',
  });
  t = performance.now();
  let next = await api('POST', '/api/sorteo/next', token);
  const firstNextMs = performance.now() - t;
  const latencies: number[] = [];
  const total = Math.min(draws + WARMUP, start.total as number);
  // Pair 0 reuses the next that computed the plan; it is part of the warm-up, not measured.
  for (let i = 0; i < total; i++) {
    t = performance.now();
    if (i > 0) next = await api('POST', '/api/sorteo/next', token);
    await api('POST', '/api/sorteo/confirm', token, { participante: next.participante });
    if (i >= WARMUP) latencies.push(performance.now() - t);
  }
  t = performance.now();
  const board = await apiText('GET', '/api/sorteo/participants');
  JSON.parse(board); // timed as before: until the board has been read and parsed
  const boardMs = performance.now() - t;
  // Ended before its last draw: annulled, with a reason.
  await api('POST', '/api/sorteo/end', token, { motivo: 'Medición de rendimiento' });
  // A second start on the now warm server (the first one above ran on a server that had just started).
  t = performance.now();
  await api('POST', '/api/sorteo/start', token, {
    confirmarNuevo: true,
    fuenteValorPublico: { tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 3, cifras: 4 },
  });
  const warmStartMs = performance.now() - t;
  await api('POST', '/api/sorteo/end', token, { motivo: 'Medición de rendimiento' });
  latencies.sort((a, b) => a - b);
  return {
    dialect,
    children: start.estadisticas.total,
    units: start.total,
    groups: start.estadisticas.gruposHermanos,
    primaria: start.estadisticas.hermanosPrimaria,
    startMs,
    warmStartMs,
    firstNextMs,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: latencies.at(-1) ?? NaN,
    measured: latencies.length,
    boardMs,
    boardKb: board.length / 1024,
  };
}

const outcomes = await onEachDialect(
  { pgUrl, adminPassword: PASSWORD, seed: (db) => seedFinalised(db, participants) },
  measure,
);

console.log(
  `\nRaffle with ${participants} finalised children, ${draws} draws measured after ${WARMUP} warm-up, ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}\n`,
);
console.log(
  '| dialect | children | draws (units) | groups | primaria | start ms (again) | first next (plan) ms | next+confirm p50 ms | p95 ms | max ms | board ms (KB) |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const o of outcomes) {
  console.log(
    `| ${o.dialect} | ${o.children} | ${o.units} | ${o.groups} | ${o.primaria} | ${o.startMs.toFixed(0)} (${o.warmStartMs.toFixed(0)}) | ` +
      `${o.firstNextMs.toFixed(0)} | ${o.p50.toFixed(1)} | ${o.p95.toFixed(1)} | ${o.max.toFixed(1)} | ` +
      `${o.boardMs.toFixed(0)} (${o.boardKb.toFixed(0)}) |`,
  );
}
const failed = outcomes.filter((o) => o.startMs >= START_BUDGET_MS || o.p95 >= DRAW_BUDGET_MS);
console.log(
  failed.length
    ? `\nOVER BUDGET (start < ${START_BUDGET_MS} ms, p95 < ${DRAW_BUDGET_MS} ms): ${failed.map((o) => o.dialect).join(', ')}`
    : `\nstart < ${START_BUDGET_MS} ms and next+confirm p95 < ${DRAW_BUDGET_MS} ms: OK`,
);
if (failed.length) process.exitCode = 1;
