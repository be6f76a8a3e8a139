/**
 * `npm run bench:asignacion-navegador -- [ninos=50000] [runs=5]`: the public "Verificar" of a network assignment
 * (docs/decisions/0028) in Chromium, as a visitor uses it. A seeded network the size of the product issue's goal
 * (50,000 children, up to 5 ranked schools each, 100 schools; `redGrande`, as `bench:asignacion`) is drawn,
 * assigned and written as its public acta; a local HTTP server serves the built web (packages/web/dist) and, at
 * /api/asignacion/acta-publica.json, that acta (uncompressed, from memory), and the bench clicks
 * "Verificar el acta publicada" on /asignacion/verificar: download, JSON.parse and `verificarAsignacion` in the
 * page's Web Worker, until the verdict is painted. Prints each run, and the median of the click-to-verdict time and
 * of the replay alone (the worker's own clock, shown in the verdict), and the CPU time all of Chromium's processes
 * used from click to verdict (from /proc). Exit 1 when that CPU median is 5 s or more (the wall clock follows the
 * shared machine's other load; the CPU time is what the page costs), or the acta does not match. Needs `npm run build` and the system Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium).
 */
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { armarActaAsignacion } from '../packages/shared/src/asignacion/acta-schema.ts';
import { azarDelSorteo } from '../packages/shared/src/asignacion/azar.ts';
import { asignarRed } from '../packages/shared/src/asignacion/deferred-acceptance.ts';
import { redDesde, redGrande } from '../packages/shared/src/test/asignacion-random.ts';

const ninos = Number(process.argv[2] ?? 50_000);
const runs = Number(process.argv[3] ?? 5);
const BUDGET_MS = 5000;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist');
const TICK_MS = 10; // CLK_TCK = 100 on Linux
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('packages/web/dist is missing: run `npm run build` first (the bench uses the built web app).');
  process.exit(2);
}

const { red: base, escuelas, solicitudes } = redGrande(42, { ninos });
const semilla = '5f'.repeat(32);
const valorPublico = 'loteria:04,08,15,16,23,42';
const azar = azarDelSorteo(
  solicitudes.map((s) => s.numero),
  semilla,
  valorPublico,
);
const red = redDesde([...escuelas.values()], solicitudes, azar, base.maxPreferencias);
const acta = JSON.stringify(
  armarActaAsignacion({
    id: 'bench',
    anio: 2027,
    asignadoEn: new Date().toISOString(),
    maxPreferencias: red.maxPreferencias,
    escuelas: red.escuelas,
    postulaciones: red.postulaciones,
    iniciales: new Map(solicitudes.map((s) => [s.numero, s.sexos.map(() => 'A. B. C.')])),
    semilla,
    fuenteValorPublico: { tipo: 'loteria', sorteo: 'Sorteo del banco de pruebas', cantidad: 6, cifras: 2 },
    valorPublico,
    resultados: asignarRed(red),
  }),
);
console.log(
  `Network: ${escuelas.size} schools, ${solicitudes.length} applications ` +
    `(${solicitudes.reduce((t, s) => t + s.sexos.length, 0)} children), up to ${red.maxPreferencias} choices; ` +
    `public acta ${(acta.length / 1024 / 1024).toFixed(1)} MB; ${os.cpus().length} CPUs, load average ` +
    `${os.loadavg()[0]!.toFixed(1)}`,
);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

// The built web and the acta from a plain local HTTP server: the download is as a visitor's on this machine.
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/asignacion/acta-publica.json') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(acta) });
    return res.end(acta);
  }
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return res.end('{"message":"No existe"}');
  }
  const file = path.join(dist, url.pathname);
  const found = file.startsWith(dist) && fs.existsSync(file) && fs.statSync(file).isFile();
  const served = found ? file : path.join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' });
  res.end(fs.readFileSync(served));
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** CPU time (user + system, ms) of this process's descendants: Chromium's processes (its renderer runs the worker). */
function cpuMs(): number {
  const stat = (p: number) => {
    try {
      const text = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
    } catch {
      return null;
    }
  };
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => ({ pid: Number(d), s: stat(Number(d)) }));
  const tree = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const { pid: p, s: st } of all) {
      if (st && tree.has(st.ppid) && !tree.has(p)) {
        tree.add(p);
        grew = true;
      }
    }
  }
  tree.delete(process.pid);
  return all.reduce((t, { pid: p, s: st }) => t + (tree.has(p) && st ? st.ticks * TICK_MS : 0), 0);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const total: number[] = [];
const replay: number[] = [];
const cpu: number[] = [];
try {
  const context = await browser.newContext({ locale: 'es-UY', viewport: { width: 1366, height: 768 } });
  for (let i = 0; i <= runs; i++) {
    const page = await context.newPage();
    await page.goto(`${origin}/asignacion/verificar`);
    const button = page.getByRole('button', { name: 'Verificar el acta publicada' });
    await button.waitFor();
    const t = performance.now();
    const c = cpuMs();
    await button.click();
    const verdict = page.getByTestId('asignacion-verificacion');
    await verdict.waitFor({ timeout: 120_000 });
    const ms = performance.now() - t;
    const used = cpuMs() - c;
    const text = (await verdict.textContent()) ?? '';
    await page.close();
    if (!text.startsWith('Coincide')) throw new Error(`the acta does not match: ${text}`);
    const worker = Number(/Repetida en ([\d,]+) s/.exec(text)?.[1]?.replace(',', '.') ?? NaN) * 1000;
    // The first run warms the browser's caches (the bundle, the worker's code); it is printed, not counted.
    console.log(
      `${i === 0 ? 'warm-up' : `run ${i}`}: click to verdict ${seconds(ms)} (replay in the worker ${seconds(worker)}; Chromium's CPU ${seconds(used)})`,
    );
    if (i === 0) {
      console.log(`  ${text}`);
      continue;
    }
    total.push(ms);
    replay.push(worker);
    cpu.push(used);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(
  `median of ${runs} runs: click to verdict ${seconds(median(total))} (min ${seconds(Math.min(...total))}, max ` +
    `${seconds(Math.max(...total))}); replay in the worker ${seconds(median(replay))}; Chromium's CPU ${seconds(median(cpu))}`,
);
// The budget is on CPU time, as bench:asignacion's: the wall clock follows the shared machine's other load.
if (median(cpu) >= BUDGET_MS) {
  console.error(`bench/asignacion-en-navegador: Chromium's CPU median is over ${BUDGET_MS} ms`);
  process.exit(1);
}
