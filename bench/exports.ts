/**
 * Export and import throughput and memory. With N enrolments in an SQLite database, each export
 * through HTTP (wall time, records/s, peak RSS of a fresh server process) beside its raw limit, measured in
 * this run, and their ratio; memory at 1,000 vs N records for every export; the import of the exported file.
 *
 * The raw limits, each timed in this process with the data already in memory and the output discarded:
 * - excel: exceljs's streaming writer, set up as the export sets it up, writing the same cells (computed
 *   before the clock starts);
 * - pdf-all and pdf-zip: pdfkit drawing the same pages with the export's layout code (there is no other
 *   way to draw those pages) and, for the ZIP, archiver storing them; what is left out is the database, the
 *   record mapping, the back-pressure and HTTP;
 * - import: SheetJS reading the same file with the import's options, into rows of values.
 * Times are medians of `runs`, ratios the median of each run's pair (see measure); peaks are the highest. The
 * server draws the files in a worker thread (decision 0012), which can run beside its event loop on a second
 * core: the raw limits here run on one thread.
 * Each raw limit runs once unmeasured first, each server first runs the same export (the import server:
 * the vista previa of a 1,000-row file), so both sides are measured running compiled code. (On a cold
 * server the Excel export's ratio was 1.22–1.49 in three runs of this session, 1.19 warm.)
 *
 *   node bench/exports.ts [count=10000] [operations=excel,pdf-all,pdf-zip,import] [runs=3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as XLSX from '@e965/xlsx';
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/cli/seed/seed.ts';
import { iterateAll } from '../packages/server/src/data/inscriptos/inscriptos-repository.ts';
import { rowToInscripto } from '../packages/server/src/data/inscriptos/inscripto-mapper.ts';
import { findActual } from '../packages/server/src/data/ciclos/ciclos-repository.ts';
import { cicloRef } from '../packages/server/src/domain/ciclos/ciclo-scope.ts';
import { excelRow, excelStream, excelWorkbook } from '../packages/server/src/features/exports/excel-export.ts';
import { allInscriptosPdf, pdfZip } from '../packages/server/src/features/exports/bulk-pdf.ts';
import { MATRIX_OPTIONS, READ_OPTIONS } from '../packages/server/src/features/imports/workbook.ts';
import type { TInscripto } from '../packages/shared/src/inscriptos/api-schema.ts';
import { api, baseUrl, freePort, peakRssMb, percentile, startServer, stopServer } from './bench-server.ts';

const count = Number(process.argv[2] ?? 10_000);
const operations = (process.argv[3] ?? 'excel,pdf-all,pdf-zip,import').split(',');
const runs = Number(process.argv[4] ?? 3);
const port = await freePort();
const base = baseUrl(port);
const PASSWORD = 'clave-bench-1';
const EXPORTS = ['excel', 'pdf-all', 'pdf-zip'] as const;
type Export = (typeof EXPORTS)[number];

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

interface Run {
  seconds: number;
  peak: number;
  bytes: number;
}

/**
 * One export through HTTP on a fresh server, after the same export once unmeasured (a warm-up, as the raw
 * side has): the time is the second export's, the peak memory the higher of the two.
 */
async function httpExport(dataDir: string, kind: Export): Promise<Run> {
  const server = await startServer({ port, dataDir, adminPassword: PASSWORD });
  try {
    const auth = { authorization: `Bearer ${await token()}` };
    const download = async () => {
      const res = await fetch(`${base}/api/inscriptos/export/${kind}`, { headers: auth });
      if (!res.ok) throw new Error(`${kind}: ${res.status}`);
      return (await res.arrayBuffer()).byteLength;
    };
    await download();
    const started = performance.now();
    const bytes = await download();
    return { seconds: (performance.now() - started) / 1000, peak: peakRssMb(server.pid), bytes };
  } finally {
    await stopServer(server);
  }
}

function postImport(file: Buffer, auth: Record<string, string>, query = ''): Promise<Response> {
  const form = new FormData();
  form.append('excelFile', new Blob([new Uint8Array(file)]), 'inscriptos.xlsx');
  return fetch(`${base}/api/inscriptos/import/excel${query}`, { method: 'POST', headers: auth, body: form });
}

/**
 * The import of `file` into an empty database, through HTTP on a fresh server warmed up first by the vista
 * previa of `warmUp` (a running server has compiled its import code long before; the raw side is warm too).
 */
