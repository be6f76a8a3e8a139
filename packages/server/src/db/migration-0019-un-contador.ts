import { sql, type Kysely, type Migration } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs on either dialect's schema
type AnyDb = Kysely<any>;

/*
 * 0019: one counter table. The list's summary and page count read the `estado` counts of
 * `panel_conteos` (0018), so `inscriptos_conteos` (0012) and its triggers go: every write kept two counter
 * sets in its transaction. `down` puts back 0012's table, filled from the rows, and its triggers.
 * Literals only: nothing here may change when live code does.
 */
const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;

const TRIGGERS_SQLITE_0012 = ['inscriptos_conteo_alta', 'inscriptos_conteo_baja', 'inscriptos_conteo_cambio'];
const TRIGGERS_PG_0012 = ['inscriptos_conteo_escritura', 'inscriptos_conteo_cambio'];

/** 0012's counters as 0012 made them (table, fill and triggers), for `down`. */
async function countersOf0012(db: AnyDb, pg: boolean): Promise<void> {
  await db.schema
    .createTable('inscriptos_conteos')
    .addColumn('ciclo_id', 'text', (c) => c.primaryKey())
    .addColumn('pendientes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finalizados', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into inscriptos_conteos (ciclo_id, pendientes, finalizados)
    select ciclo_id, sum(case when estado = 'pendiente' then 1 else 0 end),
           sum(case when estado = 'finalizado' then 1 else 0 end)
    from inscriptos group by ciclo_id`.execute(db);
  const p = (r: string) => sql.raw(`(case when ${r}.estado = 'pendiente' then 1 else 0 end)`);
  const f = (r: string) => sql.raw(`(case when ${r}.estado = 'finalizado' then 1 else 0 end)`);
  const dec = sql`update inscriptos_conteos set pendientes = pendientes - ${p('old')},
    finalizados = finalizados - ${f('old')} where ciclo_id = old.ciclo_id;`;
  const inc = sql`insert into inscriptos_conteos as c (ciclo_id, pendientes, finalizados)
    values (new.ciclo_id, ${p('new')}, ${f('new')})
    on conflict (ciclo_id) do update set pendientes = c.pendientes + excluded.pendientes,
      finalizados = c.finalizados + excluded.finalizados;`;
  if (pg) {
    await sql`create or replace function inscriptos_conteo() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${dec} end if;
        if tg_op in ('INSERT', 'UPDATE') then ${inc} end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger inscriptos_conteo_escritura after insert or delete on inscriptos
      for each row execute function inscriptos_conteo()`.execute(db);
    await sql`create trigger inscriptos_conteo_cambio after update of estado, ciclo_id on inscriptos for each row
      when (old.estado is distinct from new.estado or old.ciclo_id is distinct from new.ciclo_id)
      execute function inscriptos_conteo()`.execute(db);
    return;
  }
  await sql`create trigger inscriptos_conteo_alta after insert on inscriptos begin ${inc} end`.execute(db);
  await sql`create trigger inscriptos_conteo_baja after delete on inscriptos begin ${dec} end`.execute(db);
  await sql`create trigger inscriptos_conteo_cambio after update of estado, ciclo_id on inscriptos
    when old.estado is not new.estado or old.ciclo_id is not new.ciclo_id begin ${dec} ${inc} end`.execute(db);
}

export const unContadorMigration: Migration = {
  async up(db: AnyDb) {
    if (isPostgres(db)) {
      for (const name of TRIGGERS_PG_0012) await sql`drop trigger if exists ${sql.raw(name)} on inscriptos`.execute(db);
      await sql`drop function if exists inscriptos_conteo()`.execute(db);
    } else {
      for (const name of TRIGGERS_SQLITE_0012) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
    }
    await db.schema.dropTable('inscriptos_conteos').execute();
  },
  async down(db: AnyDb) {
    await countersOf0012(db, isPostgres(db));
  },
};
