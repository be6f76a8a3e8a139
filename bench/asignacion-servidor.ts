/**
 * The network assignment on the real server (issue goal: 50,000 children × 5 choices × 100 schools, the
 * assignment < 2 s on the server; docs/decisions/0039). `schools` schools are created through POST /api/escuelas,
 * each one's database filled by the seed generator (≈ 60 % finalised, 2–3 siblings enrolling together in ≈ 10 %
 * of the records) so that ≈ `ninos` finalised children of the current cycle exist, each ranking up to 5 schools of
 * uneven demand (bench/asignacion-servidor-datos.ts), with places for about as many. Then the server is started
 * again on them and, as the network's administrator over HTTP, `runs` times:
 *   PUT /api/red/asignacion/ciclos/{anio} {modo: "red"}, POST /api/red/sorteo/start (the list frozen from every
 *   school), valor-publico, next, confirm, end, POST /api/asignacion (the goal), GET
 *   /api/asignacion/acta-publica.json, GET /api/asignacion (the network's view), POST /api/estado (one family).
 * The assignment runs once a year, so between runs the year's network raffle and assignment rows are deleted from
 * the network's database (the schools' records stay). Each step's wall time (median, min, max), the acta's size and
 * the server's RSS after the steps and its peak. Exit 1 if the assignment's median is 2 s or more.
 *
 *   node bench/asignacion-servidor.ts [ninos=50000] [schools=100] [runs=3] [sqliteSchools=0]
 *
 * PostgreSQL on the server of BENCH_DATABASE_URL (or TEST_DATABASE_URL) in a database of its own, created and
 * dropped (BENCH_KEEP=1 keeps it; BENCH_CPU_PROF=<dir> profiles the measured server, node --cpu-prof); then SQLite with `sqliteSchools` schools (0 skips it) and as many children
 * per school. Without a PostgreSQL URL, SQLite only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseOptions, Dialect } from '../packages/server/src/db/database.ts';
import { apiClient, baseUrl, freePort, startServer, stopServer, type BenchServer } from './bench-server.ts';
import { ownDatabase, pool, seedSchool } from './red-bases.ts';
import { forgetYear, rankSchool, type Ranked } from './asignacion-servidor-datos.ts';

const ninos = Number(process.argv[2] ?? 50_000);
const schools = Number(process.argv[3] ?? 100);
const runs = Number(process.argv[4] ?? 3);
const sqliteSchools = Number(process.argv[5] ?? 0);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const database = `bench_asignacion_${process.pid}`;
const pgUrl = serverUrl && Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const PASSWORD = 'clave-bench-1';
const GOAL_MS = 2000;
/** The seed generator finalises about this share of its records. */
const FINALISED = 0.6;

