/**
 * Start-up benchmark: time from spawning the server on an existing SQLite database until
 * GET /api/health answers 200. Budget: under 2 s. Prints each run and the median.
 *
 *   node bench/startup.ts [runs=7]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from './bench-server.ts';

const runs = Number(process.argv[2] ?? 7);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-'));
const port = 3300;

async function timeOneStart(): Promise<number> {
  const started = performance.now();
  const server = await startServer({ port, dataDir, adminPassword: 'clave-bench-1', pollMs: 10 });
  const elapsed = performance.now() - started;
  await stopServer(server);
  return elapsed;
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
