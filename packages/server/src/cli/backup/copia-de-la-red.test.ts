import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { ADMIN, DIALECTS, TEST_DATABASE_URL, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto } from '../../test/inscriptos-fixtures.ts';
import { openDatabase, type Dialect } from '../../db/database.ts';
import { loadConfig } from '../../lib/config.ts';
import { createServer } from '../../server.ts';
import { verificarAuditoria } from '../audit/verificar-auditoria.ts';

/*
 * The SQL backup of a network (decision 0036, "Nota posterior"): the network's administrator downloads every
 * school's database in one file; `npm run restore` puts each back; a server started on the restored databases
 * answers for every school as the original did. A school's administrator is refused the backup.
 */
const CLI = path.join(import.meta.dirname, 'restore-cli.ts');

function restore(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, file], { env: { PATH: process.env.PATH ?? '', ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** An empty place to restore into: a new DATA_DIR, and on PostgreSQL a new database. */
async function emptyTarget(
  dialect: Dialect,
  dir: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(dir, 'destino-'));
  if (dialect === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: async () => undefined };
  const name = `red_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

const ESCUELAS = ['principal', 'norte', 'sur'] as const;

/** What a school shows its administrator: its name, its records with their numbers, its audit chain. */
async function vistaDeLaRed(app: FastifyInstance) {
  const token = await tokenFor(app, ADMIN.username, ADMIN.password);
  const get = async (url: string) => {
    const res = await app.inject({ url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const out: Record<string, unknown> = { escuelas: await get('/api/escuelas') };
  for (const codigo of ESCUELAS) {
    const lista = await get(`/api/inscriptos?escuela=${codigo}&pageSize=100`);
    out[codigo] = {
      total: lista.total,
      registros: lista.items
        .map((r: { id: string; numeroInscripcion: number | null; nombre1: string }) => [
          r.id,
          r.numeroInscripcion,
          r.nombre1,
        ])
        .sort(),
    };
  }
  for (const e of app.ctx.red.escuelas()) {
    const { db } = openDatabase(e.database);
    try {
      out[`auditoria-${e.codigo}`] = await verificarAuditoria(db, null);
    } finally {
      await db.destroy();
    }
  }
  return out;
}

describe.each(DIALECTS)("the network's SQL backup on %s", (dialect) => {
  let t: TestApp;
  let dir: string;
  let red: string;
  let dirNorte: string;
  const inject = (opts: InjectOptions) => t.app.inject(opts);

  async function finalizada(escuela: string, nombre1: string) {
    const datos = buildInscripto(new Date(), { nombre1 });
    const url = (p: string) => `/api/inscriptos${p}?escuela=${escuela}`;
    const creada = await inject({ method: 'POST', url: url(''), headers: bearer(red), payload: datos });
    expect(creada.statusCode, creada.body).toBe(201);
    const fin = await inject({
      method: 'POST',
      url: url(`/${creada.json().id}/finalizar`),
      headers: bearer(red),
      payload: { ...datos, version: creada.json().version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-copia-red-'));
    red = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    for (const codigo of ['norte', 'sur']) {
      const res = await inject({
        method: 'POST',
        url: '/api/escuelas',
        headers: bearer(red),
        payload: {
          codigo,
          escuelaNombre: `Escuela ${codigo}`,
          direccion: 'Calle 1',
          telefono: '2400 0000',
          horarios: 'De 8 a 16',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const user = await inject({
      method: 'POST',
      url: '/api/users?escuela=norte',
      headers: bearer(red),
      payload: {
        username: 'dir-norte',
        password: 'clave-segura-1',
        nombre: 'Directora Norte',
        email: 'dir@norte.edu.uy',
        escuelas: [{ escuela: 'norte', role: 'administrador' }],
      },
    });
    expect(user.statusCode, user.body).toBe(201);
    dirNorte = await tokenFor(t.app, 'dir-norte', 'clave-segura-1');
    await finalizada('principal', 'Principal');
    await finalizada('principal', 'Segunda');
    await finalizada('norte', 'Norteña');
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a school's administrator is refused the backup, which is the network's", async () => {
    const res = await inject({ url: '/api/inscriptos/export/sql', headers: bearer(dirNorte) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ESCUELA_MSG.copiaDeLaRed);
  });

  it('backup → restore: every school comes back, records, numbers, accounts and audit chain', async () => {
    const antes = await vistaDeLaRed(t.app);
    expect(antes).toMatchObject({
      principal: { total: 2 },
      norte: { total: 1 },
      sur: { total: 0 },
      'auditoria-principal': { ok: true },
      'auditoria-norte': { ok: true },
      'auditoria-sur': { ok: true },
    });
    const res = await inject({ url: '/api/inscriptos/export/sql?escuela=principal', headers: bearer(red) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.match(/^-- escuela: .*$/gm)).toEqual(['-- escuela: 2 norte', '-- escuela: 3 sur']);
    const file = path.join(dir, 'copia.sql');
    fs.writeFileSync(file, res.body);

    const target = await emptyTarget(dialect, dir);
    try {
      const result = await restore(file, target.env);
      expect(result.code, result.out).toBe(0);
      expect(result.out).toContain('3 escuelas');
      const config = loadConfig({
        ...target.env,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dir, 'no-web-build'),
      });
      const app = await createServer(config);
      try {
        expect(await vistaDeLaRed(app)).toEqual(antes);
        // The school's administrator, an account of the network's database, is back with its school.
        const me = (
          await app.inject({ url: '/api/auth/me', headers: bearer(await tokenFor(app, 'dir-norte', 'clave-segura-1')) })
        ).json().user;
        expect(me).toMatchObject({ role: 'administrador', escuelas: [{ codigo: 'norte', role: 'administrador' }] });
      } finally {
        await app.close();
      }
    } finally {
      await target.drop();
    }
  }, 60_000);
});