async function httpImport(file: Buffer, warmUp: Buffer): Promise<Run> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-imp-'));
  const server = await startServer({ port, dataDir: dir, adminPassword: PASSWORD });
  try {
    const auth = { authorization: `Bearer ${await token()}` };
    if (!(await postImport(warmUp, auth, '?simular=true')).ok) throw new Error('import: the warm-up failed');
    const started = performance.now();
    const res = await postImport(file, auth);
    const body = (await res.json()) as { imported: number; message: string };
    if (!res.ok || body.imported !== count) throw new Error(`import: ${res.status} ${body.message}`);
    return { seconds: (performance.now() - started) / 1000, peak: peakRssMb(server.pid), bytes: file.length };
  } finally {
    await stopServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const discard = () => new Writable({ write: (_c, _e, done) => done() });

async function* replay(records: TInscripto[]) {
  yield* records;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/** The raw limit of `kind` (see the top of this file), in seconds. */
async function raw(kind: Export | 'import', records: TInscripto[], file: Buffer): Promise<number> {
  switch (kind) {
    case 'excel': {
      const cells = records.map(excelRow);
      return timed(async () => {
        const out = discard();
        const { workbook, sheet } = excelWorkbook(out);
        for (const row of cells) sheet.addRow(row).commit();
        sheet.commit();
        await workbook.commit();
      });
    }
    case 'pdf-all':
      return timed(() =>
        pipeline(allInscriptosPdf(replay(records), { total: 0, pendientes: 0, finalizados: 0 }, new Date()), discard()),
      );
    case 'pdf-zip':
      return timed(() => pipeline(pdfZip(replay(records)), discard()));
    case 'import':
      return timed(async () => {
        const wb = XLSX.read(file, READ_OPTIONS);
        XLSX.utils.sheet_to_json(wb.Sheets[wb.SheetNames[0]!]!, MATRIX_OPTIONS);
      });
  }
}

async function loadRecords(dataDir: string): Promise<TInscripto[]> {
  const { db } = openDatabase({ dataDir });
  const records: TInscripto[] = [];
  const ciclo = await findActual(db);
  const ref = cicloRef(ciclo);
  for await (const row of iterateAll(db, ciclo.id)) records.push(rowToInscripto(row, ref));
  await db.destroy();
  return records;
}

async function excelFileOf(records: TInscripto[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  await pipeline(
    excelStream(replay(records)),
    new Writable({ write: (chunk: Buffer, _e, done) => (chunks.push(chunk), done()) }),
  );
  return Buffer.concat(chunks);
}

const median = (xs: number[]) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    50,
  );

interface Measured {
  http: Run;
  rawSeconds: number;
  /** Median of each run's HTTP time over the raw time measured right after it. */
  ratio: number;
}

/**
 * `runs` pairs of one HTTP run and one raw run, interleaved: this machine's speed drifts (the same run can
 * take twice as long twenty minutes later), so each ratio compares measurements taken a moment apart.
 */
async function measure(http: () => Promise<Run>, rawRun: () => Promise<number>): Promise<Measured> {
  await rawRun(); // warm-up, not measured
  const pairs: { http: Run; raw: number }[] = [];
  for (let i = 0; i < runs; i++) pairs.push({ http: await http(), raw: await rawRun() });
  return {
    http: {
      seconds: median(pairs.map((p) => p.http.seconds)),
      peak: Math.max(...pairs.map((p) => p.http.peak)),
      bytes: pairs[0]!.http.bytes,
    },
    rawSeconds: median(pairs.map((p) => p.raw)),
    ratio: median(pairs.map((p) => p.http.seconds / p.raw)),
  };
}

const small = await seededDir(1000);
const large = await seededDir(count);
const records = await loadRecords(large);
const file = await excelFileOf(records);
const smallFile = await excelFileOf(await loadRecords(small));
const lines: string[] = [];
const memory: string[] = [];
const row = (name: string, { http, rawSeconds, ratio }: Measured, smallPeak: string) =>
  `| ${name} | ${http.seconds.toFixed(2)} | ${(count / http.seconds).toFixed(0)} | ${(count / rawSeconds).toFixed(0)} | ${ratio.toFixed(2)} | ${(http.bytes / 1e6).toFixed(1)} | ${http.peak.toFixed(0)} | ${smallPeak} |`;

for (const kind of EXPORTS.filter((k) => operations.includes(k))) {
  const measured = await measure(
    () => httpExport(large, kind),
    () => raw(kind, records, file),
  );
  let smallPeak = 0;
  for (let i = 0; i < runs; i++) smallPeak = Math.max(smallPeak, (await httpExport(small, kind)).peak);
  lines.push(row(kind, measured, smallPeak.toFixed(0)));
  memory.push(
    `${kind}: peak at ${count} is ${((measured.http.peak / smallPeak - 1) * 100).toFixed(0)} % above the peak at 1,000`,
  );
}
if (operations.includes('import')) {
  lines.push(
    row(
      'import',
      await measure(
        () => httpImport(file, smallFile),
        () => raw('import', records, file),
      ),
      '',
    ),
  );
}

console.log(
  `\n${count} enrolments, SQLite, one fresh server process per HTTP run, medians of ${runs} runs (ratio: median of paired runs)\n`,
);
console.log(
  '| operation | HTTP s | HTTP rec/s | raw rec/s | ratio (≤ 1.5) | MB | peak RSS MB | peak RSS MB at 1,000 |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const line of lines) console.log(line);
console.log(
  '\nTargets: Excel < 300 MB and ZIP < 400 MB peak; Excel and ZIP peaks at N within 25 % of the peak at 1,000.',
);
for (const line of memory) console.log(line);
for (const dir of [small, large]) fs.rmSync(dir, { recursive: true, force: true });
