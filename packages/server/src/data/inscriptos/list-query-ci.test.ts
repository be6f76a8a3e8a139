import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, openTestDatabase } from '../../test/helper.ts';
import { migrateTo, migrateToLatest } from '../../db/migrations.ts';
import { LIST_LIMITS, listPage, type ListFilters, type ListLimits, type ListOrder } from './list-query.ts';

/*
 * A CI prefix in the list (docs/decisions/0019, "Qué busca q"; migration 0026): totals and every page, in
 * each way the query can be answered (few matches driving it; many, each walked entry tested on its row;
 * many, tested against the set of matches), against the rule written out plainly here over every record of
 * the cycle and the sibling rows as the application writes them (not 0026's copies).
 */

const PATHS: [string, ListLimits][] = [
  ['few: driven by the matches', LIST_LIMITS],
  ['many: each entry tested', { fewMatches: 0, testEachUpTo: Number.MAX_SAFE_INTEGER }],
  ['many: tested against the set', { fewMatches: 0, testEachUpTo: 0 }],
];

interface Row {
  id: string;
  ciclo_id: string;
  numero_inscripcion: number | null;
  estado: 'pendiente' | 'finalizado';
  ci: string | null;
  created_by: string;
  funcionario: string | null;
  created_at: string;
}

describe.each(DIALECTS)('list: a CI prefix on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  afterEach(() => t.close());

  it('counts each record once and pages as the rule says, before and after every write 0026 follows', async () => {
    t = await openTestDatabase(dialect);
    // Records and siblings stored before 0026: its copies are filled from them.
    await migrateTo(t.db, '0025_sin_rastros', t.pgSchema);
    const actual = await t.db.selectFrom('ciclos').selectAll().executeTakeFirstOrThrow();
    const otro = { ...actual, id: '0190a0b0-0000-7000-8000-0000000000cc', anio_ingreso: actual.anio_ingreso - 1 };
    await t.db
      .insertInto('ciclos')
      .values({ ...otro, nombre: `${actual.nombre} anterior`, actual: 0, estado: 'cerrado' })
      .execute();

    const rows: Row[] = [];
    const siblings: { inscripto_id: string; ci: string }[] = [];
    for (let i = 0; i < 40; i++) {
      const id = `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`;
      rows.push({
        id,
        // Every fifth record in the other cycle, with CIs and siblings that would match there.
        ciclo_id: i % 5 === 4 ? otro.id : actual.id,
        // The enrolment number 7 beside the prefix "7"; 71 beside "71".
        numero_inscripcion: i % 3 === 0 ? null : i === 8 ? 7 : i === 11 ? 71 : 100 + i,
        estado: i % 2 ? 'finalizado' : 'pendiente',
        // Own CIs starting with 7 for about half, one null.
        ci: i === 6 ? null : `${i % 2 ? 7 : 4}${String(1000000 + i * 7919).slice(-6)}${i % 10}`,
        created_by: i % 4 ? 'vol' : 'admin',
        funcionario: i % 3 ? null : 'vol',
        created_at: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T15:00:${String(i).padStart(2, '0')}.000Z`,
      });
      // Siblings: a 7… sibling for every third record (own CI matching too for some: counted once), two
      // matching siblings on one record, and some in the other cycle.
      if (i % 3 === 1) siblings.push({ inscripto_id: id, ci: `7${String(5000000 + i).slice(-6)}1` });
      if (i % 7 === 2) siblings.push({ inscripto_id: id, ci: `5${String(3000000 + i).slice(-6)}2` });
      if (i === 10) siblings.push({ inscripto_id: id, ci: '71999993' });
    }
    await t.db
      .insertInto('inscriptos')
      .values(
        rows.map((r) => ({
          ...r,
          sexo: 'F',
          nombre_busqueda: `nombre ${r.id.slice(-2)}`,
          updated_by: r.created_by,
          fecha_inscripcion: r.created_at,
          updated_at: r.created_at,
          version: 1,
          datos: '{}',
        })),
      )
      .execute();
    await t.db.insertInto('inscripto_hermanos').values(siblings).execute();
    await migrateToLatest(t.db, t.pgSchema);

    const base: ListFilters = {
      cicloId: actual.id,
      words: [],
      ciPrefix: null,
      numero: null,
      estado: null,
      mineOf: null,
      desde: null,
      hasta: null,
      ids: null,
    };
    const queries: Partial<ListFilters>[] = [
      { ciPrefix: '7', numero: 7 },
      { ciPrefix: '7', numero: null },
      { ciPrefix: '71', numero: 71 },
      { ciPrefix: '4', numero: 4 },
      { ciPrefix: '7', numero: 7, estado: 'pendiente' },
      { ciPrefix: '7', numero: 7, mineOf: 'vol' },
      { ciPrefix: '7', numero: 7, estado: 'finalizado', mineOf: 'admin' },
      { ciPrefix: '9', numero: 9 },
    ];
    const orders: ListOrder[] = [
      { orden: null, dir: 'desc' },
      { orden: 'numero', dir: 'asc' },
    ];

    /** The rule, written out over everything stored. */
    const expected = async (f: ListFilters, o: ListOrder) => {
      const all = await t.db
        .selectFrom('inscriptos')
        .select(['id', 'ciclo_id', 'ci', 'numero_inscripcion', 'estado', 'created_by', 'funcionario', 'created_at'])
        .execute();
      const sibs = await t.db.selectFrom('inscripto_hermanos').select(['inscripto_id', 'ci']).execute();
      const p = f.ciPrefix!;
      const hits = all.filter(
        (r) =>
          r.ciclo_id === f.cicloId &&
          ((r.ci ?? '').startsWith(p) ||
            sibs.some((s) => s.inscripto_id === r.id && s.ci.startsWith(p)) ||
            (f.numero !== null && r.numero_inscripcion === f.numero)) &&
          (!f.estado || r.estado === f.estado) &&
          (!f.mineOf || r.created_by === f.mineOf || r.funcionario === f.mineOf),
      );
      const cmp = (a: (typeof hits)[0], b: (typeof hits)[0]) => {
        if (o.orden === 'numero') {
          const an = a.numero_inscripcion ?? Infinity;
          const bn = b.numero_inscripcion ?? Infinity;
          return an !== bn ? an - bn : a.id < b.id ? -1 : 1;
        }
        return a.created_at !== b.created_at ? (a.created_at < b.created_at ? 1 : -1) : a.id < b.id ? 1 : -1;
      };
      return hits.sort(cmp).map((r) => r.id);
    };

    const compareAll = async () => {
      for (const q of queries)
        for (const o of orders) {
          const f = { ...base, ...q };
          const want = await expected(f, o);
          for (const [path, limits] of PATHS) {
            const got: string[] = [];
            // Every page (size 3), so the far half is read backwards, and the page past the end.
            for (let page = 1; page <= Math.ceil(want.length / 3) + 1; page++) {
              const { rows: r, total } = await listPage(t.db, f, o, page, 3, limits);
              expect(total, `${JSON.stringify(q)} ${o.orden} ${path}`).toBe(want.length);
              got.push(...r.map((x) => x.id));
            }
            expect(got, `${JSON.stringify(q)} ${o.orden} ${path}`).toEqual(want);
          }
        }
    };
    // Sanity of the data: the short prefix matches several records both ways, one only by its number.
    const seven = await expected({ ...base, ciPrefix: '7', numero: 7 }, orders[0]!);
    expect(seven.length).toBeGreaterThan(10);
    expect(seven).toContain(rows[8]!.id);
    await compareAll();

    // The writes 0026's triggers follow: an enrolment moved to the other cycle (its siblings with it), a
    // child's CI changed, siblings replaced, a record deleted.
    const moved = rows[1]!.id;
    await t.db.updateTable('inscriptos').set({ ciclo_id: otro.id }).where('id', '=', moved).execute();
    await t.db.updateTable('inscriptos').set({ ciclo_id: actual.id }).where('id', '=', rows[4]!.id).execute();
    await t.db.updateTable('inscriptos').set({ ci: '40000017' }).where('id', '=', rows[7]!.id).execute();
    await t.db.updateTable('inscriptos').set({ ci: '79999990' }).where('id', '=', rows[10]!.id).execute();
    await t.db.deleteFrom('inscripto_hermanos').where('inscripto_id', '=', rows[13]!.id).execute();
    await t.db
      .insertInto('inscripto_hermanos')
      .values([
        { inscripto_id: rows[12]!.id, ci: '70000012' },
        { inscripto_id: rows[14]!.id, ci: '70000014' },
      ])
      .execute();
    await t.db.deleteFrom('inscripto_hermanos').where('inscripto_id', '=', rows[16]!.id).execute();
    await t.db.deleteFrom('inscriptos').where('id', '=', rows[16]!.id).execute();
    await compareAll();

    // The copies themselves: what a search by CI reads instead of each enrolment's row.
    const copies = await t.db
      .selectFrom('inscripto_hermanos as h')
      .innerJoin('inscriptos as i', 'i.id', 'h.inscripto_id')
      .select(['h.ciclo_id as copia', 'i.ciclo_id', 'h.inscripto_ci', 'i.ci'])
      .execute();
    expect(copies.length).toBeGreaterThan(10);
    for (const c of copies) expect([c.copia, c.inscripto_ci]).toEqual([c.ciclo_id, c.ci]);
  });
});
