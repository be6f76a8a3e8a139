/**
 * Messages to the families at a raffle's end (decision 0029): `count` messages (default 10,000) written to the
 * outbox in one transaction reach a real SMTP server (scripts/receptor-smtp.ts, its own process) from the real
 * server process. Prints messages/s from the first arrival to the last (median of `runs`, default 3) and the p95
 * of /api/health asked every 25 ms from the server's start until the last arrival; then a run killed with SIGKILL `kills` times (default 5)
 * and restarted at once, counting lost messages (distinct Message-IDs missing), copies (one more arrival of a
 * Message-ID already received) and arrivals under an id that was never written.
 *
 *   npm run bench:avisos -- [count] [runs] [kills]
 *
 * SQLite in a temporary folder; PostgreSQL instead with BENCH_DATABASE_URL (a database called bench…, emptied).
 * AVISOS_POR_SEGUNDO and AVISOS_CONCURRENCIA set here reach the server (AVISOS_POR_SEGUNDO=10000: no pacing).
 * Exit 1 when a budget is missed: ≥ 50 messages/s, health p95 < 100 ms, 0 lost, ≤ `kills` copies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { encolarAviso } from '../packages/server/src/domain/avisos/encolar.ts';
import { baseUrl, freePort, percentile, resetPostgres, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);
const kills = Number(process.argv[4] ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;
const dialect = pgUrl ? 'postgres' : 'sqlite';
const PUBLIC_URL = 'https://inscripciones.bench.local';
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function receptor(): Promise<{ child: ChildProcess; smtpUrl: string; apiUrl: string }> {
  const child = spawn(process.execPath, ['scripts/receptor-smtp.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve) => lines.once('line', resolve));
  lines.close();
  return { child, ...(JSON.parse(line) as { smtpUrl: string; apiUrl: string }) };
}

/** CPU time a process has used so far (user + system, Linux /proc), in ms. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

interface Run {
  seconds: number;
  /** The server's CPU per message (runs without kills): a figure the machine's other load does not change much. */
  cpuPerMessage: number;
  perSecond: number;
  healthP95: number;
  healthMax: number;
  lost: number;
  copies: number;
  unknown: number;
}

interface Cuenta {
  total: number;
  unicos: number;
  primero: string | null;
  ultimo: string | null;
}

/**
 * One run: `count` messages written to the outbox of a new database (as a raffle's end leaves them), then the
 * server started on it, asked /api/health every 25 ms until the SMTP server has them all, and killed with SIGKILL
 * and restarted `killTimes` times on the way. Messages/s: from the first arrival to the last.
 */
