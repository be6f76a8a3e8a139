/**
 * Write load (issue "benchmarks"): 50 clients, each a voluntario with an enrolment of their own, save a
 * section (PUT /api/inscriptos/{id} with the version they last got back, one field changed) as fast as they
 * can for 30 s against the real server. Afterwards every record is read back: its version must be 1 + the
 * client's successful saves, its last saved value the last one sent, its history 1 + saves entries, and the
 * audit chain intact. Budget: 0 errors, 0 lost writes (exit 1 otherwise). SQLite always; PostgreSQL too
 * when BENCH_DATABASE_URL is set (its database name must contain "bench": its tables are dropped).
 *
 *   node bench/write-load.ts [seconds=30] [clients=50]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_write node bench/write-load.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Dialect } from '../packages/server/src/db/database.ts';
import { verifyChain } from '../packages/server/src/lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../packages/server/src/data/auditoria/audit-repository.ts';
import { generateInscriptos } from '../packages/server/src/cli/seed/generate.ts';
import { apiClient, baseUrl, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const seconds = Number(process.argv[2] ?? 30);
const clients = Number(process.argv[3] ?? 50);
const port = 3320;
const { request, api } = apiClient(baseUrl(port));
const PASSWORD = 'clave-bench-1';
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;

interface ClientResult {
  id: string;
  saves: number;
  conflicts: number;
  errors: number;
  lastSaved: string | undefined;
  latencies: number[];
}

interface Outcome {
  dialect: Dialect;
  saves: number;
  savesPerSecond: number;
  p50: number;
  p95: number;
  conflicts: number;
  errors: number;
  lostWrites: number;
  audit: string;
  samples: string[];
}

const login = async (username: string) =>
  (await api('POST', '/api/auth/login', undefined, { username, password: PASSWORD })).token as string;

/** One voluntario per client, each with one enrolment of their own (generated, so realistically sized). */
async function setUp(admin: string) {
  const forms = [...generateInscriptos({ count: clients, today: new Date(), seed: 3 })];
  const setups = [];
  for (const [i, datos] of forms.entries()) {
    const username = `carga${String(i + 1).padStart(2, '0')}`;
    await api('POST', '/api/users', admin, {
      username,
      password: PASSWORD,
      nombre: `Carga ${i + 1}`,
      email: `${username}@escuela.edu.uy`,
      role: 'voluntario',
    });
    const token = await login(username);
    // Siblings would tie records together; each client's record stands alone here.
    const { hermanosInscriben: _h, ...form } = datos.datos;
    const created = await api('POST', '/api/inscriptos', token, { ...form, cantidadHermanosInscriben: 0 });
    setups.push({ token, form: { ...form, cantidadHermanosInscriben: 0 }, id: created.id as string, version: 1 });
  }
  return setups;
}

/** Saves as fast as it can until the deadline, always with the version the last save returned. */
async function client(
  s: { token: string; form: object; id: string; version: number },
  index: number,
  deadline: number,
  samples: string[],
): Promise<ClientResult> {
  const result: ClientResult = { id: s.id, saves: 0, conflicts: 0, errors: 0, lastSaved: undefined, latencies: [] };
  let version = s.version;
  for (let n = 1; performance.now() < deadline; n++) {
    const observaciones = `Cliente ${index}, guardado ${n}`;
    const started = performance.now();
    try {
      const res = await request('PUT', `/api/inscriptos/${s.id}`, s.token, { ...s.form, observaciones, version });
      result.latencies.push(performance.now() - started);
      if (res.status === 200) {
        version = JSON.parse(res.text).version as number;
        result.saves += 1;
        result.lastSaved = observaciones;
      } else if (res.status === 409) {
        result.conflicts += 1;
        version = (await api('GET', `/api/inscriptos/${s.id}`, s.token)).version as number;
      } else {
        result.errors += 1;
        if (samples.length < 5) samples.push(`${res.status} ${res.text.slice(0, 200)}`);
      }
    } catch (e) {
      result.errors += 1;
      if (samples.length < 5) samples.push(String(e));
    }
  }
  return result;
}

