import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildInscripto } from './test/inscriptos-fixtures.ts';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './test/process.ts';
import { SQLITE_FILE } from './db/database.ts';

/**
 * The real process on a fresh DATA_DIR (issue 13, items 5 and 6): the files it writes are private to its
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

  it('creates DATA_DIR 0700 and every file in it 0600, and logs a session without names or CIs', async () => {
    const port = await freePort();
    const server = await start(port);
    const api = async (method: string, url: string, token?: string, payload?: unknown) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };

    const { json: session } = await api('POST', '/api/auth/login', undefined, {
      username: 'admin',
      password: 'clave-admin-1',
    });
    const token = session.token as string;
    expect((await api('POST', '/api/inscriptos', token, body)).status).toBe(201);
    const byName = await api('GET', `/api/inscriptos?q=${encodeURIComponent(child.apellido1)}`, token);
    expect(byName.json.total).toBe(1);
    expect((await api('GET', `/api/inscriptos?q=${ci}`, token)).json.total).toBe(1);
    expect((await api('GET', `/api/inscriptos/verificar-ci?ci=${ci}`, token)).status).toBe(200);
    const duplicate = await api('POST', '/api/inscriptos', token, body);
    expect(duplicate.status).toBe(409);
    expect(duplicate.json.message).toContain(child.nombre1); // the user sees the name; the log must not

    expect(mode(dataDir)).toBe('700');
    for (const file of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, 'jwt-secret']) {
      expect([file, mode(path.join(dataDir, file))]).toEqual([file, '600']);
    }
    expect(fs.readdirSync(dataDir).sort()).toEqual(
      [SQLITE_FILE, `${SQLITE_FILE}-shm`, `${SQLITE_FILE}-wal`, 'jwt-secret'].sort(),
    );

    expect(await server.stop()).toBe(0);
    const log = server.output().stdout;
    // The session was logged at info level: its requests and the refused duplicate, by code.
    expect(log).toContain('"url":"/api/inscriptos/verificar-ci"');
    expect(log).toContain('"code":"CONFLICT"');
    const lower = log.toLowerCase();
    for (const secret of [ci, ...Object.values(child), 'Hermenegilda', 'Urquiola']) {
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
