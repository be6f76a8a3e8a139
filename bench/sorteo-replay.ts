/**
 * `npm run bench:sorteo-replay -- [participants=5000] [places=300]`: a whole raffle of `participants` children run
 * through the real server (every draw confirmed), finalised, and its offers season answered to the end (40 %
 * declines); then replayed from public data alone: with the CLI (`npm run sorteo:verificar`, a new Node process)
 * and in Chromium, without a session: "Verificar este sorteo" (the acta) and "Verificar las plazas" (the acta and
 * the chained public register), plus the BLS12-381 check a drand value adds (a real quicknet round, bundled from
 * the shared verifier). Prints the time each took. Needs the built web (`npm run build`) and the system Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). SQLite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { apiClient, apiText, baseUrl, drawWholeRaffle, login, withSeededServer } from './bench-server.ts';
import { answerWholeSeason } from './bench-season.ts';
import { seedFinalised } from './bench-seed.ts';

const participants = Number(process.argv[2] ?? 5000);
const places = Number(process.argv[3] ?? 300);
const PASSWORD = 'clave-bench-1';
const root = path.resolve(import.meta.dirname, '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-replay-'));
try {
  await withSeededServer(
    {
      dialect: 'sqlite',
      pgUrl: undefined,
      adminPassword: PASSWORD,
      // Generated look-alikes are possible duplicates: the bench is about the replay, resolved by a reason.
      seed: (db) => seedFinalised(db, participants),
      startTimeoutMs: 300_000,
    },
    async (port) => {
      const base = baseUrl(port);
      const { api } = apiClient(base);
      const token = await login(api, PASSWORD);
      let t = performance.now();
      const start = await api('POST', '/api/sorteo/start', token, {
        plazasNenas: Math.ceil(places / 2),
        plazasVarones: Math.floor(places / 2),
        motivoDuplicados: 'Datos generados del banco',
        fuenteValorPublico: { tipo: 'dados', cantidad: 6 },
      });
      console.log(
        `raffle: ${start.estadisticas.total} children in ${start.total} draws, started in ${seconds(performance.now() - t)}`,
      );
      await api('POST', '/api/sorteo/valor-publico', token, { valor: '4 2 5 1 6 3', origen: 'Dados del banco' });
      t = performance.now();
      await drawWholeRaffle(api, token);
      console.log(`every draw shown and confirmed over HTTP in ${seconds(performance.now() - t)}`);
      t = performance.now();
      const ended = await api('POST', '/api/sorteo/end', token, { escribano: 'Esc. Banco', testigos: ['Testigo Uno'] });
      console.log(`finalised (acta JSON, public acta and PDF stored) in ${seconds(performance.now() - t)}`);

      t = performance.now();
      const season = await answerWholeSeason(api, token, 0.4);
      const registro = await apiText(base, 'GET', '/api/plazas/registro-publico.json');
      console.log(
        `season: ${season.estado.ofertas.length} offers answered in ${season.rounds} rounds (${season.declined} declines) ` +
          `in ${seconds(performance.now() - t)}; public register ${(registro.length / 1024).toFixed(0)} kB`,
      );

      const actaText = await apiText(base, 'GET', `/api/sorteo/actas/${ended.actaId}/acta-publica.json`);
      const file = path.join(dir, 'acta-publica.json');
      fs.writeFileSync(file, actaText);
      console.log(`public acta: ${(actaText.length / 1024 / 1024).toFixed(2)} MB`);

      t = performance.now();
      const cli = spawnSync(
        process.execPath,
        [path.join(root, 'packages/server/src/cli/sorteo/verify-cli.ts'), file, '--hash', start.participantesHash],
        { encoding: 'utf8' },
      );
      const cliMs = performance.now() - t;
      if (cli.status !== 0) throw new Error(`CLI: ${cli.stdout}${cli.stderr}`);
      console.log(`CLI (npm run sorteo:verificar, new Node process): ${cli.stdout.trim()} — ${seconds(cliMs)}`);

      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu'],
      });
      try {
        const page = await browser.newPage({ locale: 'es-UY' });
        await page.goto(`${base}/sorteo`);
        const sorteoMs = await clickAndTime(page, 'Verificar este sorteo', 'sorteo-verificacion', 'Coincide');
        const plazasMs = await clickAndTime(page, 'Verificar las plazas', 'plazas-verificacion', 'Coincide');
        // The board's CSP allows no inline script: the pairing runs in a blank page of the same browser.
        const drand = await drandInPage(await browser.newPage());
        console.log(
          `browser, the whole season ("Verificar las plazas": acta replay + public register, download included) ` +
            `${seconds(plazasMs)} + drand signature of round ${drand.ronda} ${drand.ms.toFixed(0)} ms = ` +
            `${seconds(plazasMs + drand.ms)}`,
        );
        console.log(`browser, the raffle alone ("Verificar este sorteo"): ${seconds(sorteoMs)}`);
      } finally {
        await browser.close();
      }
    },
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Clicks a verify button of the public board and waits for its verdict; milliseconds from click to answer. */
async function clickAndTime(page: Page, button: string, testId: string, expected: string): Promise<number> {
  const control = page.getByRole('button', { name: button });
  await control.waitFor();
  const t = performance.now();
  await control.click();
  const result = page.getByTestId(testId);
  await result.waitFor({ timeout: 120_000 });
  const ms = performance.now() - t;
  const text = (await result.textContent()) ?? '';
  if (!text.startsWith(expected)) throw new Error(`${button}: ${text}`);
  console.log(`  ${button}: ${text}`);
  return ms;
}

/** The BLS12-381 pairing check the verifier runs on a drand value, bundled from the shared module into the page. */
async function drandInPage(page: Page): Promise<{ ok: boolean; ronda: number; ms: number }> {
  const bundle = await build({
    entryPoints: [path.join(root, 'bench/drand-en-navegador.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
  });
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  const drand = await page.evaluate(() =>
    (
      globalThis as unknown as { verificarDrandBench: () => { ok: boolean; ronda: number; ms: number } }
    ).verificarDrandBench(),
  );
  if (!drand.ok) throw new Error('drand: the real round did not verify in the browser');
  return drand;
}
