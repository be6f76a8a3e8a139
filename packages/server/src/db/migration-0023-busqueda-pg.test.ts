import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../test/helper.ts';
import { migrateTo, migrateToLatest } from './migrations.ts';
import { listPage, type ListFilters } from '../data/inscriptos/list-query.ts';

describe.each(DIALECTS)('migration 0023 (the search copy of the names on PostgreSQL) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  it('counts the matches of records stored before it and follows every later write', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, '0018_panel', t.pgSchema);
    const { id: cicloId } = await t.db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow();
    const row = (i: number, estado: 'pendiente' | 'finalizado', nombre: string, hermanos: string) => ({
      id: `0190a0b0-0000-7000-8000-00000000000${i}`,
      ciclo_id: cicloId,
      numero_inscripcion: estado === 'finalizado' ? i : null,
      estado,
      ci: null,
      sexo: 'F',
      nombre_busqueda: nombre,
      hermanos_busqueda: hermanos,
      created_by: 'admin',
      funcionario: null,
      updated_by: 'admin',
      fecha_inscripcion: `2026-11-0${i}T15:00:00.000Z`,
      created_at: `2026-11-0${i}T15:00:00.000Z`,
      updated_at: `2026-11-0${i}T15:00:00.000Z`,
      version: 1,
      datos: '{}',
    });
    await t.db
      .insertInto('inscriptos')
      .values([
        row(1, 'finalizado', 'ana sofia perez', 'lucia perez'),
        row(2, 'pendiente', 'bruno diaz', ''),
        row(3, 'pendiente', 'carla diaz', 'inigo diaz / mia'),
      ])
      .execute();
    await migrateToLatest(t.db, t.pgSchema);

    const filters = noFilters(cicloId);
    // The total beside the page: the count is the query this migration serves on PostgreSQL.
    const search = async (words: string[], estado: ListFilters['estado'] = null) => {
      const { rows, total } = await listPage(
        t.db,
        { ...filters, words, estado },
        { orden: 'nombre', dir: 'asc' },
        1,
        1,
      );
      return { first: rows[0]?.id.at(-1), total };
    };
    expect(await search(['perez'])).toEqual({ first: '1', total: 1 });
    expect(await search(['diaz'])).toEqual({ first: '2', total: 2 });
    expect(await search(['diaz'], 'pendiente')).toEqual({ first: '2', total: 2 });
    expect(await search(['diaz'], 'finalizado')).toEqual({ first: undefined, total: 0 });
    expect(await search(['ia', 'di'])).toEqual({ first: '2', total: 2 });

    await t.db
      .insertInto('inscriptos')
      .values(row(4, 'pendiente', 'dario diaz', ''))
      .execute();
    await t.db
      .updateTable('inscriptos')
      .set({ nombre_busqueda: 'bruno mendez' })
      .where('id', '=', row(2, 'pendiente', '', '').id)
      .execute();
    await t.db
      .deleteFrom('inscriptos')
      .where('id', '=', row(3, 'pendiente', '', '').id)
      .execute();
    expect(await search(['diaz'])).toEqual({ first: '4', total: 1 });
    expect(await search(['mendez'])).toEqual({ first: '2', total: 1 });
    expect(await search(['inigo'])).toEqual({ first: undefined, total: 0 });
  });

  it('counts "mine" once per record, whether created by the user, officiated by them or both', async () => {
    t = await openTestDatabase(dialect);
    await migrateToLatest(t.db, t.pgSchema);
    const { id: cicloId } = await t.db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow();
    const owners: [string, string | null][] = [
      ['admin', null],
      ['admin', 'vol'],
      ['vol', 'vol'],
      ['vol', null],
      ['vol', 'admin'],
    ];
    await t.db
      .insertInto('inscriptos')
      .values(
        owners.map(([created_by, funcionario], i) => ({
          id: `0190a0b0-0000-7000-8000-00000000001${i}`,
          ciclo_id: cicloId,
          numero_inscripcion: null,
          estado: 'pendiente',
          ci: null,
          sexo: 'F',
          nombre_busqueda: `nombre ${i}`,
          created_by,
          funcionario,
          updated_by: created_by,
          fecha_inscripcion: `2026-11-0${i + 1}T15:00:00.000Z`,
          created_at: `2026-11-0${i + 1}T15:00:00.000Z`,
          updated_at: `2026-11-0${i + 1}T15:00:00.000Z`,
          version: 1,
          datos: '{}',
        })),
      )
      .execute();
    const mine = async (mineOf: string) => {
      const f: ListFilters = { ...noFilters(cicloId), mineOf };
      const { rows, total } = await listPage(t.db, f, { orden: null, dir: 'desc' }, 1, 10);
      return { ids: rows.map((r) => r.id.at(-1)), total };
    };
    expect(await mine('vol')).toEqual({ ids: ['4', '3', '2', '1'], total: 4 });
    expect(await mine('admin')).toEqual({ ids: ['4', '1', '0'], total: 3 });
    expect(await mine('nadie')).toEqual({ ids: [], total: 0 });
  });
});

const noFilters = (cicloId: string): ListFilters => ({
  cicloId,
  words: [],
  ciPrefix: null,
  numero: null,
  estado: null,
  mineOf: null,
  desde: null,
  hasta: null,
  ids: null,
});
