import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSorteoTablero } from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TPlazasTablero } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { TEST_DATABASE_URL } from './test/helper.ts';
import { buildInscripto } from './test/inscriptos-fixtures.ts';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './test/process.ts';
import { openBoard } from './test/sorteo-test-data.ts';
import { LOGIN_LIMITS } from './domain/login/login-limiter.ts';

/**
 * Two real server processes on one fresh PostgreSQL database, started at the same moment, as a network of
 * schools deploys them behind a load balancer (docs/operations.md): everything that matters is in the
 * database, so whichever instance answers, the answer is the same.
 */
/** Two processes loading TypeScript and migrating, on a CI machine busy with the other suites. */
const STARTUP_MS = 45_000;

if (!TEST_DATABASE_URL) {
  console.warn('multi-instance.test.ts: skipped, it needs PostgreSQL (set TEST_DATABASE_URL).');
}

describe.skipIf(!TEST_DATABASE_URL)('two instances on one fresh PostgreSQL database (needs TEST_DATABASE_URL)', () => {
  const dbName = `inscripciones_multi_${crypto.randomBytes(5).toString('hex')}`;
  let root = '';
  const servers: ServerProcess[] = [];
  const bases: string[] = [];
  const admin = { username: 'directora', password: 'clave-admin-1' };
  let token = '';

  const adminPg = async (text: string, url = TEST_DATABASE_URL!) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  const databaseUrl = () => {
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    return url.toString();
  };
  const api = async (i: number, method: string, url: string, payload?: unknown, auth = token) => {
    const res = await fetch(`${bases[i]}${url}`, {
      method,
      headers: {
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it checks
    return { status: res.status, body: (await res.json()) as any };
  };
  const ok = async (i: number, method: string, url: string, payload?: unknown) => {
    const res = await api(i, method, url, payload);
    if (res.status >= 300)
      throw new Error(`${method} ${url} on instance ${i}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-multi-'));
    await adminPg(`create database ${dbName}`);
    const ports = [await freePort(), await freePort()];
    const jwtSecret = crypto.randomBytes(32).toString('hex'); // shared, as operations.md asks
    // Both at the same moment, on a database with no tables yet.
    for (const [i, port] of ports.entries()) {
      bases.push(`http://127.0.0.1:${port}`);
      servers.push(
        spawnServer({
          DATABASE_URL: databaseUrl(),
          JWT_SECRET: jwtSecret,
          ADMIN_USERNAME: admin.username,
          ADMIN_PASSWORD: admin.password,
          DATA_DIR: path.join(root, `instancia-${i}`),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
        }),
      );
    }
    // Healthy, or the reason an instance died at start (what used to happen to the second one).
    let starting = true;
    try {
      await Promise.all(
        servers.map((s, i) =>
          Promise.race([
            waitForHealth(ports[i]!, STARTUP_MS),
            s.exited.then((code) => {
              if (starting) throw new Error(`instance ${i} exited with ${code} at start:\n${s.output().stderr}`);
            }),
          ]),
        ),
      );
    } finally {
      starting = false;
    }
  }, STARTUP_MS + 5_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await adminPg(`drop database if exists ${dbName} with (force)`);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('both come up, and the first administrator exists once', async () => {
    for (const [i, s] of servers.entries()) {
      expect([i, s.child.exitCode, (await fetch(`${bases[i]}/api/health`)).status]).toEqual([i, null, 200]);
    }
    const admins = await adminPg(
      `select username from users join usuario_escuelas m on m.usuario_id = users.id where m.role = 'administrador'`,
      databaseUrl(),
    );
    expect(admins).toEqual([{ username: admin.username }]);
  });

  it('reads on one what was written on the other, and refuses a stale write across them', async () => {
    token = (await api(0, 'POST', '/api/auth/login', admin, '')).body.token;
    expect((await api(1, 'GET', '/api/auth/me')).status).toBe(200); // a session from one works on the other
    const body = buildInscripto(new Date(), { nombre1: 'Ramona' });
    const created = await ok(0, 'POST', '/api/inscriptos', body);
    expect(await ok(1, 'GET', `/api/inscriptos/${created.id}`)).toMatchObject({ id: created.id, nombre1: 'Ramona' });

    const saved = await ok(1, 'PUT', `/api/inscriptos/${created.id}`, {
      ...body,
      nombre1: 'Rosa',
      version: created.version,
    });
    const stale = await api(0, 'PUT', `/api/inscriptos/${created.id}`, {
      ...body,
      nombre1: 'Rita',
      version: created.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(await ok(0, 'GET', `/api/inscriptos/${created.id}`)).toMatchObject({
      nombre1: 'Rosa',
      version: saved.version,
    });
  });

  it('brings a raffle confirmation on one to a live board on the other within a second, and counts a double confirmation once', async () => {
    // Six finalised enrolments (three girls, three boys), created on one instance and finalised on the other.
    for (const sexo of ['F', 'M', 'F', 'M', 'F', 'M'] as const) {
      const body = buildInscripto(new Date(), { sexo });
      const rec = await ok(0, 'POST', '/api/inscriptos', body);
      await ok(1, 'POST', `/api/inscriptos/${rec.id}/finalizar`, {
        ...body,
        funcionario: admin.username,
        version: rec.version,
      });
    }
    // The generated children look alike (possible duplicates); this test is about two instances, not them.
    await ok(0, 'POST', '/api/sorteo/start', {
      plazasNenas: 2,
      plazasVarones: 2,
      motivoDuplicados: 'Datos de prueba generados',
      fuenteValorPublico: { tipo: 'dados', cantidad: 2 },
    });

    const board = await openBoard(`${bases[1]}/api/sorteo/eventos`);
    try {
      const indexOf = (e: { data: unknown }) => (e.data as TSorteoTablero).status.currentIndex;
      expect(indexOf(await board.waitFor((e) => e.event === 'tablero'))).toBe(0);
      await ok(0, 'POST', '/api/sorteo/valor-publico', { valor: '4 2', origen: 'Dados en la sala' });
      const first = await ok(0, 'POST', '/api/sorteo/next');
      await ok(0, 'POST', '/api/sorteo/confirm', { participante: first.participante });
      const confirmedAt = Date.now();
      const seen = await board.waitFor((e) => indexOf(e) === 1, 3000);
      expect(seen.at - confirmedAt, 'latency of the board on the other instance').toBeLessThan(1000);

      const second = await ok(1, 'POST', '/api/sorteo/next');
      const twice = await Promise.all(
        [0, 1].map((i) => ok(i, 'POST', '/api/sorteo/confirm', { participante: second.participante, index: 1 })),
      );
      expect(twice.filter((r) => !r.duplicado)).toHaveLength(1);
      expect((await ok(0, 'GET', '/api/sorteo/status')).currentIndex).toBe(2);
      expect((await ok(1, 'GET', '/api/sorteo/status')).currentIndex).toBe(2);
    } finally {
      board.close();
    }
  });

  it('locks out failed logins for one username alternating between the instances after the limit', async () => {
    const user = { username: 'secretaria', password: 'clave-secretaria-1' };
    await ok(0, 'POST', '/api/users', {
      ...user,
      nombre: 'Secretaría',
      email: 'secretaria@escuela.edu.uy',
      role: 'voluntario',
      activo: true,
    });
    for (let k = 0; k < LOGIN_LIMITS.perUsername; k++) {
      const res = await api(k % 2, 'POST', '/api/auth/login', { ...user, password: 'mala' }, '');
      expect([k, res.status]).toEqual([k, 401]);
    }
    // Even the right password, on either instance.
    for (const i of [0, 1]) {
      const res = await api(i, 'POST', '/api/auth/login', user, '');
      expect([i, res.status]).toEqual([i, 429]);
    }
  });

  it('takes a deleted child off the places board of the other instance at once, its live board included', async () => {
    // The raffle of the test above, to its end: the season of offers starts.
    for (;;) {
      const next = await ok(0, 'POST', '/api/sorteo/next');
      if (!next.participante) break;
      await ok(0, 'POST', '/api/sorteo/confirm', { participante: next.participante, index: next.index });
    }
    await ok(0, 'POST', '/api/sorteo/end', {});
    const estado = await ok(1, 'GET', '/api/plazas');
    const { numeroInscripcion: numero, nombreCompleto: name } = [...estado.cola.nenas, ...estado.cola.varones][0];
    // The generated children share a name: the suplente is followed by its number.
    type Entry = { numeroInscripcion: number; nombreCompleto: string };
    const nameOn = (board: TPlazasTablero) =>
      Object.values(board.listas)
        .flatMap((l): Entry[] => [...l.titulares, ...l.suplentes])
        .find((e) => e.numeroInscripcion === numero)?.nombreCompleto;
    // Instance 1 reads the staff view (and keeps the season in memory) with the name on it; the public board and
    // its live stream carry number and initials only.
    const staffName = async () => {
      const { cola } = await ok(1, 'GET', '/api/plazas');
      return [...cola.nenas, ...cola.varones].find((c: Entry) => c.numeroInscripcion === numero)?.nombreCompleto;
    };
    expect(await staffName()).toBe(name);
    expect(nameOn(await ok(1, 'GET', '/api/plazas/tablero'))).not.toBe(name);
    const board = await openBoard(`${bases[1]}/api/plazas/eventos`);
    try {
      const shown = nameOn((await board.waitFor((e) => e.event === 'tablero')).data as TPlazasTablero);
      expect(shown).toBeDefined();
      expect(shown).not.toBe(name);
      const found = await ok(0, 'GET', `/api/inscriptos?q=${numero}`);
      const id = found.items.find((i: Entry) => i.numeroInscripcion === numero).id;
      await ok(0, 'DELETE', `/api/inscriptos/${id}`);
      const deletedAt = Date.now();
      // Still on the list by its number, with its initials only (decision 0024), on the other instance at once.
      expect(await staffName()).not.toBe(name);
      expect(Date.now() - deletedAt, 'the other instance, read again').toBeLessThan(1000);
      expect(nameOn(await ok(1, 'GET', '/api/plazas/tablero'))).toBe(shown);
    } finally {
      board.close();
    }
  });
});
