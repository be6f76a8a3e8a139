import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, TEST_DATABASE_URL, withPg } from './test/helper.ts';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './test/process.ts';
import { PUBLIC_URL_PRUEBAS, correoUnico, esperar, receptorSmtp, type Smtp } from './test/receptores.ts';
import { openDatabase } from './db/database.ts';
import type { DB } from './db/schema.ts';
import { encolarAviso } from './domain/avisos/encolar.ts';

/**
 * kill -9 of the real server process (main.ts) while it sends (decision 0029): after a restart every message is
 * delivered; a message sent twice is one the SMTP server accepted just before the kill, and its copy carries the
 * same Message-ID. The lease is 2 s here (AVISOS_TOMA_SEGUNDOS), so the messages the dead process held come back
 * soon after the restart.
 */
const N = 300;
const CONCURRENCIA = 8;
const STARTUP_MS = 45_000;

describe.each(DIALECTS)('kill -9 of the sending process (%s)', (dialect) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-avisos-kill-'));
  const dbName = `inscripciones_avisos_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  let smtp: Smtp;
  let db: Kysely<DB>;
  let env: Record<string, string>;
  let port = 0;
  let server: ServerProcess | undefined;

  const arrancar = async () => {
    server = spawnServer(env);
    const s = server;
    await Promise.race([
      waitForHealth(port, STARTUP_MS),
      s.exited.then((code) => {
        if (s === server) throw new Error(`the server exited with ${code}:\n${s.output().stderr}`);
      }),
    ]);
  };

  beforeAll(async () => {
    smtp = await receptorSmtp();
    port = await freePort();
    if (dialect === 'postgres') await withPg((c) => c.query(`create database ${dbName}`));
    env = {
      DATA_DIR: path.join(root, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'clave-admin-1',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'avisos@escuela.test',
      PUBLIC_URL: PUBLIC_URL_PRUEBAS,
      AVISOS_CONCURRENCIA: String(CONCURRENCIA),
      AVISOS_TOMA_SEGUNDOS: '2',
      ...(dialect === 'postgres' ? { DATABASE_URL: databaseUrl() } : {}),
    };
    await arrancar(); // migrates the new database
    db = openDatabase({ dataDir: env.DATA_DIR!, ...(dialect === 'postgres' ? { databaseUrl: databaseUrl() } : {}) }).db;
  }, STARTUP_MS + 5_000);

  afterAll(async () => {
    await server?.stop();
    await db?.destroy();
    await smtp?.close();
    if (dialect === 'postgres') await withPg((c) => c.query(`drop database if exists ${dbName} with (force)`));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('delivers every message after a restart, and a copy only with the same Message-ID', async () => {
    const destino = correoUnico();
    await smtp.regla(destino, { demoraMs: 10 }); // so that messages are in flight when the process dies
    const ids = await db.transaction().execute(async (tx) => {
      const hechos: string[] = [];
      for (let i = 0; i < N; i++) {
        const aviso = { tipo: 'oferta' as const, canal: 'email' as const, destino, asunto: 'Plaza', texto: `N° ${i}` };
        hechos.push(await encolarAviso(tx, aviso, new Date()));
      }
      return hechos;
    });
    await esperar(async () => (await smtp.ids(destino)).length >= N / 4, 30_000);
    const muerto = server!;
    muerto.child.kill('SIGKILL');
    await muerto.exited;
    const enCurso = await db.selectFrom('avisos').select('id').where('estado', '=', 'enviando').execute();
    expect(enCurso.length, 'messages the dead process was sending').toBeGreaterThan(0);

    await arrancar();
    const esperados = new Set(ids.map((id) => `<${id}@inscripciones.escuela.test>`));
    const recibidos = await esperar(async () => {
      const llegados = await smtp.ids(destino);
      return new Set(llegados).size >= N && llegados;
    }, 60_000);
    expect(new Set(recibidos)).toEqual(esperados); // none lost, none unknown
    const copias = recibidos.length - N;
    expect(copias, 'copies: only messages in flight at the kill').toBeLessThanOrEqual(CONCURRENCIA);
    // The server records a message before it answers; the sender records it a moment after the answer.
    const enviados = await esperar(async () => {
      const n = await db
        .selectFrom('avisos')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('estado', '=', 'enviado')
        .executeTakeFirstOrThrow();
      return Number(n.n) === N && Number(n.n);
    });
    expect(enviados).toBe(N);
  }, 120_000);
});
