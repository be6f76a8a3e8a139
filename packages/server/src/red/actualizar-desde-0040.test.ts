import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_CREDENTIALS } from '@inscripciones/shared/constants.ts';
import { DIALECTS, bearer, buildTestApp, fakeClock, tokenFor, withPg, type TestApp } from '../test/helper.ts';
import type { Dialect } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { verificarAuditoria } from '../cli/audit/verificar-auditoria.ts';

/*
 * Upgrading loses nothing (decision 0036): a database the release before the network (migration 0040) made,
 * with an account of every role, enrolments (finalised, numbered, siblings, one pending, one deleted), a
 * finished raffle with its acta, the season's offers with one answered online, status codes, audit entries,
 * the content and the access log (test/fixtures/README.md says how it was built). The new release starts on
 * it: every row is where it was, the chain verifies, and the old database is school 'principal'.
 */
const FIXTURES = path.join(import.meta.dirname, '../test/fixtures');
const ESQUEMA = '__ESQUEMA__';

/** What the fixture holds, as its builder made it. */
const FIXTURE = {
  users: 6,
  inscriptos: 10,
  inscripto_hermanos: 2,
  sorteos: 1,
  sorteo_actas: 1,
  plaza_ofertas: 3,
  plaza_eventos: 1,
  codigos_estado: 8,
  auditoria: 35,
  configuracion: 1,
  accesos: 12,
};
/** The migrations' own bookkeeping and the login throttle change on any start; nothing else may. */
const SIN_COMPARAR = new Set(['kysely_migration', 'kysely_migration_lock', 'rate_limits']);

async function tablas(db: Kysely<DB>, dialect: Dialect, pgSchema: string | undefined): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = ${pgSchema} and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((r) => r.name).filter((t) => !SIN_COMPARAR.has(t));
}

async function conteos(db: Kysely<DB>, nombres: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of nombres.sort()) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t)}`.execute(db);
    out[t] = Number(rows[0]!.n);
  }
  return out;
}

describe.each(DIALECTS)('upgrading a database of the release before the network on %s', (dialect) => {
  let t: TestApp;
  // Before the offers' deadline the fixture was made with: the season's job has nothing to expire.
  const time = fakeClock(new Date('2026-10-21T13:00:00Z'));
  let antes: Record<string, number>;
  let roles: { id: string; role: string; activo: number; sistema: number }[];
  let numeros: unknown[];
  let cabeza: unknown;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      clock: time.clock,
      sqliteFile: path.join(FIXTURES, 'red-0040.db'),
      before: async ({ db }, pgSchema) => {
        if (pgSchema) {
          const dump = fs.readFileSync(path.join(FIXTURES, 'red-0040.pg.sql'), 'utf8');
          await withPg((c) => c.query(dump.replaceAll(ESQUEMA, pgSchema)));
        }
        antes = await conteos(db, await tablas(db, dialect, pgSchema));
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the users table of migration 0040
        const old = db as unknown as Kysely<any>;
        roles = await old.selectFrom('users').select(['id', 'role', 'activo', 'sistema']).orderBy('id').execute();
        numeros = await old
          .selectFrom('inscriptos')
          .select(['id', 'numero_inscripcion', 'estado'])
          .orderBy('id')
          .execute();
        cabeza = await old.selectFrom('auditoria_cabeza').selectAll().execute();
      },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('the fixture is what it says', () => {
    expect(antes).toMatchObject(FIXTURE);
    expect(new Set(roles.map((r) => r.role))).toEqual(new Set(['administrador', 'voluntario', 'visitado']));
  });

  it('every table keeps every row, every number and the audit head', async () => {
    const db = t.app.ctx.db;
    const despues = await conteos(db, Object.keys(antes));
    expect(despues).toEqual(antes);
    const ahora = await db
      .selectFrom('inscriptos')
      .select(['id', 'numero_inscripcion', 'estado'])
      .orderBy('id')
      .execute();
    expect(ahora).toEqual(numeros);
    expect(await db.selectFrom('auditoria_cabeza').selectAll().execute()).toEqual(cabeza);
  });

  it('each old role is the account role in school 1, and the active administrators run the network', async () => {
    const db = t.app.ctx.db;
    const membresias = await db
      .selectFrom('usuario_escuelas')
      .select(['usuario_id as id', 'escuela_id', 'role'])
      .orderBy('usuario_id')
      .execute();
    expect(membresias).toEqual(roles.map((r) => ({ id: r.id, escuela_id: 1, role: r.role })));
    const red = await db.selectFrom('users').select(['id', 'rol_red']).orderBy('id').execute();
    expect(red).toEqual(
      roles.map((r) => ({
        id: r.id,
        rol_red: r.role === 'administrador' && r.activo === 1 && r.sistema === 0 ? 'administrador_red' : null,
      })),
    );
  });

  it('the audit chain still verifies', async () => {
    const { ok, lineas } = await verificarAuditoria(t.app.ctx.db, null);
    expect(lineas).toEqual([`Auditoría íntegra: ${FIXTURE.auditoria} entradas verificadas.`]);
    expect(ok).toBe(true);
  });

  it('the old administrator logs in as a network administrator; the volunteer and the guest still log in', async () => {
    const admin = await tokenFor(t.app, 'admin', 'clave-admin-1');
    const me = (await t.app.inject({ url: '/api/auth/me', headers: bearer(admin) })).json().user;
    expect(me).toMatchObject({ username: 'admin', role: 'administrador', rolRed: 'administrador_red' });
    const vol = await tokenFor(t.app, 'voluntaria', 'clave-voluntaria-1');
    const volMe = (await t.app.inject({ url: '/api/auth/me', headers: bearer(vol) })).json().user;
    expect(volMe).toMatchObject({ role: 'voluntario', rolRed: null });
    const guest = await tokenFor(t.app, GUEST_CREDENTIALS.username, GUEST_CREDENTIALS.password);
    const guestMe = (await t.app.inject({ url: '/api/auth/me', headers: bearer(guest) })).json().user;
    expect(guestMe).toMatchObject({ username: GUEST_CREDENTIALS.username, role: 'visitado' });
    const inactivo = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'exvoluntario', password: 'clave-exvol-1' },
    });
    expect(inactivo.statusCode).toBe(401);
  });

  it("the old data is school 'principal', with its name, records, raffle and offers", async () => {
    const admin = await tokenFor(t.app, 'admin', 'clave-admin-1');
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers: bearer(admin) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    expect(await get('/api/escuelas')).toEqual([
      expect.objectContaining({ id: 1, codigo: 'principal', escuelaNombre: 'Escuela Antigua N.º 40' }),
    ]);
    const lista = await get('/api/inscriptos?escuela=principal');
    expect(lista.total).toBe(FIXTURE.inscriptos);
    const plazas = await get('/api/plazas?escuela=principal');
    expect(plazas.ofertas).toHaveLength(FIXTURE.plaza_ofertas);
    // The siblings' family answered online once, for both of its offers.
    const aceptadas = plazas.ofertas.filter((o: { estado: string }) => o.estado === 'aceptada');
    expect(aceptadas).toHaveLength(2);
    expect(new Set(aceptadas.map((o: { numeroInscripcion: number }) => o.numeroInscripcion)).size).toBe(1);
  });
});
