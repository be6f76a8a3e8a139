import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from '../test/helper.ts';
import { workbookDeclaring, workbookWithSharedStrings } from '../test/xlsx-fixtures.ts';
import { seedInscriptos } from '../cli/seed/seed.ts';
import { IMPORT_LIMITS } from '../features/imports/import-limits.ts';
import {
  COLLECT_AFTER_MS,
  createHeavyJobs,
  HEAVY_JOB_MSG,
  RELEASING_COLLECTION,
  RETRY_AFTER_SECONDS,
} from './heavy-jobs.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

function multipart(content: Buffer) {
  const boundary = '----inscripciones-heavy-jobs';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="excelFile"; filename="datos.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** An .xlsx of `rows` rows with long distinct texts: a few MB of cells to parse. */
function bigWorkbook(rows: number): Buffer {
  const aoa: unknown[][] = [['nombre1', 'apellido1', 'observaciones']];
  for (let i = 0; i < rows; i++) aoa.push([`Nombre${i}`, `Apellido${i}`, `Observación ${i} `.repeat(20)]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), 'Hoja1');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe.each(DIALECTS)('heavy jobs on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  let base: string;
  const upload = (content: Buffer, app = t.app, auth = token) => {
    const { payload, contentType } = multipart(content);
    return app.inject({
      method: 'POST',
      url: '/api/inscriptos/import/excel?simular=true',
      headers: { ...bearer(auth), 'content-type': contentType },
      payload,
    });
  };
  const total = async () =>
    (await t.app.inject({ url: '/api/inscriptos', headers: bearer(token) })).json().resumen.total as number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    await seedInscriptos(t.app.ctx.db, { count: 300, today: new Date(), usernames: [ADMIN.username], seed: 5 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  // Up to four heavy jobs in a row, each a process that starts: seconds each on a loaded machine.
  it('a second heavy job while one runs gets 429 with Retry-After and a Spanish message; the slot frees when the first is given up', async () => {
    // The PDF masivo of 300 enrolments takes seconds to draw; reading only its first bytes keeps it running.
    const jobs = t.app.ctx.heavyJobs;
    const exits: Promise<unknown[]>[] = [];
    const spawn = jobs.spawn;
    jobs.spawn = (file, heap) => {
      const child = spawn(file, heap);
      exits.push(once(child, 'exit'));
      return child;
    };
    const controller = new AbortController();
    const first = await fetch(`${base}/api/inscriptos/export/pdf-all`, {
      headers: bearer(token),
      signal: controller.signal,
    });
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    expect((await reader.read()).value?.length).toBeGreaterThan(0);

    for (const second of [
      () => t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(token) }),
      () => t.app.inject({ url: '/api/inscriptos/export/sql', headers: bearer(token) }),
      () => upload(workbookDeclaring('A1:A2')),
    ]) {
      const res = await second();
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: HEAVY_JOB_MSG.busy });
    }
    // Other requests keep answering meanwhile.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(await total()).toBe(300);

    // The export's process reads the database itself; the cancelled download ends it.
    expect(exits).toHaveLength(1);
    jobs.spawn = spawn;
    controller.abort();
    await reader.cancel().catch(() => undefined);
    expect((await exits[0]!)[1]).toBe('SIGKILL');
    let after = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(token) });
    for (let i = 0; i < 50 && after.statusCode === 429; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(token) });
    }
    expect(after.statusCode).toBe(200);
    // Finished jobs free the slot before their last bytes: the same export at once is not refused.
    expect((await t.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(token) })).statusCode).toBe(200);
  }, 60_000);

  it.each([
    [
      'shared strings that expand past their ceiling',
      () => workbookWithSharedStrings(40_000, 1_070), // 43 MB expanded, under 2 MB on disk
      INSCRIPTO_MSG.importTooManyStrings,
    ],
    [
      'more shared strings than the limit',
      () => workbookWithSharedStrings(IMPORT_LIMITS.sharedStrings + 1, 1),
      INSCRIPTO_MSG.importTooManyStrings,
    ],
    [
      'a sheet that declares more cells than the limit',
      () => workbookDeclaring('A1:IV15000'),
      INSCRIPTO_MSG.importTooManyCells(IMPORT_LIMITS.cells),
    ],
  ])('refuses %s with a 413 before parsing it', async (_name, make, message) => {
    const file = make();
    const started = performance.now();
    const res = await upload(file);
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message });
    // Judged from the ZIP, never parsed: well under the seconds SheetJS took on it (a loaded CI
    // machine gets some slack over the benchmark's 1 s).
    expect(seconds).toBeLessThan(3);
  });

  // Three heavy jobs in a row, each a process that starts: seconds each on a loaded machine.
  it('an import whose process passes its heap ceiling gets a Spanish 413, and the server keeps serving', async () => {
    const small = await buildTestApp(dialect, { heavyJobLimits: { importHeapMb: 20, exportHeapMb: 256 } });
    try {
      const auth = await tokenFor(small.app, ADMIN.username, ADMIN.password);
      const res = await upload(bigWorkbook(18_000), small.app, auth); // 9.5 MB, about 100 MB of heap to read
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: HEAVY_JOB_MSG.importOutOfMemory });
      expect((await small.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      // The slot was given back: an export runs.
      const excel = await small.app.inject({ url: '/api/inscriptos/export/excel', headers: bearer(auth) });
      expect(excel.statusCode).toBe(200);
      // A small file fits under the same ceiling (20 MB: the process's code and a small sheet).
      const ok = await upload(workbookDeclaring('A1:A2'), small.app, auth);
      expect(ok.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('the collection after a heavy job', () => {
  const exposed = (globalThis as { gc?: () => void }).gc;
  afterAll(() => {
    (globalThis as { gc?: () => void }).gc = exposed;
  });

  it('runs once, a moment after the last of jobs in a row, never while one runs', async () => {
    let collections = 0;
    const options: unknown[] = [];
    (globalThis as { gc?: (o: unknown) => void }).gc = (o) => ((collections += 1), options.push(o));
    const pauses: number[] = [];
    const jobs = createHeavyJobs({ database: { dataDir: '' }, onCollected: (ms) => pauses.push(ms) });
    jobs.begin()();
    const second = jobs.begin(); // starts before the first's collection is due
    await new Promise((r) => setTimeout(r, COLLECT_AFTER_MS + 200));
    expect(collections).toBe(0);
    second();
    await new Promise((r) => setTimeout(r, COLLECT_AFTER_MS / 2));
    expect(collections).toBe(0);
    await new Promise((r) => setTimeout(r, COLLECT_AFTER_MS / 2 + 200));
    expect(collections).toBe(1);
    expect(pauses).toHaveLength(1);
    // The collection that gives V8's freed pages back, not a plain gc() (decision 0012).
    expect(options).toEqual([RELEASING_COLLECTION]);
  });

  it('gives the pages V8 freed back to the system, which a plain gc() does not', () => {
    // In a process of its own with --expose-gc (vitest's has no gc): 1,000,000 small objects, dropped.
    const script = `
      let keep = [];
      for (let i = 0; i < 1e6; i++) keep.push({ i, s: 'x' + i, a: [i, i + 1] });
      keep = null;
      const mb = () => process.memoryUsage().rss / 1048576;
      gc();
      const plain = mb();
      gc(${JSON.stringify(RELEASING_COLLECTION)});
      console.log(JSON.stringify({ plain, releasing: mb() }));`;
    const out = execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=16', '-e', script], {
      encoding: 'utf8',
    });
    const { plain, releasing } = JSON.parse(out) as { plain: number; releasing: number };
    // The releasing collection gives back far more than a plain gc().
    expect(plain - releasing).toBeGreaterThan(50);
  });
});
