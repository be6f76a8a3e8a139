import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { DIALECTS, openTestDatabase } from '../test/helper.ts';
import { verifyPassword } from '../lib/password.ts';
import { LATEST_MIGRATION, migrateTo, migrateToLatest } from './migrations.ts';

/** The last migration an installation without system accounts ran. */
const BEFORE_SYSTEM_ACCOUNT = '0006_inscriptos_listado';

describe.each(DIALECTS)('migration 0007 (the guest becomes a system account) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  const guest = () => t.db.selectFrom('users').selectAll().where('username', '=', 'visitante').executeTakeFirst();
  /** Its role in the first school (migration 0041 moved roles to usuario_escuelas). */
  const guestRole = async () =>
    (
      await t.db
        .selectFrom('usuario_escuelas as m')
        .innerJoin('users', 'users.id', 'm.usuario_id')
        .select('m.role')
        .where('users.username', '=', 'visitante')
        .executeTakeFirst()
    )?.role;

  it('marks the guest of a fresh database, and only it', async () => {
    t = await openTestDatabase(dialect);
    await migrateToLatest(t.db, t.pgSchema);
    const rows = await t.db
      .selectFrom('users')
      .innerJoin('usuario_escuelas as m', 'm.usuario_id', 'users.id')
      .select(['username', 'sistema', 'm.role', 'm.escuela_id', 'activo'])
      .execute();
    expect(rows).toEqual([{ username: 'visitante', sistema: 1, role: 'visitado', escuela_id: 1, activo: 1 }]);
  });

  it('gives back the role and password of a guest an older version promoted, ending its sessions', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, BEFORE_SYSTEM_ACCOUNT, t.pgSchema);
    const before = (await guest())!;
    await (t.db as Kysely<any>) // eslint-disable-line @typescript-eslint/no-explicit-any -- the column before 0041
      .updateTable('users')
      .set({ role: 'administrador', password_hash: 'otra', nombre: 'Cualquiera' })
      .where('id', '=', before.id)
      .execute();
    await migrateToLatest(t.db, t.pgSchema);
    const after = (await guest())!;
    expect(after).toMatchObject({ id: before.id, sistema: 1, activo: 1 });
    const rol = await t.db.selectFrom('usuario_escuelas').select('role').where('usuario_id', '=', before.id).execute();
    expect(rol).toEqual([{ role: 'visitado' }]);
    expect(after.session_version).toBe(before.session_version + 1);
    expect(await verifyPassword('visitante', after.password_hash)).toBe(true);
  });

  it('keeps a deactivated guest deactivated', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, BEFORE_SYSTEM_ACCOUNT, t.pgSchema);
    await t.db.updateTable('users').set({ activo: 0 }).where('username', '=', 'visitante').execute();
    await migrateToLatest(t.db, t.pgSchema);
    expect(await guest()).toMatchObject({ sistema: 1, activo: 0 });
    expect(await guestRole()).toBe('visitado');
  });

  it('re-creates a guest an older version deleted, inactive (guest access stays closed until reactivated)', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, BEFORE_SYSTEM_ACCOUNT, t.pgSchema);
    await t.db.deleteFrom('users').where('username', '=', 'visitante').execute();
    await migrateToLatest(t.db, t.pgSchema);
    const row = (await guest())!;
    expect(await guestRole()).toBe('visitado');
    expect(row).toMatchObject({
      sistema: 1,
      activo: 0,
      nombre: 'Visitante',
      email: 'visitante@inscripciones.local',
    });
    expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await verifyPassword('visitante', row.password_hash)).toBe(true);
  });
});

describe.each(DIALECTS)('migrateToLatest on an up-to-date database (%s)', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  /** The database, counting the statements sent through it. */
  const counted = () => {
    const seen = { n: 0 };
    const db = t.db.withPlugin({
      transformQuery: (args) => {
        seen.n++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, seen };
  };

  it('reads its list of migrations once and leaves Kysely’s whole-database lookup alone', async () => {
    t = await openTestDatabase(dialect);
    await migrateToLatest(t.db, t.pgSchema);
    const { db, seen } = counted();
    await migrateToLatest(db, t.pgSchema);
    expect(seen.n).toBe(1);
  });

  it('still upgrades a database an older version left', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, BEFORE_SYSTEM_ACCOUNT, t.pgSchema);
    const { db, seen } = counted();
    await migrateToLatest(db, t.pgSchema);
    expect(seen.n).toBeGreaterThan(1);
    const names = (await t.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute()) as {
      name: string;
    }[];
    expect(
      names
        .map((r) => r.name)
        .sort()
        .at(-1),
    ).toBe(LATEST_MIGRATION);
  });
});
