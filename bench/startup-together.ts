/**
 * Instances started together on a fresh PostgreSQL database while the machine is busy: each
 * run creates a new database, starts `busy` CPU-bound processes (`for(;;){}`), then `instances` servers at
 * the same moment, and waits up to 60 s for each `/api/health`. Prints, per instance, the time to health and
 * the phases its start logged (lib/startup-log.ts), or the fatal line of one that failed or hung.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/startup-together.ts [instances=3] [runs=6] [busy=4]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './bench-server.ts';

const [instances = 3, runs = 6, busy = 4] = process.argv.slice(2).map(Number);
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL: a PostgreSQL server where a database may be created');
const MAIN = path.resolve(import.meta.dirname, '../packages/server/src/main.ts');
const LIMIT_MS = 60_000;

async function admin(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function healthy(port: number, child: ChildProcess, started: number): Promise<number | string> {
  while (performance.now() - started < LIMIT_MS) {
    if (child.exitCode !== null) return `exited ${child.exitCode}`;
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return 'no answer in 60 s';
}

const logLines = (out: string) =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; phases?: Record<string, number> });

let failures = 0;
for (let run = 1; run <= runs; run++) {
  const name = `bench_arranque_${crypto.randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-arranque-'));
  const load = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
  await new Promise((r) => setTimeout(r, 500));
  const secret = crypto.randomBytes(32).toString('hex');
  const servers = await Promise.all(
    Array.from({ length: instances }, async (_, i) => {
      const port = await freePort();
      return { i, port, env: { DATA_DIR: path.join(root, `i${i}`), PORT: String(port), HOST: '127.0.0.1' } };
    }),
  );
  const started = performance.now();
  const procs = servers.map(({ port, env }) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: url.toString(), JWT_SECRET: secret, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    return { port, child, out: () => out };
  });
  const results = await Promise.all(procs.map((p) => healthy(p.port, p.child, started)));
  console.log(`run ${run} (${instances} instances, ${busy} busy processes, load ${os.loadavg()[0]!.toFixed(1)}):`);
  for (const [i, p] of procs.entries()) {
    const r = results[i]!;
    const lines = logLines(p.out());
    const done = lines.find((l) => l.msg === 'started');
    const bad = lines.find((l) => l.level === 60);
    if (typeof r === 'string') failures += 1;
    console.log(
      `  #${i}: ${typeof r === 'number' ? `healthy in ${r.toFixed(0)} ms` : r}  ${JSON.stringify(done?.phases ?? bad ?? p.out().slice(-400))}`,
    );
  }
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  for (const l of load) l.kill('SIGKILL');
  await Promise.all(procs.map((p) => (p.child.exitCode === null ? new Promise((r) => p.child.once('exit', r)) : 0)));
  await admin(`drop database if exists ${name} with (force)`);
  fs.rmSync(root, { recursive: true, force: true });
}
console.log(`${failures} instance(s) without /api/health in 60 s over ${runs} runs`);
process.exitCode = failures ? 1 : 0;
