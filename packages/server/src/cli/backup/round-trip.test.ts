import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, TEST_DATABASE_URL, bearer, buildTestApp, tokenFor, type TestApp } from '../../test/helper.ts';
import { buildInscripto, postInscripto } from '../../test/inscriptos-fixtures.ts';
import { openDatabase, type Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { appendAudit } from '../../data/auditoria/audit-repository.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import { sqlDump } from '../../db/sql-dump.ts';

/**
 * Backup → restore → backup with text the API now refuses but older versions stored: every C0 and C1 control
 * (NUL only on SQLite: PostgreSQL never stores it), DEL, the bidirectional characters, the Unicode
 * separators, the BOM, and text that looks like the dump's own escapes. Written straight into the database,
 * as old data would be. The restored database must hold the same bytes and dump to the same file.
 */
const CLI = path.join(import.meta.dirname, 'restore-cli.ts');

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const CLASSES: Record<string, string> = {
  c0: range(0x00, 0x1f).join(''),
  del: '\u007f',
  c1: range(0x80, 0x9f).join(''),
  bidi: '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c',
  separators: '\u2028\u2029',
  bom: '\ufeff',
  // What a lone surrogate became when stored, a noncharacter, emoji with a joiner, accents.
  unicode: '\ufffd\uffff 👨‍👩‍👧 Ñandú',
  // Text that looks like SQL or like the dump's own escapes must come back as typed.
  lookalikes: `O'Neill "x" \\ \\\\ \\0000 \\u001b unistr('a') U&'b' ' || char(0) || ' -- ; /* */ \r\n`,
};

function oldTexts(dialect: Dialect): Record<string, string> {
  const texts = Object.fromEntries(Object.entries(CLASSES).map(([k, v]) => [k, `Ana${v}Bel`]));
  texts.all = Object.values(CLASSES).join('|');
  // One value with thousands of escapes: a chain of concatenations would exceed SQLite's depth limit.
  texts.many = 'línea\n'.repeat(3000);
  // PostgreSQL refuses NUL in text: older versions answered 500 and stored nothing.
  if (dialect === 'postgres') for (const k of Object.keys(texts)) texts[k] = texts[k]!.replaceAll('\u0000', '');
  return texts;
}

/** Old data, written as older versions wrote it (raw in plain columns, JSON.stringify in JSON ones). */
async function writeOldData(db: Kysely<DB>, ids: string[], texts: Record<string, string>) {
  const now = new Date().toISOString();
  const values = Object.values(texts);
  for (const [i, value] of values.entries()) {
    await db
      .insertInto('users')
      .values({
        id: newId(),
        username: `antiguo${i}`,
        password_hash: 'x',
        nombre: value,
        email: `antiguo${i}@escuela.edu.uy`,
        activo: 1,
        session_version: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const [i, id] of ids.entries()) {
    const value = values[i % values.length]!;
    const row = await db.selectFrom('inscriptos').select('datos').where('id', '=', id).executeTakeFirstOrThrow();
    const datos = { ...JSON.parse(row.datos), nombre1: value, observaciones: texts.all };
    await db
      .updateTable('inscriptos')
      .set({ nombre_busqueda: value, datos: JSON.stringify(datos) })
      .where('id', '=', id)
      .execute();
  }
  await db.transaction().execute((tx) =>
    appendAudit(tx, {
      fecha: now,
      usuario: ADMIN.username,
      accion: 'editar',
      inscripto_id: ids[0]!,
      cambios: { nombre1: { antes: 'Ana', despues: texts.all } },
    }),
  );
  await db
    .insertInto('configuracion')
    .values({
      clave: 'contenido',
      valor: JSON.stringify({ contactoNombre: texts.all }),
      version: 1,
      actualizado_por: texts.c1!,
      actualizado_en: now,
    })
    .execute();
  await db
    .insertInto('sorteos')
    .values({
      id: newId(),
      ciclo_id: (await db.selectFrom('ciclos').select('id').where('actual', '=', 1).executeTakeFirstOrThrow()).id,
      estado: 'archivado',
      operador: ADMIN.username,
      operador_nombre: texts.bidi!,
      creado_en: now,
      anio: 2027,
      plazas_nenas: 1,
      plazas_varones: 1,
      participantes_hash: '0'.repeat(64),
      estadisticas: '{}',
      total: 0,
      semilla: '1'.repeat(64),
      compromiso: '2'.repeat(64),
      valor_publico: texts.all!,
      con_plan: 0,
      indice: 0,
      actualizado_en: now,
      archivado_en: now,
      archivado_por: ADMIN.username,
      archivado_por_nombre: texts.c0!,
      version: 1,
    })
    .execute();
  // An online application with a document: its encrypted bytes, every value of a byte among them.
  const solicitudId = newId();
  await db
    .insertInto('solicitudes')
    .values({
      id: solicitudId,
      ciclo_id: (await db.selectFrom('ciclos').select('id').where('actual', '=', 1).executeTakeFirstOrThrow()).id,
      codigo_hash: '3'.repeat(64),
      contacto_canal: 'email',
      contacto: 'familia@correo.uy',
      contacto_huella: '4'.repeat(64),
      estado: 'borrador',
      datos: JSON.stringify({ nombre1: texts.all }),
      version: 1,
      creado_en: now,
      actualizado_en: now,
      vence_en: now,
      enviada_en: null,
      nota: null,
      inscripto_id: null,
      verificada_por: null,
      verificada_en: null,
    })
    .execute();
  const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
  await db
    .insertInto('solicitudes_documentos')
    .values({
      id: newId(),
      solicitud_id: solicitudId,
      clase: 'ci',
      tipo: 'png',
      bytes: 512,
      cifrado: bytes,
      subido_en: now,
    })
    .execute();
}

const TABLES = [
  'users',
  'inscriptos',
  'auditoria',
  'configuracion',
  'sorteos',
  'solicitudes',
  'solicitudes_documentos',
] as const;
const KEYS: Record<(typeof TABLES)[number], string> = {
  users: 'id',
  inscriptos: 'id',
  auditoria: 'seq',
  configuracion: 'clave',
  sorteos: 'id',
  solicitudes: 'id',
  solicitudes_documentos: 'id',
};

async function snapshot(db: Kysely<DB>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = await db.selectFrom(table).selectAll().orderBy(sql.ref(KEYS[table])).execute();
  }
  return out;
}

function restore(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [CLI, file], { env: { PATH: process.env.PATH ?? '', ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** An empty database of `dialect` to restore into; `env` for the CLI, `open` to read it afterwards. */
async function emptyTarget(
  dialect: Dialect,
  dir: string,
): Promise<{ env: Record<string, string>; open: () => ReturnType<typeof openDatabase>; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(dir, 'destino-'));
  if (dialect === 'sqlite') {
    return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }), drop: async () => undefined };
  }
  const name = `roundtrip_${crypto.randomBytes(5).toString('hex')}`;
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ dataDir, databaseUrl: url.toString() }),
    drop: async () => {
      // Without force: pg's pool.end() resolves before its connections close, and DROP DATABASE waits for them.
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

const withoutDate = (dump: string) => dump.replace(/^-- fecha: .*$/m, '');

/** Every character the dump writes as an escape, for checking that none is left raw (line breaks apart). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const INVISIBLE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

/** A dump as versions before the escapes wrote it: every escaped literal back to raw text in plain quotes. */
function asOlderVersionsWroteIt(dump: string, dialect: Dialect): string {
  const literal = dialect === 'sqlite' ? /unistr\('((?:[^']|'')*)'\)/g : /U&'((?:[^']|'')*)'/g;
  return dump.replace(literal, (_m, body: string) => {
    const raw = body.replace(/\\(\\|[0-9A-F]{4})/g, (_e, code: string) =>
      code === '\\' ? '\\' : String.fromCharCode(parseInt(code, 16)),
    );
    return `'${raw}'`;
  });
}

describe.each(DIALECTS)('backup → restore → backup with old text (%s)', (dialect) => {
  let t: TestApp;
  let dir: string;
  let dump: string;
  let source: Record<string, unknown[]>;
  const texts = oldTexts(dialect);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-roundtrip-'));
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const ids: string[] = [];
    for (let i = 0; i < Object.keys(texts).length; i++)
      ids.push((await postInscripto(t.app, token, buildInscripto(new Date()))).id);
    await writeOldData(t.app.ctx.db, ids, texts);
    source = await snapshot(t.app.ctx.db);
    const res = await t.app.inject({ url: '/api/inscriptos/export/sql', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    dump = res.body;
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes no invisible character into the file: each is an escape', () => {
    expect(dump).not.toMatch(INVISIBLE);
    expect(dump).toContain(dialect === 'sqlite' ? "unistr('Ana\\0000\\0001" : "U&'Ana\\0001\\0002");
    expect(dump).toContain("O''Neill");
  });

  it('restores byte-exact, and the restored database dumps to the same file', async () => {
    const file = path.join(dir, 'copia.sql');
    fs.writeFileSync(file, dump);
    const target = await emptyTarget(dialect, dir);
    try {
      const result = await restore(file, target.env);
      expect(result.code, result.out).toBe(0);
      const { db } = target.open();
      try {
        const restored = await snapshot(db);
        expect(restored).toEqual(source);
        const nombres = new Set((restored.users as { nombre: string }[]).map((u) => u.nombre));
        for (const value of Object.values(texts)) expect(nombres.has(value), JSON.stringify(value)).toBe(true);
        expect(await verifyChain(allAuditEntries(db), await auditHead(db))).toMatchObject({ ok: true });
        const again = await text(sqlDump(db, dialect, new Date()));
        expect(Buffer.from(withoutDate(again))).toEqual(Buffer.from(withoutDate(dump)));
      } finally {
        await db.destroy();
      }
    } finally {
      await target.drop();
    }
  });

  it('restores a copy made before the escapes, raw characters and all', async () => {
    const old = asOlderVersionsWroteIt(dump, dialect);
    expect(old).toMatch(INVISIBLE);
    if (dialect === 'sqlite') expect(old).toContain('\u0000');
    const file = path.join(dir, 'copia-antigua.sql');
    fs.writeFileSync(file, old);
    const target = await emptyTarget(dialect, dir);
    try {
      const result = await restore(file, target.env);
      expect(result.code, result.out).toBe(0);
      const { db } = target.open();
      try {
        expect(await snapshot(db)).toEqual(source);
      } finally {
        await db.destroy();
      }
    } finally {
      await target.drop();
    }
  });
});
