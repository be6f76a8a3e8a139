import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on either dialect's schema
type AnyDb = Kysely<any>;

/**
 * Migration 0018's dimensions of `panel_conteos`: name and value (SQL over a row alias). A value is text,
 * '' when the column is empty; `funcionario` is the record's official (its creator when it names none)
 * with its estado; `hora` the UTC hour of the enrolment (the panel makes Montevideo days of them).
 */
const DIMENSIONES_PANEL: [string, (r: string) => string][] = [
  ['estado', (r) => `${r}.estado`],
  ['estrato', (r) => `coalesce(${r}.estrato, '')`],
  ['condicion', (r) => `coalesce(${r}.condicion, '')`],
  ['sexo', (r) => `coalesce(${r}.sexo, '')`],
  ['hermanos', (r) => `coalesce(cast(${r}.hermanos as text), '')`],
  ['fuera_zona', (r) => `cast(coalesce(${r}.fuera_zona, 0) as text)`],
  ['barrio', (r) => `coalesce(${r}.barrio, '')`],
  ['funcionario', (r) => `coalesce(${r}.funcionario, ${r}.created_by) || '|' || ${r}.estado`],
  ['hora', (r) => `substr(${r}.fecha_inscripcion, 1, 13)`],
];

/** The counts of every existing row, by dimension (0018 fills its table with them). */
function conteosDesde(table: string): string {
  const selects = DIMENSIONES_PANEL.map(
    ([name, value]) =>
      `select i.ciclo_id, '${name}', ${value('i')}, count(*) from ${table} i group by i.ciclo_id, ${value('i')}`,
  );
  return `insert into panel_conteos (ciclo_id, dimension, clave, n) ${selects.join(' union all ')}`;
}

/**
 * One statement that moves the counts for a row written: -1 under each value of OLD, +1 under each of NEW,
 * netted and applied in key order, so two transactions always lock counters in the same order (no
 * deadlock on PostgreSQL). `where true` keeps SQLite from reading ON CONFLICT as a join's ON.
 */
function cambioConteos(rows: readonly ('OLD' | 'NEW')[]): string {
  const deltas = rows.flatMap((r) =>
    DIMENSIONES_PANEL.map(
      ([name, value]) =>
        `select ${r}.ciclo_id as ciclo_id, '${name}' as dimension, ${value(r)} as clave, ${r === 'OLD' ? -1 : 1} as delta`,
    ),
  );
  return (
    'insert into panel_conteos (ciclo_id, dimension, clave, n) ' +
    `select ciclo_id, dimension, clave, sum(delta) from (${deltas.join(' union all ')}) d where true ` +
    'group by ciclo_id, dimension, clave having sum(delta) <> 0 order by ciclo_id, dimension, clave ' +
    'on conflict (ciclo_id, dimension, clave) do update set n = panel_conteos.n + excluded.n'
  );
}

export const panelMigration: Migration = {
  // The director's panel. Columns derived from the form document, so a segment of the list
  // filters by column; `derivados` is the version of the rule that filled them, 0 (every row here) meaning
  // not yet: the server fills them at start (inscriptos-store/derived-columns.ts), so this migration never
  // runs that rule. And `panel_conteos`, counts per cycle, dimension and value kept by triggers in the
  // same transaction as every write (whatever the path: API, import, seed, restore), so the panel reads a
  // few hundred rows whatever the number of enrolments.
  async up(db: AnyDb) {
    for (const [name, type] of [
      ['barrio', 'text'],
      ['estrato', 'text'],
      ['condicion', 'text'],
      ['hermanos', 'integer'],
      ['fuera_zona', 'integer'],
    ] as const) {
      await db.schema.alterTable('inscriptos').addColumn(name, type).execute();
    }
    await db.schema
      .alterTable('inscriptos')
      .addColumn('derivados', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('inscriptos_derivados_idx').on('inscriptos').column('derivados').execute();
    await db.schema
      .createTable('panel_conteos')
      .addColumn('ciclo_id', 'text', (c) => c.notNull())
      .addColumn('dimension', 'text', (c) => c.notNull())
      .addColumn('clave', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('panel_conteos_pk', ['ciclo_id', 'dimension', 'clave'])
      .execute();
    await sql.raw(conteosDesde('inscriptos')).execute(db);
    if (db.getExecutor().adapter.supportsTransactionalDdl) {
      // PostgreSQL: one trigger function for the three operations.
      await sql
        .raw(
          `create function panel_contar() returns trigger language plpgsql as $$
begin
if tg_op = 'INSERT' then ${cambioConteos(['NEW'])};
elsif tg_op = 'DELETE' then ${cambioConteos(['OLD'])};
else ${cambioConteos(['OLD', 'NEW'])};
end if;
return null;
end $$`,
        )
        .execute(db);
      await sql
        .raw(
          'create trigger panel_contar after insert or delete or update on inscriptos for each row execute function panel_contar()',
        )
        .execute(db);
    } else {
      for (const [op, rows] of [
        ['insert', ['NEW']],
        ['delete', ['OLD']],
        ['update', ['OLD', 'NEW']],
      ] as const) {
        await sql
          .raw(`create trigger panel_contar_${op} after ${op} on inscriptos begin ${cambioConteos(rows)}; end`)
          .execute(db);
      }
    }
  },
  async down(db: AnyDb) {
    if (db.getExecutor().adapter.supportsTransactionalDdl) {
      await sql.raw('drop trigger panel_contar on inscriptos').execute(db);
      await sql.raw('drop function panel_contar()').execute(db);
    } else {
      for (const op of ['insert', 'delete', 'update']) await sql.raw(`drop trigger panel_contar_${op}`).execute(db);
    }
    await db.schema.dropTable('panel_conteos').execute();
    await db.schema.dropIndex('inscriptos_derivados_idx').execute();
    for (const name of ['derivados', 'fuera_zona', 'hermanos', 'condicion', 'estrato', 'barrio']) {
      await db.schema.alterTable('inscriptos').dropColumn(name).execute();
    }
  },
};
