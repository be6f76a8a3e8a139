import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workbookWithSharedStrings } from '../packages/server/src/test/xlsx-fixtures.ts';
import { api, baseUrl, startServer, stopServer } from './bench-server.ts';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fjx-'));
fs.copyFileSync('/tmp/fj-seed/10000/inscripciones.db', path.join(dir, 'inscripciones.db'));
const port = 3407;
const base = baseUrl(port);
const server = await startServer({ port, dataDir: dir, adminPassword: 'clave-bench-1', startTimeoutMs: 120_000 });
const hostile = workbookWithSharedStrings(170_000, 1_070);
try {
  const token = (
    await api(base, 'POST', '/api/auth/login', undefined, { username: 'admin', password: 'clave-bench-1' })
  ).token;
  const lat: number[] = [];
  let stop = false;
  const probe = (async () => {
    while (!stop) {
      const t = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.text());
      lat.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('excelFile', new Blob([new Uint8Array(hostile)]), 'h.xlsx');
    const t = performance.now();
    const res = await fetch(`${base}/api/inscriptos/import/excel`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.text();
    console.log(res.status, (performance.now() - t).toFixed(0), 'ms', body.slice(0, 80));
  }
  stop = true;
  await probe;
  lat.sort((a, b) => a - b);
  console.log(
    'health n',
    lat.length,
    'p50',
    lat[Math.floor(lat.length / 2)]?.toFixed(0),
    'max',
    lat.at(-1)?.toFixed(0),
  );
} finally {
  await stopServer(server);
  console.log(server.output().slice(-2000));
  fs.rmSync(dir, { recursive: true, force: true });
}
