/**
 * A simulated season after the raffle (docs/decisions/0015), through the real server over HTTP: with
 * `participants` finalised children (default 5,000) and `places` places (default 300, half per list), the
 * raffle is run to the end (start, every draw, end); then, round after round, every open offer is answered,
 * declined with probability `declines` (default 0.4, seeded) and accepted otherwise, until no offer is open.
 * Reported: the season's time, the answers and offers made, the p50/p95 of one answer (POST respuesta) and of
 * the Plazas screen's read (GET /api/plazas), and the verdict of `npm run sorteo:verificar -- acta.json
 * --plazas registro.json` on what the server published. SQLite always; PostgreSQL too when BENCH_DATABASE_URL
 * is set (its database name must contain "bench"). Then the public register is verified from the public acta alone,
 * as the public board's "Verificar las plazas" does, and timed.
 *
 *   node bench/plazas-season.ts [participants=5000] [places=300] [declines=0.4]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verificarRegistroPublico } from '../packages/shared/src/plazas/verificar-registro-publico.ts';
import { ZActaPublica } from '../packages/shared/src/sorteo/acta-schema.ts';
import type { Dialect } from '../packages/server/src/db/database.ts';
import { apiClient, baseUrl, drawWholeRaffle, login, onEachDialect, percentile } from './bench-server.ts';
import { answerWholeSeason } from './bench-season.ts';
import { seedFinalised } from './bench-seed.ts';

const participants = Number(process.argv[2] ?? 5000);
const places = Number(process.argv[3] ?? 300);
const declines = Number(process.argv[4] ?? 0.4);
const PASSWORD = 'clave-bench-1';
const pgUrl = process.env.BENCH_DATABASE_URL || undefined;
const CLI = path.resolve(import.meta.dirname, '../packages/server/src/cli/sorteo/verify-cli.ts');

interface Outcome {
  dialect: Dialect;
  raffleS: number;
  seasonS: number;
  rounds: number;
  answers: number;
  declined: number;
  offers: number;
  promotions: number;
  accepted: number;
  free: number;
  answerP50: number;
  answerP95: number;
  readP50: number;
  readP95: number;
  verdict: string;
  publicVerdict: string;
}

async function measure(dialect: Dialect, port: number): Promise<Outcome> {
  const { api } = apiClient(baseUrl(port));
  const token = await login(api, PASSWORD);
  let t = performance.now();
  const started = await api('POST', '/api/sorteo/start', token, {
    plazasNenas: Math.ceil(places / 2),
    plazasVarones: Math.floor(places / 2),
    motivoDuplicados: 'Simulación de temporada (bench)',
    fuenteValorPublico: { tipo: 'dados', cantidad: 6 },
  });
  await api('POST', '/api/sorteo/valor-publico', token, { valor: '4 2 5 1 6 3', origen: 'Dados del banco' });
  await drawWholeRaffle(api, token);
  await api('POST', '/api/sorteo/end', token);
  const raffleS = (performance.now() - t) / 1000;

  t = performance.now();
  const { estado, rounds, declined, answerMs, readMs } = await answerWholeSeason(api, token, declines);
  const seasonS = (performance.now() - t) / 1000;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plazas-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'acta.json'),
      JSON.stringify(await api('GET', `/api/sorteo/actas/${started.id}/acta.json`, token)),
    );
    fs.writeFileSync(
      path.join(dir, 'registro.json'),
      JSON.stringify(await api('GET', '/api/plazas/registro.json', token)),
    );
    const verify = spawnSync(
      process.execPath,
      [CLI, path.join(dir, 'acta.json'), '--plazas', path.join(dir, 'registro.json')],
      { encoding: 'utf8' },
    );
    const verdict = `${verify.status === 0 ? 'OK' : 'FAILED'}: ${`${verify.stdout}${verify.stderr}`.trim().replace(/\n/g, ' / ')}`;
    // From public data alone: the public acta and the chained public register, as the browser does.
    const actaPublica = await api('GET', `/api/sorteo/actas/${started.id}/acta-publica.json`);
    const registro = await api('GET', '/api/plazas/registro-publico.json');
    const v = performance.now();
    const publico = verificarRegistroPublico(registro, ZActaPublica.parse(actaPublica));
    const publicVerdict = `${publico.ok ? 'OK' : `FAILED: ${publico.error}`} in ${(performance.now() - v).toFixed(0)} ms`;
    answerMs.sort((a, b) => a - b);
    readMs.sort((a, b) => a - b);
    const children = estado.ofertas.length;
    return {
      dialect,
      raffleS,
      seasonS,
      rounds,
      answers: answerMs.length,
      declined,
      offers: children,
      promotions: estado.ofertas.filter((o) => o.origen === 'suplente').length,
      accepted: estado.listas.nenas.aceptadas + estado.listas.varones.aceptadas,
      free: estado.listas.nenas.libres + estado.listas.varones.libres,
      answerP50: percentile(answerMs, 50),
      answerP95: percentile(answerMs, 95),
      readP50: percentile(readMs, 50),
      readP95: percentile(readMs, 95),
      verdict,
      publicVerdict,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const outcomes = await onEachDialect(
  { pgUrl, adminPassword: PASSWORD, seed: (db) => seedFinalised(db, participants) },
  measure,
);

console.log(
  `\nSeason after a raffle of ${participants} children for ${places} places, ${declines * 100}% of answers declines, ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)} at the end, Node ${process.version}\n`,
);
console.log(
  '| dialect | raffle s | season s | rounds | answers (declines) | offers to children (by roll-up) | accepted | free | answer p50/p95 ms | GET /api/plazas p50/p95 ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const o of outcomes) {
  console.log(
    `| ${o.dialect} | ${o.raffleS.toFixed(1)} | ${o.seasonS.toFixed(1)} | ${o.rounds} | ${o.answers} (${o.declined}) | ` +
      `${o.offers} (${o.promotions}) | ${o.accepted} | ${o.free} | ${o.answerP50.toFixed(0)}/${o.answerP95.toFixed(0)} | ` +
      `${o.readP50.toFixed(0)}/${o.readP95.toFixed(0)} |`,
  );
}
for (const o of outcomes) console.log(`${o.dialect} verifier: ${o.verdict}`);
for (const o of outcomes) console.log(`${o.dialect} public register, verified as the browser does: ${o.publicVerdict}`);
if (outcomes.some((o) => !o.verdict.startsWith('OK') || !o.publicVerdict.startsWith('OK'))) process.exitCode = 1;
