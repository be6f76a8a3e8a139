import { describe, expect, it } from 'vitest';
import { knownTables, tableOwners, tableReferences } from '../test/table-owners.ts';

/**
 * One owner per table (docs/ARCHITECTURE.md): every table is reached from exactly one folder of data/, and from
 * nowhere else outside db/. `npm run check:tablas` prints the same scan as table → owner.
 */
describe('table owners', () => {
  it('every table is reached from one data folder, and from nowhere outside data/ and db/', () => {
    const { owners, problems } = tableOwners();
    expect(problems).toEqual([]);
    expect(owners.get('inscriptos')).toEqual(new Set(['data/inscriptos']));
    expect(owners.get('panel_conteos')).toEqual(new Set(['data/inscriptos']));
    expect(owners.get('auditoria')).toEqual(new Set(['data/auditoria']));
    // Every table of today's schema has its owner.
    const unowned = [...owners].filter(([, folders]) => folders.size === 0).map(([t]) => t);
    expect(unowned.filter((t) => !['inscriptos_conteos', 'secuencias'].includes(t))).toEqual([]);
  });

  it('reports a table reached outside data/ or from a second data folder, however the query names it', () => {
    const { problems } = tableOwners(undefined, {
      'features/ejemplo/ejemplo-service.ts': "export const q = (db) => db.selectFrom('inscriptos as i').selectAll();",
      'domain/ejemplo/ejemplo.ts': "export const q = (db) => db.updateTable('ciclos').set({ estado: 'cerrado' });",
      'data/otro/otro-repository.ts': [
        'export const a = (db) => sql`select count(*) from auditoria where seq > ${1}`.execute(db);',
        "export const b = (db) => db.selectFrom('users').innerJoin('sorteos as s', 's.id', 'x').select('plaza_eventos.id');",
        "export const c = sql.table('accesos');",
        'export const d = (db, t) => db.deleteFrom(t).execute();',
      ].join('\n'),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'data/otro/otro-repository.ts: deleteFrom(t) names no table (only db/ enumerates tables)',
        'inscriptos: reached outside data/ from features/ejemplo',
        'ciclos: reached outside data/ from domain/ejemplo',
        'auditoria: reached from 2 data folders (data/auditoria, data/otro)',
        'users: reached from 2 data folders (data/otro, data/users)',
        'sorteos: reached from 2 data folders (data/otro, data/sorteos)',
        'plaza_eventos: reached from 2 data folders (data/otro, data/temporadas)',
        'accesos: reached from 2 data folders (data/accesos, data/otro)',
      ]),
    );
    expect(problems).toHaveLength(8);
  });

  it('reads queries, not comments, type names or other strings', () => {
    const tables = knownTables();
    const source = [
      "// db.selectFrom('accesos'), /* db.updateTable('users') */",
      "const tags = ['inscriptos', 'sorteos'];",
      "type Q = SelectQueryBuilder<DB, 'ciclos', object>;",
      "const sinComillas = (s: string) => s.replace(/'/g, '').replace(/\"/g, '');",
      "const q = (db) => db.selectFrom(['configuracion', 'rate_limits as r']).where('r.clave', '=', `selectFrom('users')`);",
      'const t = sql<{ n: number }>`select 1 from ${sql.ref(`x`)} codigos_estado`;',
    ].join('\n');
    expect([...tableReferences(source, tables).tables].sort()).toEqual([
      'codigos_estado',
      'configuracion',
      'rate_limits',
    ]);
  });
});
