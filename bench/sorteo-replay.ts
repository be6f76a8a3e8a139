/**
 * `npm run bench:sorteo-replay -- [participants=5000]`: a whole raffle of `participants` children run through
 * the real server (every draw confirmed), finalised, and then replayed from its public acta (issue 16) twice:
 * with the CLI (`npm run sorteo:verificar`, a new Node process) and in Chromium ("Verificar este sorteo" on
 * /sorteo, without a session). Prints the time each took. Needs the built web (`npm run build`) and the
 * system Chromium (CHROMIUM_PATH, default /usr/bin/chromium). SQLite.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { apiClient, apiText, baseUrl, drawWholeRaffle, login, withSeededServer } from './bench-server.ts';
import { seedFinalised } from './bench-seed.ts';

const participants = Number(process.argv[2] ?? 5000);
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
        const button = page.getByRole('button', { name: 'Verificar este sorteo' });
        await button.waitFor();
        t = performance.now();
        await button.click();
        const result = page.getByTestId('sorteo-verificacion');
        await result.waitFor({ timeout: 120_000 });
        const browserMs = performance.now() - t;
        const text = (await result.textContent()) ?? '';
        if (!text.startsWith('Coincide')) throw new Error(`browser: ${text}`);
        console.log(`browser (Chromium, click to answer, acta download included): ${seconds(browserMs)} — ${text}`);
      } finally {
        await browser.close();
      }
    },
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
