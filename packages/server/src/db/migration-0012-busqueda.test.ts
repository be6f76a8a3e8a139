import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../test/helper.ts';
import { migrateTo, migrateToLatest } from './migrations.ts';
import { countsOfCycle, listPage, type ListFilters } from '../data/inscriptos/list-query.ts';

describe.each(DIALECTS)('migration 0012 (counters, sibling names, trigram search) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  it('counts, indexes and makes searchable the enrolments an earlier version stored', async () => {
    t = await openTestDatabase(dialect);
    await migrateTo(t.db, '0011_duplicados', t.pgSchema);
    const { id: cicloId } = await t.db.selectFrom('ciclos').select('id').executeTakeFirstOrThrow();
    const row = (i: number, estado: 'pendiente' | 'finalizado', nombre: string, hermanos: string[]) => ({
      id: `0190a0b0-0000-7000-8000-00000000000${i}`,
      ciclo_id: cicloId,
      numero_inscripcion: estado === 'finalizado' ? i : null,
      estado,
      ci: null,
      sexo: 'F',
      nombre_busqueda: nombre,
      created_by: 'admin',
      funcionario: null,
      updated_by: 'admin',
      fecha_inscripcion: `2026-11-0${i}T15:00:00.000Z`,
      created_at: `2026-11-0${i}T15:00:00.000Z`,
      updated_at: `2026-11-0${i}T15:00:00.000Z`,
      version: 1,
      datos: JSON.stringify({ hermanosInscriben: hermanos.map((nombre) => ({ nombre })) }),
    });
    await t.db
      .insertInto('inscriptos')
      .values([
        row(1, 'finalizado', 'ana sofia perez', ['Lucía Pérez']),
        row(2, 'pendiente', 'bruno diaz', []),
        row(3, 'pendiente', 'carla diaz', ['Íñigo Díaz', 'Mía']),
      ])
      .execute();
    await migrateToLatest(t.db, t.pgSchema);

    expect(await countsOfCycle(t.db, cicloId)).toEqual({ pendientes: 2, finalizados: 1 });
    const stored = await t.db.selectFrom('inscriptos').select(['id', 'hermanos_busqueda']).orderBy('id').execute();
    expect(stored.map((r) => r.hermanos_busqueda)).toEqual(['lucia perez', '', 'inigo diaz / mia']);

    const filters: ListFilters = {
      cicloId,
      words: [],
      ciPrefix: null,
      numero: null,
      estado: null,
      mineOf: null,
      desde: null,
      hasta: null,
      ids: null,
    };
    const search = async (...words: string[]) =>
      (await listPage(t.db, { ...filters, words }, { orden: 'nombre', dir: 'asc' }, 1, 10)).rows.map((r) =>
        r.id.at(-1),
      );
    expect(await search('lucia')).toEqual(['1']);
    expect(await search('inigo')).toEqual(['3']);
    expect(await search('diaz')).toEqual(['2', '3']);
    expect(await search('mia')).toEqual(['3']);

    // From now on the triggers keep the counters and the index.
    await t.db
      .updateTable('inscriptos')
      .set({ estado: 'finalizado', nombre_busqueda: 'bruno mendez' })
      .where('id', '=', stored[1]!.id)
      .execute();
    await t.db.deleteFrom('inscriptos').where('id', '=', stored[0]!.id).execute();
    expect(await countsOfCycle(t.db, cicloId)).toEqual({ pendientes: 1, finalizados: 1 });
    expect(await search('diaz')).toEqual(['3']);
    expect(await search('mendez')).toEqual(['2']);
    expect(await search('lucia')).toEqual([]);
  });
});
