/**
 * The network of schools at scale (issue "One deployment for the whole network", decision 0036): `schools`
 * schools in one server, `count` enrolments spread evenly over them and `cycles` cycles each. The schools are
 * created through POST /api/escuelas, then each one's own database is filled with the seed generator, and the
 * server (main.ts: createServer, in its own process) is started again on them. Measured over HTTP:
 *   - the start (spawn → healthy /api/health) and the server's resident memory with every school open;
 *   - every list shape of one school (bench/list-shapes.ts), p50 and p95: goal p95 < 50 ms;
 *   - the network panel GET /api/red/panel: goal p95 < 200 ms;
 *   - the cross-school duplicates GET /api/red/duplicados: goal p95 < 2 s, and a list request asked again and
 *     again while it runs (its latency then, beside the same request alone): goal p95 < 50 ms.
 * Then the same on SQLite (a school's database is a file) at `sqliteSchools` schools of the same size each.
 *
 *   node bench/red.ts [schools=100] [count=1000000] [cycles=10] [requests=40] [sqliteSchools=20]
 *
 * PostgreSQL on the server of BENCH_DATABASE_URL (or TEST_DATABASE_URL), in a database of its own
 * (bench_red_<pid>: the network's schema and each school's escuela_<id>), dropped after; BENCH_KEEP=1 keeps it
 * and BENCH_REUSE=<database> measures a kept one again without creating or seeding anything (with the same
 * arguments). Its own database, not schemas in a shared one: test suites dropping their schemas meanwhile make
 * the migrations' catalog reads fail. sqliteSchools=0 skips SQLite. Exits 1 when a goal is missed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseOptions, Dialect } from '../packages/server/src/db/database.ts';
import { allShapes, type Shape } from './list-shapes.ts';
import { apiClient, baseUrl, freePort, percentile, startServer, stopServer, type BenchServer } from './bench-server.ts';
import { idleTransactions, ownDatabase, pool, seedSchool } from './red-bases.ts';

const schools = Number(process.argv[2] ?? 100);
const count = Number(process.argv[3] ?? 1_000_000);
const cycles = Number(process.argv[4] ?? 10);
const requests = Number(process.argv[5] ?? 40);
const sqliteSchools = Number(process.argv[6] ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const reuse = process.env.BENCH_REUSE;
const database = reuse || `bench_red_${process.pid}`;
const pgUrl = serverUrl && Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const PASSWORD = 'clave-bench-1';
const WARMUP = 5;
const GOALS = { list: 50, panel: 200, duplicados: 2000, during: 50 };

interface Row {
  what: string;
  dialect: Dialect;
  p50: number;
  p95: number;
  n: number;
  goal?: number;
  note?: string;
}

const codeOf = (i: number) => (i === 1 ? 'principal' : `e${String(i).padStart(3, '0')}`);
const rss = (pid: number, key: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function times(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(WARMUP, n); i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out.sort((a, b) => a - b);
}

/** Where school `i`'s records are, as the server puts them (red/instancia.ts). */
function schoolDb(dialect: Dialect, dataDir: string, i: number): DatabaseOptions {
  if (dialect === 'sqlite') return { dataDir, ...(i === 1 ? {} : { sqliteFile: `escuela-${i}.db` }) };
  return { dataDir, databaseUrl: pgUrl, ...(i === 1 ? {} : { pgSchema: `escuela_${i}` }) };
}