async function run(smtp: { smtpUrl: string; apiUrl: string }, killTimes: number): Promise<Run> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-avisos-'));
  if (pgUrl) await resetPostgres(pgUrl);
  const database = () => openDatabase({ dataDir, databaseUrl: pgUrl }).db;
  const db = database();
  await migrateToLatest(db);
  // Written before the server starts, so no other process holds SQLite's write lock while it sends.
  const ids = await db.transaction().execute(async (tx) => {
    const written: string[] = [];
    for (let i = 0; i < count; i++) {
      const texto = `Resultado del sorteo: la inscripción N° ${i + 1} quedó como suplente N° ${i + 1}.`;
      const aviso = { tipo: 'sorteo' as const, canal: 'email' as const, asunto: 'Resultado del sorteo', texto };
      written.push(await encolarAviso(tx, { ...aviso, destino: `familia${i}@bench.local` }, new Date()));
    }
    return written;
  });
  await db.destroy();
  await fetch(`${smtp.apiUrl}/mensajes`, { method: 'DELETE' });
  const port = await freePort();
  const env = {
    SMTP_URL: smtp.smtpUrl,
    MAIL_FROM: 'Escuela <avisos@bench.local>',
    PUBLIC_URL,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ...(killTimes > 0 ? { AVISOS_TOMA_SEGUNDOS: '3' } : {}),
  };
  const options = { port, dataDir, adminPassword: 'clave-admin-1', dialect, databaseUrl: pgUrl, env } as const;
  const health: number[] = [];
  let measuring = true;
  let server = await startServer(options);
  const cpuAtStart = cpuMs(server.pid);
  const pinger = (async () => {
    while (measuring) {
      const t = performance.now();
      try {
        await (await fetch(`${baseUrl(port)}/api/health`)).text();
        health.push(performance.now() - t);
      } catch {
        if (killTimes === 0) health.push(performance.now() - t); // a failure counts with its time
      }
      await sleep(25);
    }
  })();
  try {
    const started = performance.now();
    let killed = 0;
    let cuenta: Cuenta = { total: 0, unicos: 0, primero: null, ultimo: null };
    while (cuenta.unicos < count) {
      await sleep(100);
      const res = await fetch(`${smtp.apiUrl}/cuenta`);
      if (!res.ok) throw new Error(`receptor: ${res.status}`);
      cuenta = (await res.json()) as Cuenta;
      if (killed < killTimes && cuenta.unicos >= ((killed + 1) * count) / (killTimes + 1)) {
        server.child.kill('SIGKILL');
        await new Promise((r) => server.child.once('exit', r));
        killed += 1;
        server = await startServer(options);
      }
      if (performance.now() - started > 15 * 60_000) throw new Error(`stuck at ${cuenta.unicos} of ${count}`);
    }
    measuring = false;
    await pinger;
    const cpuPerMessage = killed ? NaN : (cpuMs(server.pid) - cpuAtStart) / count;
    const seconds = (Date.parse(cuenta.ultimo!) - Date.parse(cuenta.primero!)) / 1000;
    const received = (await (await fetch(`${smtp.apiUrl}/ids`)).json()) as string[];
    const expected = new Set(ids.map((id) => `<${id}@inscripciones.bench.local>`));
    const distinct = new Set(received);
    const sorted = [...health].sort((a, b) => a - b);
    return {
      seconds,
      cpuPerMessage,
      perSecond: count / seconds,
      healthP95: percentile(sorted, 95),
      healthMax: sorted.at(-1) ?? NaN,
      lost: [...expected].filter((id) => !distinct.has(id)).length,
      copies: received.length - distinct.size,
      unknown: [...distinct].filter((id) => !expected.has(id)).length,
    };
  } finally {
    measuring = false;
    await pinger;
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const smtp = await receptor();
const fmt = (r: Run) =>
  `${r.seconds.toFixed(1)} s, ${r.perSecond.toFixed(0)} messages/s` +
  `${Number.isNaN(r.cpuPerMessage) ? '' : ` (server CPU ${r.cpuPerMessage.toFixed(2)} ms/message)`}, health p95 ${r.healthP95.toFixed(1)} ms ` +
  `(max ${r.healthMax.toFixed(1)}), lost ${r.lost}, copies ${r.copies}, unknown ids ${r.unknown}`;
try {
  const load = os.loadavg()[0]!.toFixed(1);
  // AVISOS_POR_SEGUNDO and AVISOS_CONCURRENCIA in this environment reach the server (its defaults otherwise).
  const ritmo = `AVISOS_POR_SEGUNDO=${process.env.AVISOS_POR_SEGUNDO ?? '100 (default)'}`;
  console.log(
    `avisos: ${count} messages to a local SMTP server, ${dialect}, ${ritmo}, ${os.cpus().length} cores, load ${load}`,
  );
  const plain: Run[] = [];
  for (let i = 0; i < runs; i++) {
    plain.push(await run(smtp, 0));
    console.log(`  run ${i + 1}: ${fmt(plain.at(-1)!)}`);
  }
  const median = [...plain].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(plain.length / 2)]!;
  const p95 = Math.max(...plain.map((r) => r.healthP95));
  console.log(`  median: ${median.perSecond.toFixed(0)} messages/s; worst health p95 ${p95.toFixed(1)} ms`);
  const killedRun = kills > 0 ? await run(smtp, kills) : null;
  if (killedRun) console.log(`  with ${kills} × kill -9 and restart: ${fmt(killedRun)}`);
  const failures = [
    ...(median.perSecond < 50 ? ['throughput < 50 messages/s'] : []),
    ...(p95 >= 100 ? ['health p95 ≥ 100 ms'] : []),
    ...(plain.some((r) => r.lost || r.copies || r.unknown) ? ['a run without kills lost or copied a message'] : []),
    ...(killedRun && (killedRun.lost > 0 || killedRun.unknown > 0) ? ['messages lost after kill -9'] : []),
    ...(killedRun && killedRun.copies > kills ? [`more than ${kills} copies after ${kills} kills`] : []),
  ];
  if (failures.length) {
    console.log(`FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else console.log('  within budget: ≥ 50 messages/s, health p95 < 100 ms, 0 lost, copies ≤ kills');
} finally {
  smtp.child.kill('SIGTERM');
}
