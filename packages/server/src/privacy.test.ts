import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import { buildInscripto, uniqueCi } from './test/inscriptos-fixtures.ts';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './test/process.ts';
import { SQLITE_FILE } from './db/database.ts';

/**
 * The real process on a fresh DATA_DIR: the files it writes are private to its
 * user, and its info log of a working session holds no child's name and no CI.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-privacy-'));
const dataDir = path.join(root, 'datos'); // missing: the server creates it
const servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

async function start(port: number) {
  const server = spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_PASSWORD: 'clave-admin-1',
  });
  servers.push(server);
  expect((await waitForHealth(port, 45_000)).status).toBe(200);
  return server;
}

describe('private data of the server process', { timeout: 60_000 }, () => {
  const child = { nombre1: 'Eulalia', nombre2: 'Casilda', apellido1: 'Zubizarreta', apellido2: 'Irigoitia' };
  const body = buildInscripto(new Date(), { ...child, inscriptor: 'Hermenegilda Urquiola' });
  const ci = body.ci!;
  // A second child, who arrives only through the import.
  const imported = { nombre1: 'Filomena', apellido1: 'Aguirrebengoa', apellido2: 'Larrañaga', ci: uniqueCi() };

  /** A spreadsheet with the second child and a row repeating the first one's CI (reported as a duplicate). */
  function spreadsheet(): FormData {
    const fields = ['nombre1', 'apellido1', 'apellido2', 'ci', 'fechaNacimiento', 'sexo'] as const;
    const row = (c: Record<string, string>) => fields.map((f) => c[f] ?? body[f]);
    const sheet = XLSX.utils.aoa_to_sheet([fields.map((f) => FIELD_LABELS[f]), row(imported), row({ ...child, ci })]);
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, sheet, 'Hoja1');
    const file = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const form = new FormData();
    form.append('excelFile', new Blob([new Uint8Array(file)]), `${imported.apellido1}.xlsx`);
    return form;
  }

  it('creates DATA_DIR 0700 and every file in it 0600, and logs a session without names or CIs', async () => {
    const port = await freePort();
    const server = await start(port);
    const api = async (method: string, url: string, token?: string, payload?: unknown) => {
      const form = payload instanceof FormData;
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload && !form ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: form ? payload : JSON.stringify(payload) } : {}),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };

    const { json: session } = await api('POST', '/api/auth/login', undefined, {
      username: 'admin',
      password: 'clave-admin-1',
    });
    const token = session.token as string;
    const created = await api('POST', '/api/inscriptos', token, body);
    expect(created.status).toBe(201);
    const byName = await api('GET', `/api/inscriptos?q=${encodeURIComponent(child.apellido1)}`, token);
    expect(byName.json.total).toBe(1);
    expect((await api('GET', `/api/inscriptos?q=${ci}`, token)).json.total).toBe(1);
    expect((await api('GET', `/api/inscriptos/verificar-ci?ci=${ci}`, token)).status).toBe(200);
    const duplicate = await api('POST', '/api/inscriptos', token, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toContain(child.nombre1); // the user sees the name; the log must not
    const { nombre1, apellido1, apellido2, fechaNacimiento } = body;
    const posibles = { nombre1, apellido1, apellido2, fechaNacimiento, ci };
    expect((await api('POST', '/api/duplicados/verificar', token, posibles)).status).toBe(200);
    // The family's status page: finalise (a number), make the code, look the status up without a session.
    const id = created.json.id as string;
    const done = await api('POST', `/api/inscriptos/${id}/finalizar`, token, {
      ...body,
      version: created.json.version,
    });
    expect(done.status).toBe(200);
    const codigo = await api('POST', `/api/inscriptos/${id}/codigo-estado`, token);
    expect(codigo.status).toBe(200);
    const lookup = { numeroInscripcion: codigo.json.numeroInscripcion, codigo: codigo.json.codigo };
    expect((await api('POST', '/api/estado', undefined, lookup)).status).toBe(200);
    // The import runs in its own process (lib/heavy-jobs.ts): its log is the server's output too.
    const result = await api('POST', '/api/inscriptos/import/excel', token, spreadsheet());
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({ imported: 1, duplicados: [{ fila: 3 }] });

    expect(mode(dataDir)).toBe('700');
    for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, 'jwt-secret']) {
      expect([file, mode(path.join(dataDir, file))]).toEqual([file, '600']);
    }
    // Node's compile cache of the import's process is the only other thing there: its folders are 0700 and its files 0600 too.
    expect(fs.readdirSync(dataDir).sort()).toEqual(
      [SQLITE_FILE, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-wal`, 'compile-cache', 'jwt-secret'].sort(),
    );
    expect(mode(path.join(dataDir, 'compile-cache'))).toBe('700');
    const cached = fs.readdirSync(path.join(dataDir, 'compile-cache'), { recursive: true, withFileTypes: true });
    const cacheFiles = cached.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
    expect(cacheFiles.length).toBeGreaterThan(0);
    for (const file of cacheFiles) expect([file, mode(file)]).toEqual([file, '600']);
    const cacheDirs = cached.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name));
    for (const dir of cacheDirs) expect([dir, mode(dir)]).toEqual([dir, '700']);

    expect(await server.stop()).toBe(0);
    const { stdout, stderr } = server.output();
    const log = stdout + stderr; // the heavy-job processes write to either
    // The session was logged at info level: its requests and the refused duplicate, by code.
    expect(log).toContain('"url":"/api/inscriptos/verificar-ci"');
    expect(log).toContain('"code":"CONFLICT"');
    const lower = log.toLowerCase();
    expect(log).toContain('"url":"/api/estado"');
    expect(log).toContain('"url":"/api/inscriptos/import/excel"');
    // Each CI also as printed (4.123.456-7), as messages show it.
    const cis = [ci, imported.ci].flatMap((c) => [c, formatCi(c)]);
    for (const secret of [...cis, ...Object.values(child), 'Hermenegilda', 'Urquiola', ...Object.values(imported)]) {
      expect([secret, lower.includes(secret.toLowerCase())]).toEqual([secret, false]);
    }
  });

  it('warns in Spanish at start when an existing DATA_DIR can be read by others, and narrows its files', async () => {
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, SQLITE_FILE), 0o644);
    fs.chmodSync(path.join(dataDir, 'jwt-secret'), 0o644);
    const port = await freePort();
    const server = await start(port);
    expect(mode(path.join(dataDir, SQLITE_FILE))).toBe('600');
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe('600');
    expect(await server.stop()).toBe(0);
    expect(server.output().stdout).toContain(`tiene permisos 755`);
    expect(server.output().stdout).toContain(`chmod 700 ${dataDir}`);
    expect(mode(dataDir)).toBe('755'); // the operator's folder is theirs to change: warned, not touched
  });
});