async function run(dialect: Dialect, n: number, total: number): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-red-'));
  const port = await freePort();
  const base = baseUrl(port);
  const { api, request } = apiClient(base);
  const start = () =>
    startServer({
      port,
      dataDir,
      adminPassword: PASSWORD,
      dialect,
      databaseUrl: pgUrl,
      startTimeoutMs: 600_000,
    });
  const rows: Row[] = [];
  const log = (s: string) => console.error(`${dialect}: ${s}`);
  let server: BenchServer | undefined;
  async function createAndSeed(n: number, total: number, escuela: string): Promise<number> {
    // 1. The schools, as the network's administrator creates them.
    server = await start();
    const admin = await login(api, 'admin');
    let t = performance.now();
    for (let i = 2; i <= n; i++) {
      await api('POST', '/api/escuelas', admin, {
        codigo: codeOf(i),
        escuelaNombre: `Escuela N.º ${i}`,
        direccion: `Calle ${i}`,
        telefono: '2400 0000',
        horarios: 'Lunes a viernes de 8 a 16',
      });
    }
    const creating = (performance.now() - t) / Math.max(1, n - 1);
    log(`${n - 1} schools created, ${creating.toFixed(0)} ms each`);
    const created = await request('POST', `/api/users?escuela=${escuela}`, admin, {
      username: 'voluntaria1',
      password: PASSWORD,
      nombre: 'Voluntaria Uno',
      email: 'voluntaria1@escuela.edu.uy',
      role: 'voluntario',
    });
    if (created.status !== 201) throw new Error(`POST /api/users: ${created.text}`);
    await stopServer(server);
    server = undefined;

    // 2. Each school's own database, filled directly.
    t = performance.now();
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    let done = 0;
    await pool(ids, dialect === 'postgres' ? 3 : 1, async (i) => {
      const share = Math.floor(total / n) + (i <= total % n ? 1 : 0);
      await seedSchool(schoolDb(dialect, dataDir, i), share, cycles, i);
      if (++done % 10 === 0) log(`${done}/${n} schools seeded`);
    });
    log(`seeded ${total} enrolments in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    return creating;
  }
  try {
    // The measured school: the last one (its requests go through the first school's dispatch).
    const measured = n;
    const escuela = codeOf(measured);
    let creating = NaN;
    if (dialect === 'sqlite' || !reuse) {
      if (dialect === 'postgres') await ownDatabase(serverUrl!, database, 'create');
      creating = await createAndSeed(n, total, escuela);
    }
    // 3. The start with every school open, and its memory.
    const t = performance.now();
    server = await start();
    const startMs = performance.now() - t;
    const rssStart = rss(server.pid, 'VmRSS');
    const idle = dialect === 'postgres' ? await idleTransactions(pgUrl!) : NaN;
    const admin = await login(api, 'admin');
    const voluntaria = await login(api, 'voluntaria1');
    const tokens: Record<Shape['who'], string> = { admin, voluntaria };
    const inSchool = (url: string) => `${url}${url.includes('?') ? '&' : '?'}escuela=${escuela}`;
    const get = async (url: string, token: string) => {
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${text}`);
      return text;
    };

    // 4. Every list shape of one school.
    const shapes = await allShapes({
      api: (url) => api('GET', inSchool(url), admin),
      dataDir,
      databaseUrl: dialect === 'postgres' ? pgUrl : undefined,
      school: schoolDb(dialect, dataDir, measured),
    });
    for (const shape of shapes) {
      const xs = await times(requests, () => get(inSchool(shape.url), tokens[shape.who]));
      rows.push({
        what: `list: ${shape.name}`,
        dialect,
        p50: percentile(xs, 50),
        p95: percentile(xs, 95),
        n: xs.length,
        goal: GOALS.list,
      });
    }
    log('list shapes measured');

    // 5. The network panel.
    const panel = await times(Math.max(10, requests / 2), () => get('/api/red/panel', admin));
    rows.push({
      what: `network panel (${n} schools)`,
      dialect,
      p50: percentile(panel, 50),
      p95: percentile(panel, 95),
      n: panel.length,
      goal: GOALS.panel,
    });

    // 6. The network's duplicates, and a list request of the school asked again and again meanwhile.
    const firstPage = inSchool('/api/inscriptos');
    const alone = await times(requests, () => get(firstPage, admin));
    const during: number[] = [];
    let found = 0;
    const dup = await times(5, async () => {
      let running = true;
      const body = get('/api/red/duplicados', admin).finally(() => (running = false));
      while (running) {
        const s = performance.now();
        await get(firstPage, admin);
        during.push(performance.now() - s);
      }
      found = (JSON.parse(await body) as { duplicados: unknown[] }).duplicados.length;
    });
    during.sort((a, b) => a - b);
    rows.push({
      what: `network duplicates (${found} CIs in 2+ schools)`,
      dialect,
      p50: percentile(dup, 50),
      p95: percentile(dup, 95),
      n: dup.length,
      goal: GOALS.duplicados,
    });
    rows.push({
      what: 'list first page alone',
      dialect,
      p50: percentile(alone, 50),
      p95: percentile(alone, 95),
      n: alone.length,
    });
    rows.push({
      what: 'list first page during the duplicates',
      dialect,
      p50: percentile(during, 50),
      p95: percentile(during, 95),
      n: during.length,
      goal: GOALS.during,
      note: `max ${during.at(-1)?.toFixed(0)} ms`,
    });
    const rssEnd = rss(server.pid, 'VmRSS');
    const peak = rss(server.pid, 'VmHWM');
    rows.push({
      what: `start with ${n} schools (spawn → healthy), ms`,
      dialect,
      p50: startMs,
      p95: startMs,
      n: 1,
      note:
        `RSS ${rssStart.toFixed(0)} MB after start, ${rssEnd.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB; POST /api/escuelas ${creating.toFixed(0)} ms each` +
        (dialect === 'postgres' ? `; ${idle.toFixed(0)} transactions/s while idle` : ''),
    });
    return rows;
  } catch (e) {
    if (server) console.error(server.output());
    throw e;
  } finally {
    if (server) await stopServer(server);
    if (dialect === 'postgres' && !reuse && process.env.BENCH_KEEP !== '1')
      await ownDatabase(serverUrl!, database, 'drop');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const login = async (api: ReturnType<typeof apiClient>['api'], username: string) =>
  (await api('POST', '/api/auth/login', undefined, { username, password: PASSWORD })).token as string;

const perSchool = Math.round(count / schools);
const rows: Row[] = [];
if (pgUrl) rows.push(...(await run('postgres', schools, count)));
if (sqliteSchools > 0) rows.push(...(await run('sqlite', sqliteSchools, perSchool * sqliteSchools)));

const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
console.log(
  `\n${count} enrolments in ${schools} schools on PostgreSQL (${perSchool} each over ${cycles} cycles)` +
    `${sqliteSchools ? `; ${sqliteSchools} schools of ${perSchool} on SQLite` : ''}. ${requests} sequential requests ` +
    `per list shape after ${WARMUP} warm-up, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}\n`,
);
console.log('| measured | dialect | p50 ms | p95 ms | n | goal | met | notes |');
console.log('|---|---|---:|---:|---:|---|---|---|');
const missed: string[] = [];
for (const r of rows) {
  const met = r.goal === undefined ? '' : r.p95 < r.goal ? 'yes' : 'NO';
  if (met === 'NO') missed.push(`${r.dialect} ${r.what}: p95 ${ms(r.p95)} ms ≥ ${r.goal}`);
  console.log(
    `| ${r.what} | ${r.dialect} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.n} | ${r.goal ? `p95 < ${r.goal} ms` : ''} | ${met} | ${r.note ?? ''} |`,
  );
}
if (missed.length) {
  console.log(`\nGoals missed:\n- ${missed.join('\n- ')}`);
  process.exitCode = 1;
}
