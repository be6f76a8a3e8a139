/**
 * Possible duplicates at the worst shape: many children with one name and birth date. The real server
 * on an empty database (SQLite in a temporary folder; PostgreSQL with BENCH_DATABASE_URL naming a database called
 * bench…, emptied first): a real import of `stored` look-alike rows (default 2,000), the first list after it
 * (detection), warm counts and pages, an import preview of `preview` look-alike rows more (default 20,000), the
 * form's check of one more, and resolving the group. /api/health is asked every 10 ms throughout. Prints each
 * step's time and bytes, /api/health's p50 / p95 / worst, and the server's peak resident memory. Exit 1 when the
 * server stops, /api/health's p95 is ≥ 100 ms, the peak is ≥ 500 MB, or the look-alikes are not one group.
 *
 *   node bench/duplicados-grupos-http.ts [stored=2000] [preview=20000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { validCi } from '../packages/shared/src/test/duplicados-fixture.ts';
import { multipartOf, workbookOf } from '../packages/server/src/test/xlsx-fixtures.ts';
import { baseUrl, freePort, peakRssMb, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const stored = Number(process.argv[2] ?? 2_000);
const previewRows = Number(process.argv[3] ?? 20_000);
const GOAL_HEALTH_P95_MS = 100;
const GOAL_PEAK_RSS_MB = 500;
const PASSWORD = 'clave-bench-1';
const databaseUrl = process.env.BENCH_DATABASE_URL;

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const spread = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, worst ${ms(sorted.at(-1)!)} (${sorted.length} requests)`;
};

/** Rows of look-alikes: one name and birth date, each its own valid CI (`from` + i as its first 7 digits). */
function lookAlikes(n: number, from: number): Buffer {
  const year = new Date().getFullYear() - 6;
  const rows: unknown[][] = [['nombre1', 'apellido1', 'apellido2', 'ci', 'fechaNacimiento', 'sexo']];
  for (let i = 0; i < n; i++) rows.push(['Lucía', 'Pérez', 'Sosa', validCi(String(from + i)), `14/03/${year}`, 'F']);
  return workbookOf(rows);
}

if (databaseUrl) await resetPostgres(databaseUrl);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-'));
const port = await freePort();
const base = baseUrl(port);
const server = await startServer({
  port,
  dataDir,
  adminPassword: PASSWORD,
  dialect: databaseUrl ? 'postgres' : 'sqlite',
  databaseUrl,
  startTimeoutMs: 120_000,
});
const health: number[] = [];
let polling = true;
const poll = (async () => {
  while (polling) {
    const started = performance.now();
    try {
      await fetch(`${base}/api/health`);
    } catch {
      // counted as the time it took to fail
    }
    health.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
let failed = false;
const fail = (message: string) => {
  console.error(`bench/duplicados-grupos-http: ${message}`);
  failed = true;
};
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, url: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
    return { ms: performance.now() - started, bytes: text.length, json: JSON.parse(text) as Record<string, unknown> };
  };
  const importar = async (file: Buffer, simular: boolean) => {
    const { payload, contentType } = multipartOf('parecidos.xlsx', file);
    const started = performance.now();
    const res = await fetch(`${base}/api/inscriptos/import/excel${simular ? '?simular=true' : ''}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': contentType },
      body: payload,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`import: ${res.status} ${text.slice(0, 500)}`);
    const json = JSON.parse(text) as { imported: number; posiblesDuplicados: unknown[]; errores: unknown[] };
    if (json.imported === 0) console.error(JSON.stringify(json).slice(0, 600));
    return { ms: performance.now() - started, bytes: text.length, json };
  };

  console.log(`${databaseUrl ? 'PostgreSQL' : 'SQLite'}; load average ${os.loadavg()[0]!.toFixed(1)}`);
  const imported = await importar(lookAlikes(stored, 6_100_000), false);
  console.log(
    `import of ${stored} look-alike rows: ${ms(imported.ms)}; ${imported.json.imported} imported, ` +
      `${imported.json.posiblesDuplicados.length} rows listed as possible duplicates (${kb(imported.bytes)})`,
  );
  const first = await call('GET', '/api/duplicados');
  const grupos = first.json.items as { cantidad: number; id: string }[];
  console.log(
    `first list after it (detection): ${ms(first.ms)}; ${String(first.json.total)} open group(s), the first of ` +
      `${grupos[0]?.cantidad} children; ${kb(first.bytes)}`,
  );
  if (first.json.total !== 1 || grupos[0]?.cantidad !== stored) fail(`expected one group of ${stored}`);
  for (const [label, url] of [
    ['badge (?limite=0)', '/api/duplicados?limite=0'],
    ['page of 20 groups', '/api/duplicados?page=1&pageSize=20'],
  ] as const) {
    const samples: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 30; i++) {
      const r = await call('GET', url);
      samples.push(r.ms);
      bytes = r.bytes;
    }
    console.log(`warm ${label}: ${spread(samples)}; ${kb(bytes)}`);
  }
  const preview = await importar(lookAlikes(previewRows, 6_500_000), true);
  console.log(
    `import preview of ${previewRows} look-alike rows: ${ms(preview.ms)}; ${preview.json.posiblesDuplicados.length} ` +
      `rows listed as possible duplicates (${kb(preview.bytes)})`,
  );
  if (preview.json.posiblesDuplicados.length !== previewRows) fail('every previewed row should be listed');
  const checks: number[] = [];
  const year = new Date().getFullYear() - 6;
  for (let i = 0; i < 30; i++) {
    const r = await call('POST', '/api/duplicados/verificar', {
      nombre1: 'LUCIA',
      apellido1: 'Perez',
      apellido2: 'Sosa',
      fechaNacimiento: `${year}-03-14`,
    });
    checks.push(r.ms);
  }
  console.log(`verificar of one more look-alike: ${spread(checks)}`);
  const resolved = await call('POST', `/api/duplicados/${grupos[0]!.id}/resolver`, { decision: 'distintos' });
  const after = await call('GET', '/api/duplicados?limite=0');
  console.log(`resolving the group: ${ms(resolved.ms)}; open groups after it: ${String(after.json.total)}`);
  if (after.json.total !== 0) fail('the group should be resolved');
} catch (e) {
  fail(String(e));
} finally {
  polling = false;
  await poll;
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const peak = alive ? peakRssMb(server.pid) : NaN;
  console.log(`/api/health throughout: ${spread(health)}`);
  console.log(`server ${alive ? 'up' : 'DOWN'} at the end; peak resident memory ${peak.toFixed(0)} MB`);
  const p95 = percentile(
    [...health].sort((a, b) => a - b),
    95,
  );
  if (!alive) fail(`the server stopped:\n${server.output().slice(-2000)}`);
  if (p95 >= GOAL_HEALTH_P95_MS) fail(`/api/health p95 ${ms(p95)} ≥ ${GOAL_HEALTH_P95_MS} ms`);
  if (!(peak < GOAL_PEAK_RSS_MB)) fail(`peak resident memory ${peak.toFixed(0)} MB ≥ ${GOAL_PEAK_RSS_MB} MB`);
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);
