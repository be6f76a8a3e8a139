/**
 * Export and import throughput and memory (issue 6): with N enrolments in an SQLite database, each export
 * through HTTP (wall time, records/s, peak RSS of a fresh server process) beside the same library doing
 * the same work with nothing else around it (the raw limit), measured in this run, and their ratio.
 * Also memory at 1,000 vs N records for the streaming exports, and the import of the exported file.
 *
 *   node bench/exports.ts [count=10000]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as XLSX from '@e965/xlsx';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/seed/seed.ts';
import { iterateAll } from '../packages/server/src/inscriptos-store/inscriptos-repository.ts';
import { rowToInscripto } from '../packages/server/src/inscriptos-store/inscripto-mapper.ts';
import { excelStream } from '../packages/server/src/features/exports/excel-export.ts';
import { allInscriptosPdf, pdfZip } from '../packages/server/src/features/exports/bulk-pdf.ts';
import type { TInscripto } from '../packages/shared/src/inscriptos/api-schema.ts';
import { api, baseUrl, peakRssMb, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 10_000);
const port = 3340;
const base = baseUrl(port);
const PASSWORD = 'clave-bench-1';

async function seededDir(n: number): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `inscripciones-bench-exp-${n}-`));
  const { db } = openDatabase({ dataDir: dir });
  await migrateToLatest(db);
  await seedInscriptos(db, { count: n, today: new Date(), usernames: ['admin'], seed: 7 });
  await db.destroy();
  return dir;
}

async function token(): Promise<string> {
  return (await api(base, 'POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD }))
    .token as string;
}

/** One export through HTTP on a fresh server: seconds, bytes, peak RSS. */
async function httpExport(
  dataDir: string,
  kind: string,
): Promise<{ seconds: number; bytes: number; peak: number; body: Buffer }> {
  const server = await startServer({ port, dataDir, adminPassword: PASSWORD });
  try {
    const auth = { authorization: `Bearer ${await token()}` };
    const started = performance.now();
    const res = await fetch(`${base}/api/inscriptos/export/${kind}`, { headers: auth });
    if (!res.ok) throw new Error(`${kind}: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    return { seconds: (performance.now() - started) / 1000, bytes: body.length, peak: peakRssMb(server.pid), body };
  } finally {
    await stopServer(server);
  }
}

async function httpImport(file: Buffer): Promise<{ seconds: number; peak: number; imported: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-imp-'));
  const server = await startServer({ port, dataDir: dir, adminPassword: PASSWORD });
  try {
    const form = new FormData();
    form.append('excelFile', new Blob([new Uint8Array(file)]), 'inscriptos.xlsx');
    const started = performance.now();
    const res = await fetch(`${base}/api/inscriptos/import/excel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await token()}` },
      body: form,
    });
    const body = (await res.json()) as { imported: number; message: string };
    if (!res.ok) throw new Error(`import: ${res.status} ${body.message}`);
    return { seconds: (performance.now() - started) / 1000, peak: peakRssMb(server.pid), imported: body.imported };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const discard = () => new Writable({ write: (_c, _e, done) => done() });

async function* replay(records: TInscripto[]) {
  yield* records;
}

/** The raw limit: the same library on the same records already in memory, written to nowhere. */
async function raw(kind: string, records: TInscripto[], exported: Buffer): Promise<number> {
  const started = performance.now();
  if (kind === 'excel') await pipeline(excelStream(replay(records)), discard());
  if (kind === 'pdf-all')
    await pipeline(
      allInscriptosPdf(replay(records), { total: 0, pendientes: 0, finalizados: 0 }, new Date()),
      discard(),
    );
  if (kind === 'pdf-zip') await pipeline(pdfZip(replay(records)), discard());
  if (kind === 'import') {
    const wb = XLSX.read(exported, { dense: true });
    XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]!]!);
  }
  return (performance.now() - started) / 1000;
}

async function loadRecords(dataDir: string): Promise<TInscripto[]> {
  const { db } = openDatabase({ dataDir });
  const records: TInscripto[] = [];
  for await (const row of iterateAll(db)) records.push(rowToInscripto(row));
  await db.destroy();
  return records;
}

const small = await seededDir(1000);
const large = await seededDir(count);
const records = await loadRecords(large);
const lines: string[] = [];
const peaks: Record<string, { small: number; large: number }> = {};
let excelFile: Buffer = Buffer.alloc(0);

for (const kind of ['excel', 'pdf-all', 'pdf-zip'] as const) {
  const http = await httpExport(large, kind);
  if (kind === 'excel') excelFile = http.body;
  const rawSeconds = await raw(kind, records, excelFile);
  const smallRun = await httpExport(small, kind);
  peaks[kind] = { small: smallRun.peak, large: http.peak };
  lines.push(
    `| ${kind} | ${http.seconds.toFixed(1)} | ${(count / http.seconds).toFixed(0)} | ${(count / rawSeconds).toFixed(0)} | ${(http.seconds / rawSeconds).toFixed(2)} | ${(http.bytes / 1e6).toFixed(1)} | ${http.peak.toFixed(0)} | ${smallRun.peak.toFixed(0)} |`,
  );
}
const imp = await httpImport(excelFile);
const rawImport = await raw('import', records, excelFile);
lines.push(
  `| import (${imp.imported}) | ${imp.seconds.toFixed(1)} | ${(count / imp.seconds).toFixed(0)} | ${(count / rawImport).toFixed(0)} | ${(imp.seconds / rawImport).toFixed(2)} | ${(excelFile.length / 1e6).toFixed(1)} | ${imp.peak.toFixed(0)} | |`,
);

console.log(`\n${count} enrolments, SQLite, one fresh server process per measurement\n`);
console.log(
  '| operation | HTTP s | HTTP rec/s | raw rec/s | ratio (≤1.5) | MB out | peak RSS MB | peak RSS MB at 1,000 |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
for (const kind of ['excel', 'pdf-zip']) {
  const p = peaks[kind]!;
  console.log(
    `${kind}: peak at ${count} is ${((p.large / p.small - 1) * 100).toFixed(0)} % above the peak at 1,000 (target ≤ 25 %)`,
  );
}
for (const dir of [small, large]) fs.rmSync(dir, { recursive: true, force: true });
