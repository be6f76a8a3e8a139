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
import { openDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { seedInscriptos } from '../packages/server/src/seed/seed.ts';
import { apiClient, apiText, baseUrl, freePort, startServer, stopServer } from './bench-server.ts';

const participants = Number(process.argv[2] ?? 5000);
const PASSWORD = 'clave-bench-1';
const root = path.resolve(import.meta.dirname, '..');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Enough enrolments for `participants` finalised children; whole families set back to pendiente beyond. */
async function seed(dataDir: string): Promise<void> {
  const { db } = openDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await seedInscriptos(db, {
      count: Math.ceil(participants / 0.55),
      today: new Date(),
      usernames: ['admin'],
      seed: 8,
    });
    const families = await db
      .selectFrom('inscriptos')
      .select(['numero_inscripcion', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('estado', '=', 'finalizado')
      .groupBy('numero_inscripcion')
      .orderBy('numero_inscripcion', 'desc')
      .execute();
    let excess = families.reduce((s, f) => s + Number(f.n), 0) - participants;
    const demote: number[] = [];
    for (const f of families) {
      if (excess === 0) break;
      if (Number(f.n) <= excess) {
        demote.push(f.numero_inscripcion!);
        excess -= Number(f.n);
      }
    }
    for (let i = 0; i < demote.length; i += 500) {
      await db
        .updateTable('inscriptos')
        .set({ estado: 'pendiente' })
        .where('numero_inscripcion', 'in', demote.slice(i, i + 500))
        .execute();
    }
    // Generated look-alikes are possible duplicates: the bench is about the replay, resolved by a reason.
  } finally {
    await db.destroy();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-bench-replay-'));
const port = await freePort();
const base = baseUrl(port);
const { api } = apiClient(base);
await seed(dataDir);
const server = await startServer({ port, dataDir, adminPassword: PASSWORD, startTimeoutMs: 300_000 });
try {
  const token = (await api('POST', '/api/auth/login', undefined, { username: 'admin', password: PASSWORD }))
    .token as string;
  let t = performance.now();
  const start = await api('POST', '/api/sorteo/start', token, { motivoDuplicados: 'Datos generados del banco' });
  console.log(
    `raffle: ${start.estadisticas.total} children in ${start.total} draws, started in ${seconds(performance.now() - t)}`,
  );
  await api('POST', '/api/sorteo/valor-publico', token, { valor: '4 8 15 16 23 42', origen: 'Dados del banco' });
  t = performance.now();
  for (;;) {
    const next = await api('GET', '/api/sorteo/next', token);
    if (!next.participante) break;
    await api('POST', '/api/sorteo/confirm', token, { participante: next.participante, index: next.index });
  }
  console.log(`every draw shown and confirmed over HTTP in ${seconds(performance.now() - t)}`);
  t = performance.now();
  const ended = await api('POST', '/api/sorteo/end', token, { escribano: 'Esc. Banco', testigos: ['Testigo Uno'] });
  console.log(`finalised (acta JSON, public acta and PDF stored) in ${seconds(performance.now() - t)}`);

  const actaText = await apiText(base, 'GET', `/api/sorteo/actas/${ended.actaId}/acta-publica.json`);
  const file = path.join(dataDir, 'acta-publica.json');
  fs.writeFileSync(file, actaText);
  console.log(`public acta: ${(actaText.length / 1024 / 1024).toFixed(2)} MB`);

  t = performance.now();
  const cli = spawnSync(
    process.execPath,
    [path.join(root, 'packages/server/src/features/sorteo/verify-cli.ts'), file, '--hash', start.participantesHash],
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
} catch (e) {
  console.error(`server output:\n${server.output()}`);
  throw e;
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
