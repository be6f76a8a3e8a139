/**
 * The families' online application under load (docs/decisions/0035, 0038): `families` families (default 200)
 * at once against one real server, each from an address of its own (TRUST_PROXY=1, X-Forwarded-For, as behind
 * the nginx of docs/operations.md): create the application, save it section by section (11 saves and a last
 * one, each the whole form so far, as the web sends it), upload its two documents (a phone photo of the CI
 * with its metadata and a scanned PDF of the proof of address) and send it, pausing `think` ms on average
 * between steps (0: every request back to back, a stress test rather than a day). Every request's time is kept;
 * errors are any answer that is not 2xx. Then, on the SQLite run, the bytes Chromium transfers to show
 * `/solicitud`'s first screen (the built SPA: run `npm run build` first). SQLite always, PostgreSQL too with
 * BENCH_DATABASE_URL (a database called bench…, emptied first). Budget: 0 errors and save p95 < 100 ms on each
 * dialect; first screen ≤ 160 KB transferred (exit 1 otherwise).
 *
 *   npm run bench:solicitudes -- [families=200] [think=3000] [photoWidth=1600]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_solicitudes npm run bench:solicitudes
 */
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import type { Dialect } from '../packages/server/src/db/database.ts';
import { completeInscripto } from '../packages/shared/src/test/fixtures.ts';
import { ciCheckDigit } from '../packages/shared/src/inscriptos/ci.ts';
import { INSCRIPTO_FIELDS, SECTION_NUMBERS } from '../packages/shared/src/inscriptos/fields.ts';
import { crearJpeg, crearPdf, jpegConMetadatos } from '../packages/server/src/test/documentos-fixtures.ts';
import { baseUrl, onEachDialect, percentile } from './bench-server.ts';

const families = Number(process.argv[2] ?? 200);
/** Mean pause of a family between two steps (a section typed, a photo taken), drawn from 0.5× to 1.5× of it. */
const thinkMs = Number(process.argv[3] ?? 3000);
const photoWidth = Number(process.argv[4] ?? 1600);
const PASSWORD = 'clave-bench-1';
const BUDGET_SAVE_P95_MS = 100;
const BUDGET_FIRST_SCREEN_KB = 160;
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;

/** The same two files for every family: built once (a noisy image compresses like a photo). */
const foto = jpegConMetadatos({
  base: crearJpeg(photoWidth, Math.round((photoWidth * 3) / 4), { ruido: true, calidad: 85 }),
});
function pdfEscaneado(): Buffer {
  const ancho = Math.round(photoWidth * 0.75);
  const alto = Math.round(ancho * 1.4);
  const imagen = crearJpeg(ancho, alto, { ruido: true, calidad: 75 });
  const objeto = Buffer.concat([
    Buffer.from(
      `<< /Type /XObject /Subtype /Image /Width ${ancho} /Height ${alto} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${imagen.length} >>\nstream\n`,
    ),
    imagen,
    Buffer.from('\nendstream'),
  ]);
  return crearPdf({ objetos: [objeto] });
}
const escaneo = pdfEscaneado();

/** The form of family `i`: complete, a CI of its own, no siblings applying with it. */
function formulario(i: number): Record<string, unknown> {
  const first7 = String(6_200_000 + i * 11);
  const { hermanosInscriben: _h, ...datos } = completeInscripto(new Date());
  return { ...datos, ci: `${first7}${ciCheckDigit(first7)}`, cantidadHermanosInscriben: 0 };
}

/** The form as it grows: sections 1, 1–2, …, 1–11 (each save sends everything the family has so far). */
function porSecciones(datos: Record<string, unknown>): Record<string, unknown>[] {
  return SECTION_NUMBERS.map((hasta) => {
    const campos = new Set(INSCRIPTO_FIELDS.filter((f) => f.section <= hasta).map((f) => f.name));
    return Object.fromEntries(Object.entries(datos).filter(([k]) => campos.has(k) || hasta === 11));
  });
}

type Paso = 'crear' | 'guardar' | 'subir' | 'enviar';
interface Resultado {
  tiempos: Record<Paso, number[]>;
  errores: string[];
  limitadas: number;
  enviadas: number;
}

/** A family's pause between steps: 0 with think = 0 (every request back to back: a stress, not a day). */
const pausa = () => new Promise((res) => setTimeout(res, thinkMs * (0.5 + Math.random())));

