import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DIALECTS, openTestDatabase } from '../test/helper.ts';
import { migrateTo, migrateToLatest } from './migrations.ts';
import { countsOfCycle } from '../data/inscriptos/list-query.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables of 0012 are not in today's DB type
type AnyDb = Kysely<any>;

const conteos0012 = async (db: AnyDb) =>
  (await db.selectFrom('inscriptos_conteos').select(['ciclo_id', 'pendientes', 'finalizados']).execute()).map((r) => ({
    ...r,
    pendientes: Number(r.pendientes),
    finalizados: Number(r.finalizados),
  }));

describe.each(DIALECTS)('migration 0019 (one counter table) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  it('drops the counters of 0012 and their triggers, keeps the counts, and puts them back on the way down', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, '0018_panel', t.pgSchema);
    const db = t.db as AnyDb;
    const { id: cicloId } = await db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow();
    const row = (i: number, estado: 'pendiente' | 'finalizado') => ({
      id: `0190a0b0-0000-7000-8000-00000000000${i}`,
      ciclo_id: cicloId,
      numero_inscripcion: estado === 'finalizado' ? i : null,
      estado,
      ci: null,
      sexo: 'F',
      nombre_busqueda: `nombre ${i}`,
      created_by: 'admin',
      funcionario: null,
      updated_by: 'admin',
      fecha_inscripcion: `2026-11-0${i}T15:00:00.000Z`,
      created_at: `2026-11-0${i}T15:00:00.000Z`,
      updated_at: `2026-11-0${i}T15:00:00.000Z`,
      version: 1,
      datos: '{}',
    });
    await db
      .insertInto('inscriptos')
      .values([row(1, 'finalizado'), row(2, 'pendiente'), row(3, 'pendiente')])
      .execute();
    expect(await conteos0012(db)).toEqual([{ ciclo_id: cicloId, pendientes: 2, finalizados: 1 }]);

    await migrateToLatest(t.db, t.pgSchema);
    await expect(sql`select count(*) from inscriptos_conteos`.execute(db)).rejects.toThrow();
    const triggers =
      dialect === 'postgres'
        ? sql<{ name: string }>`select tgname as name from pg_trigger where not tgisinternal`
        : sql<{ name: string }>`select name from sqlite_master where type = 'trigger'`;
    expect((await triggers.execute(db)).rows.map((r) => r.name).filter((n) => n.includes('conteo'))).toEqual([]);
    expect(await countsOfCycle(t.db, cicloId)).toEqual({ pendientes: 2, finalizados: 1 });
    // Writes go on without the old triggers, and the counts that remain follow them.
    await db.insertInto('inscriptos').values(row(4, 'pendiente')).execute();
    await db.updateTable('inscriptos').set({ estado: 'finalizado' }).where('id', '=', row(2, 'pendiente').id).execute();
    await db.deleteFrom('inscriptos').where('id', '=', row(1, 'finalizado').id).execute();
    expect(await countsOfCycle(t.db, cicloId)).toEqual({ pendientes: 2, finalizados: 1 });

    await migrateTo(t.db, '0018_panel', t.pgSchema);
    expect(await conteos0012(db)).toEqual([{ ciclo_id: cicloId, pendientes: 2, finalizados: 1 }]);
    await db.updateTable('inscriptos').set({ estado: 'finalizado' }).where('id', '=', row(3, 'pendiente').id).execute();
    expect(await conteos0012(db)).toEqual([{ ciclo_id: cicloId, pendientes: 1, finalizados: 2 }]);
  });
});
