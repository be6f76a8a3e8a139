/**
 * Start-up benchmark: time from spawning the server on an existing SQLite database until
 * GET /api/health answers 200. Budget (issue 2): under 2 s. Prints each run and the median.
 *
 *   node bench/startup.ts [runs=7]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const runs = Number(process.argv[2] ?? 7);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-'));
const port = 3300;
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'clave-bench-1',
};

async function timeOneStart(): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['packages/server/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error('server did not become healthy in 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const first = await timeOneStart(); // creates and migrates the database
const times: number[] = [];
for (let i = 0; i < runs; i++) times.push(await timeOneStart());
fs.rmSync(dataDir, { recursive: true, force: true });

const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)]!;
console.log(`first start (new database, migrations, admin bootstrap): ${first.toFixed(0)} ms`);
console.log(`start-up on an existing database, ${runs} runs: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
console.log(`median ${median.toFixed(0)} ms (budget 2000 ms) ${median < 2000 ? 'OK' : 'OVER BUDGET'}`);