const codeOf = (i: number) => (i === 1 ? 'principal' : `e${String(i).padStart(3, '0')}`);
const kb = (pid: number, key: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
/** The process's CPU time so far (user + system, /proc/<pid>/stat at 100 ticks a second), in ms. */
const cpuMs = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

function schoolDb(dialect: Dialect, dataDir: string, i: number): DatabaseOptions {
  if (dialect === 'sqlite') return { dataDir, ...(i === 1 ? {} : { sqliteFile: `escuela-${i}.db` }) };
  return { dataDir, databaseUrl: pgUrl, ...(i === 1 ? {} : { pgSchema: `escuela_${i}` }) };
}

interface Outcome {
  dialect: Dialect;
  schools: number;
  ninos: number;
  postulaciones: number;
  steps: Map<string, number[]>;
  cpu: Map<string, number[]>;
  actaMb: number;
  rss: Map<string, number[]>;
  peakMb: number;
  loads: string[];
}

async function run(dialect: Dialect, n: number, target: number): Promise<Outcome> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-asignacion-'));
  const port = await freePort();
  const { api, request } = apiClient(baseUrl(port));
  const start = (env?: Record<string, string>) =>
    startServer({ port, dataDir, adminPassword: PASSWORD, dialect, databaseUrl: pgUrl, startTimeoutMs: 600_000, env });
  const log = (s: string) => console.error(`${dialect}: ${s} (load ${load()})`);
  let server: BenchServer | undefined;
  const login = async () =>
    (await api('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD })).token as string;
  try {
    if (dialect === 'postgres') await ownDatabase(serverUrl!, database, 'create');
    server = await start();
    let admin = await login();
    for (let i = 2; i <= n; i++) {
      await api('POST', '/api/escuelas', admin, {
        codigo: codeOf(i),
        escuelaNombre: `Escuela N.º ${i}`,
        direccion: `Calle ${i}`,
        telefono: '2400 0000',
        horarios: 'Lunes a viernes de 8 a 16',
      });
    }
    log(`${n} schools`);
    await stopServer(server);
    server = undefined;

    const codigos = Array.from({ length: n }, (_, i) => codeOf(i + 1));
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    const ranked: Ranked[] = [];
    const porLista = Math.ceil(target / n / 2);
    let t = performance.now();
    await pool(ids, dialect === 'postgres' ? 3 : 1, async (i) => {
      await seedSchool(schoolDb(dialect, dataDir, i), Math.round(target / FINALISED / n), 1, i);
      ranked[i - 1] = await rankSchool(schoolDb(dialect, dataDir, i), codigos, i, porLista);
    });
    const total = ranked.reduce((s, r) => s + r.ninos, 0);
    log(`${total} finalised children ranking schools, in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    const anio = ranked[0]!.anio;

    // BENCH_CPU_PROF=<dir>: the measured server writes a CPU profile there when it stops.
    const prof = process.env.BENCH_CPU_PROF;
    server = await start(prof ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(prof)}` } : undefined);
    const pid = server.pid;
    admin = await login();
    const familia = ranked[n - 1]!.ejemplo;
    const escuela = codeOf(n);
    const { codigo } = await api('POST', `/api/inscriptos/${familia.id}/codigo-estado?escuela=${escuela}`, admin, {});

    const steps = new Map<string, number[]>();
    const rss = new Map<string, number[]>();
    const cpu = new Map<string, number[]>();
    const loads: string[] = [];
    let actaMb = NaN;
    let postulaciones = 0;
    const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
      t = performance.now();
      const c = cpuMs(pid);
      const out = await fn();
      steps.set(name, [...(steps.get(name) ?? []), performance.now() - t]);
      cpu.set(name, [...(cpu.get(name) ?? []), cpuMs(pid) - c]);
      rss.set(name, [...(rss.get(name) ?? []), kb(pid, 'VmRSS')]);
      return out;
    };
    for (let k = 0; k < runs; k++) {
      if (k > 0) await forgetYear(schoolDb(dialect, dataDir, 1), anio);
      loads.push(load());
      await step('PUT /api/red/asignacion/ciclos/{anio} (modo red)', () =>
        api('PUT', `/api/red/asignacion/ciclos/${anio}`, admin, { modo: 'red', maxPreferencias: 5 }),
      );
      const inicio = await step('POST /api/red/sorteo/start (freeze every school)', () =>
        api('POST', '/api/red/sorteo/start', admin, { anio, fuenteValorPublico: { tipo: 'dados', cantidad: 3 } }),
      );
      postulaciones = inicio.total;
      await step('POST /api/red/sorteo/valor-publico', () =>
        api('POST', '/api/red/sorteo/valor-publico', admin, { valor: '4 2 6', origen: 'Dados en la sala' }),
      );
      const primero = await step('POST /api/red/sorteo/next', () => api('POST', '/api/red/sorteo/next', admin));
      await step('POST /api/red/sorteo/confirm', () =>
        api('POST', '/api/red/sorteo/confirm', admin, { azar: primero.azar }),
      );
      await step('POST /api/red/sorteo/end', () => api('POST', '/api/red/sorteo/end', admin));
      await step('POST /api/asignacion (the assignment)', () => api('POST', '/api/asignacion', admin, { anio }));
      const acta = await step('GET /api/asignacion/acta-publica.json', () =>
        request('GET', `/api/asignacion/acta-publica.json?anio=${anio}`),
      );
      actaMb = Buffer.byteLength(acta.text) / 1024 / 1024;
      await step('GET /api/asignacion (network view)', () => api('GET', `/api/asignacion?anio=${anio}`, admin));
      const estado = await step('POST /api/estado (one family)', () =>
        api('POST', `/api/estado?escuela=${escuela}`, undefined, { numeroInscripcion: familia.numero, codigo }),
      );
      if (!estado.red) throw new Error(`POST /api/estado without its network place: ${JSON.stringify(estado)}`);
      log(`run ${k + 1}: assignment ${steps.get('POST /api/asignacion (the assignment)')!.at(-1)!.toFixed(0)} ms`);
    }
    return {
      dialect,
      schools: n,
      ninos: total,
      postulaciones,
      steps,
      cpu,
      actaMb,
      rss,
      peakMb: kb(pid, 'VmHWM'),
      loads,
    };
  } catch (e) {
    if (server) console.error(server.output());
    throw e;
  } finally {
    if (server) await stopServer(server);
    if (dialect === 'postgres' && process.env.BENCH_KEEP !== '1') await ownDatabase(serverUrl!, database, 'drop');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const outcomes: Outcome[] = [];
if (pgUrl) outcomes.push(await run('postgres', schools, ninos));
if (sqliteSchools > 0 || !pgUrl) {
  const n = sqliteSchools || schools;
  outcomes.push(await run('sqlite', n, Math.round((ninos / schools) * n)));
}

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const missed: string[] = [];
for (const o of outcomes) {
  console.log(
    `\n${o.dialect}: ${o.schools} schools, ${o.ninos} finalised children in ${o.postulaciones} applications, ` +
      `${runs} runs; acta ${o.actaMb.toFixed(1)} MB; ${os.cpus().length} CPUs, load average at each run ` +
      `${o.loads.join(' | ')}, Node ${process.version}\n`,
  );
  console.log('| step | median ms | min | max | server CPU median ms | RSS after (median MB) |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [name, xs] of o.steps) {
    const sorted = [...xs].sort((a, b) => a - b);
    console.log(
      `| ${name} | ${ms(median(xs))} | ${ms(sorted[0]!)} | ${ms(sorted.at(-1)!)} | ${median(o.cpu.get(name)!)} | ${median(o.rss.get(name)!).toFixed(0)} |`,
    );
  }
  console.log(`\nserver peak RSS (VmHWM) ${o.peakMb.toFixed(0)} MB`);
  const asignacion = median(o.steps.get('POST /api/asignacion (the assignment)')!);
  if (asignacion >= GOAL_MS) missed.push(`${o.dialect}: assignment median ${ms(asignacion)} ms ≥ ${GOAL_MS} ms`);
}
if (missed.length) {
  console.log(`\nGoal missed:\n- ${missed.join('\n- ')}`);
  process.exitCode = 1;
}