async function familia(base: string, i: number, r: Resultado): Promise<void> {
  // They all have the page open at once, but do not press their first button in the same millisecond.
  await new Promise((res) => setTimeout(res, Math.random() * thinkMs));
  const ip = `10.${(i >> 8) & 255}.${i & 255}.7`;
  const medir = async (paso: Paso, init: RequestInit & { url: string }) => {
    const t0 = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(base + init.url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': ip },
      });
      text = await res.text();
    } catch (e) {
      // A connection reset or refused is an error like a 5xx, not the end of the run.
      r.errores.push(`${paso} ${String((e as { cause?: { code?: unknown } }).cause?.code ?? e)}`);
      return null;
    }
    r.tiempos[paso].push(performance.now() - t0);
    if (res.status === 429) r.limitadas++;
    if (res.status < 200 || res.status >= 300) {
      r.errores.push(`${paso} ${res.status} ${text.slice(0, 160)}`);
      return null;
    }
    return JSON.parse(text) as Record<string, unknown>;
  };
  const json = (body: unknown, extra: Record<string, string> = {}) => ({
    headers: { 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  const creada = await medir('crear', {
    url: '/api/solicitudes',
    method: 'POST',
    ...json({ contacto: `familia${i}@bench.uy` }),
  });
  if (!creada) return;
  const con = { 'x-codigo-solicitud': String(creada.codigo) };
  const url = `/api/solicitudes/${String(creada.id)}`;
  const datos = formulario(i);
  for (const parte of [...porSecciones(datos), datos]) {
    await pausa();
    if (!(await medir('guardar', { url, method: 'PUT', ...json(parte, con) }))) return;
  }
  for (const [clase, nombre, tipo, bytes] of [
    ['ci', 'cedula.jpg', 'image/jpeg', foto],
    ['domicilio', 'ute.pdf', 'application/pdf', escaneo],
  ] as const) {
    await pausa();
    const form = new FormData();
    form.append('clase', clase);
    form.append('archivo', new Blob([new Uint8Array(bytes)], { type: tipo }), nombre);
    if (!(await medir('subir', { url: `${url}/documentos`, method: 'POST', headers: con, body: form }))) return;
  }
  await pausa();
  if (await medir('enviar', { url: `${url}/enviar`, method: 'POST', headers: con })) r.enviadas++;
}

/** Bytes Chromium transfers to show /solicitud's first screen (the document and everything it loads). */
async function primeraPantalla(base: string): Promise<{ kb: number; recursos: number; codificacion: string }> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'es-UY' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let recursos = 0;
    const codificaciones = new Set<string>();
    const urls = new Map<string, string>();
    const detalle: [string, number][] = [];
    cdp.on('Network.loadingFinished', (e) => {
      bytes += e.encodedDataLength;
      recursos++;
      detalle.push([urls.get(e.requestId) ?? e.requestId, e.encodedDataLength]);
    });
    cdp.on('Network.responseReceived', (e) => {
      urls.set(e.requestId, new URL(e.response.url).pathname);
      const enc = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'];
      if (enc) codificaciones.add(enc);
    });
    await page.goto(`${base}/solicitud`);
    await page.getByRole('button', { name: 'Empezar la solicitud' }).waitFor();
    await page.waitForLoadState('networkidle');
    if (process.env.BENCH_VERBOSE) {
      for (const [u, b] of detalle.sort((a, c) => c[1] - a[1])) console.log(`    ${(b / 1024).toFixed(1)} KB ${u}`);
    }
    return { kb: bytes / 1024, recursos, codificacion: [...codificaciones].join(', ') || 'ninguna' };
  } finally {
    await browser.close();
  }
}

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1)} ms, p95 ${percentile(s, 95).toFixed(1)} ms, max ${(s.at(-1) ?? NaN).toFixed(1)} ms (${s.length})`;
};

console.log(
  `${families} families at once, ${thinkMs} ms mean pause between steps; CI photo ${(foto.length / 1024).toFixed(0)} KB (JPEG ${photoWidth} px wide, with ` +
    `metadata), proof of address ${(escaneo.length / 1024).toFixed(0)} KB (scanned PDF)`,
);
const outcomes = await onEachDialect(
  { pgUrl, adminPassword: PASSWORD, seed: async () => {}, startTimeoutMs: 120_000, env: { TRUST_PROXY: '1' } },
  async (dialect: Dialect, port: number) => {
    const base = baseUrl(port);
    const r: Resultado = {
      tiempos: { crear: [], guardar: [], subir: [], enviar: [] },
      errores: [],
      limitadas: 0,
      enviadas: 0,
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: families }, (_, i) => familia(base, i, r)));
    const segundos = (performance.now() - t0) / 1000;
    const guardar = [...r.tiempos.guardar].sort((a, b) => a - b);
    console.log(
      `\n${dialect}: ${r.enviadas} of ${families} sent in ${segundos.toFixed(1)} s; errors ${r.errores.length} (429: ${r.limitadas})`,
    );
    for (const paso of ['crear', 'guardar', 'subir', 'enviar'] as const)
      console.log(`  ${paso.padEnd(8)} ${fmt(r.tiempos[paso])}`);
    for (const e of [...new Set(r.errores)].slice(0, 5)) console.log(`  error: ${e}`);
    const pantalla = dialect === 'sqlite' ? await primeraPantalla(base) : null;
    if (pantalla) {
      console.log(
        `  /solicitud first screen: ${pantalla.kb.toFixed(1)} KB transferred in ${pantalla.recursos} responses ` +
          `(Content-Encoding: ${pantalla.codificacion})`,
      );
    }
    return { dialect, errores: r.errores.length, saveP95: percentile(guardar, 95), pantalla };
  },
);

const fallas: string[] = [];
for (const o of outcomes) {
  if (o.errores) fallas.push(`${o.dialect}: ${o.errores} errors`);
  if (!(o.saveP95 < BUDGET_SAVE_P95_MS))
    fallas.push(`${o.dialect}: save p95 ${o.saveP95.toFixed(1)} ms ≥ ${BUDGET_SAVE_P95_MS}`);
  if (o.pantalla && o.pantalla.kb > BUDGET_FIRST_SCREEN_KB)
    fallas.push(`first screen ${o.pantalla.kb.toFixed(1)} KB > ${BUDGET_FIRST_SCREEN_KB}`);
}
console.log(fallas.length ? `\nOVER BUDGET: ${fallas.join('; ')}` : '\nwithin budget');
process.exit(fallas.length ? 1 : 0);