/** Writes that succeeded but are not in the record or its history. */
async function lostWrites(admin: string, results: ClientResult[]): Promise<number> {
  let lost = 0;
  for (const r of results) {
    const record = await api('GET', `/api/inscriptos/${r.id}`, admin);
    const history = (await api('GET', `/api/inscriptos/${r.id}/historial`, admin)) as unknown[];
    const expected = 1 + r.saves;
    const missing = Math.max(expected - record.version, expected - history.length, 0);
    const lastMissing = r.lastSaved !== undefined && record.observaciones !== r.lastSaved ? 1 : 0;
    lost += Math.max(missing, lastMissing);
    if (record.version !== expected || history.length !== expected || lastMissing) {
      console.error(`record ${r.id}: ${r.saves} saves, version ${record.version}, ${history.length} history entries`);
    }
  }
  return lost;
}

async function auditCheck(dialect: Dialect, dataDir: string): Promise<string> {
  const { db } = openDatabase({ dataDir, databaseUrl: dialect === 'postgres' ? pgUrl : undefined });
  try {
    const check = await verifyChain(allAuditEntries(db), await auditHead(db));
    return check.ok ? `intact (${check.checked} entries)` : `BROKEN at #${check.seq}: ${check.reason}`;
  } finally {
    await db.destroy();
  }
}

/** Sets up the clients, lets them save until the deadline, and counts what they got and what is stored. */
async function load(dialect: Dialect): Promise<Omit<Outcome, 'audit'>> {
  const admin = await login('admin');
  const setups = await setUp(admin);
  console.error(`${dialect}: ${clients} clients ready; saving for ${seconds} s`);
  const samples: string[] = [];
  const started = performance.now();
  const results = await Promise.all(setups.map((s, i) => client(s, i + 1, started + seconds * 1000, samples)));
  const elapsed = (performance.now() - started) / 1000;
  const saves = results.reduce((n, r) => n + r.saves, 0);
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  return {
    dialect,
    saves,
    savesPerSecond: saves / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    conflicts: results.reduce((n, r) => n + r.conflicts, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    lostWrites: await lostWrites(admin, results),
    samples,
  };
}

async function run(dialect: Dialect): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-write-'));
  try {
    if (dialect === 'postgres') await resetPostgres(pgUrl!);
    const server = await startServer({ port, dataDir, adminPassword: PASSWORD, dialect, databaseUrl: pgUrl });
    let outcome;
    try {
      outcome = await load(dialect);
    } finally {
      await stopServer(server);
    }
    return { ...outcome, audit: await auditCheck(dialect, dataDir) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dialects: Dialect[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
const outcomes: Outcome[] = [];
for (const dialect of dialects) outcomes.push(await run(dialect));

console.log(
  `\n${clients} concurrent clients saving for ${seconds} s, ${os.cpus().length} CPUs, ` +
    `load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}\n`,
);
console.log('| dialect | saves | saves/s | p50 ms | p95 ms | 409 | errors | lost writes | audit chain |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const o of outcomes) {
  console.log(
    `| ${o.dialect} | ${o.saves} | ${o.savesPerSecond.toFixed(0)} | ${o.p50.toFixed(1)} | ${o.p95.toFixed(1)} | ` +
      `${o.conflicts} | ${o.errors} | ${o.lostWrites} | ${o.audit} |`,
  );
  for (const s of o.samples) console.log(`  ${o.dialect} error: ${s}`);
}
const failed = outcomes.filter((o) => o.errors > 0 || o.lostWrites > 0 || !o.audit.startsWith('intact'));
console.log(failed.length ? `\nFAILED: ${failed.map((o) => o.dialect).join(', ')}` : '\n0 errors, 0 lost writes: OK');
if (failed.length) process.exitCode = 1;
