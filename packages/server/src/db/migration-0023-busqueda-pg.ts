import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0023: name search and deep pages at 1,000,000 records on PostgreSQL (docs/decisions/0019).
 * - `inscriptos_busqueda (id, ciclo_id, nombre_busqueda, hermanos_busqueda)`: the searchable names in a
 *   narrow copy of their own, kept by a trigger in the same transaction as every write. Its trigram GIN
 *   indexes lead with the cycle (btree_gin), and the LIKE that decides each proposed row re-reads narrow
 *   rows instead of the wide rows of `inscriptos` (the form in JSON): a search's count reads no more
 *   than its matches, from a table a tenth the size.
 * - `inscriptos_creado_idx (ciclo_id, created_at, id)`: the default order's index without the names and
 *   owners 0012 put in `inscriptos_created_idx` for SQLite, so OFFSET skips fewer index pages.
 * - `inscriptos_funcionario_creador_idx (ciclo_id, funcionario, created_by)`: "mine" counted as two index
 *   ranges (created by me; official me and not created by me) without reading rows.
 * SQLite: nothing (its FTS5 index and planFor already answer both). Literals only: nothing here may change
 * when live code does. Only new objects: no rewrite of `inscriptos`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;

const INDEXES = [
  ['inscriptos_busqueda_nombre_trgm', 'nombre_busqueda'],
  ['inscriptos_busqueda_hermanos_trgm', 'hermanos_busqueda'],
] as const;

/**
 * The trigram indexes, with the extensions in `public` as 0012 does (tests drop their own schemas). Without
 * btree_gin the cycle is left out of the index; without pg_trgm there is no index and the search scans.
 */
async function trigramIndexes(db: AnyDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('inscripciones:pg_trgm'))`.execute(db);
  const schemaOf = async (ext: string) =>
    (
      await sql<{ esquema: string }>`select n.nspname as esquema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = ${ext}`.execute(db)
    ).rows[0]?.esquema;
  const trgm = await schemaOf('pg_trgm');
  if (!trgm) return;
  const trgmOps = sql.raw(`${JSON.stringify(trgm)}.gin_trgm_ops`);
  await sql`savepoint btree_gin_0023`.execute(db);
  try {
    let btreeGin = await schemaOf('btree_gin');
    if (!btreeGin) {
      await sql`create extension if not exists btree_gin with schema public`.execute(db);
      btreeGin = 'public';
    }
    const textOps = sql.raw(`${JSON.stringify(btreeGin)}.text_ops`);
    for (const [name, column] of INDEXES)
      await sql`create index ${sql.raw(name)} on inscriptos_busqueda
        using gin (ciclo_id ${textOps}, ${sql.ref(column)} ${trgmOps})`.execute(db);
    await sql`release savepoint btree_gin_0023`.execute(db);
  } catch {
    await sql`rollback to savepoint btree_gin_0023`.execute(db);
    for (const [name, column] of INDEXES)
      await sql`create index ${sql.raw(name)} on inscriptos_busqueda using gin (${sql.ref(column)} ${trgmOps})`.execute(
        db,
      );
  }
}

export const busquedaPgMigration: Migration = {
  async up(db: AnyDb) {
    if (!isPostgres(db)) return;
    await sql`create table inscriptos_busqueda (id text primary key, ciclo_id text not null,
      nombre_busqueda text not null, hermanos_busqueda text not null)`.execute(db);
    // Room to build the GIN indexes in memory (1,000,000 rows: seconds, not minutes); this transaction only.
    await sql`set local maintenance_work_mem = '256MB'`.execute(db);
    await sql`insert into inscriptos_busqueda (id, ciclo_id, nombre_busqueda, hermanos_busqueda)
      select id, ciclo_id, nombre_busqueda, hermanos_busqueda from inscriptos`.execute(db);
    await sql`create or replace function inscriptos_busqueda_copia() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.id is distinct from new.id) then
          delete from inscriptos_busqueda where id = old.id;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into inscriptos_busqueda (id, ciclo_id, nombre_busqueda, hermanos_busqueda)
          values (new.id, new.ciclo_id, new.nombre_busqueda, new.hermanos_busqueda)
          on conflict (id) do update set ciclo_id = excluded.ciclo_id,
            nombre_busqueda = excluded.nombre_busqueda, hermanos_busqueda = excluded.hermanos_busqueda;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger inscriptos_busqueda_escritura after insert or delete on inscriptos
      for each row execute function inscriptos_busqueda_copia()`.execute(db);
    await sql`create trigger inscriptos_busqueda_cambio
      after update of id, ciclo_id, nombre_busqueda, hermanos_busqueda on inscriptos for each row
      when (old.id is distinct from new.id or old.ciclo_id is distinct from new.ciclo_id
        or old.nombre_busqueda is distinct from new.nombre_busqueda
        or old.hermanos_busqueda is distinct from new.hermanos_busqueda)
      execute function inscriptos_busqueda_copia()`.execute(db);
    await trigramIndexes(db);
    await sql`create index inscriptos_creado_idx on inscriptos (ciclo_id, created_at, id)`.execute(db);
    await sql`create index inscriptos_funcionario_creador_idx on inscriptos (ciclo_id, funcionario, created_by)`.execute(
      db,
    );
    // Statistics now, not at autovacuum's next pass: the planner weighs the new indexes with them.
    await sql`analyze inscriptos_busqueda`.execute(db);
  },
  async down(db: AnyDb) {
    if (!isPostgres(db)) return;
    await sql`drop index if exists inscriptos_creado_idx`.execute(db);
    await sql`drop index if exists inscriptos_funcionario_creador_idx`.execute(db);
    await sql`drop trigger if exists inscriptos_busqueda_escritura on inscriptos`.execute(db);
    await sql`drop trigger if exists inscriptos_busqueda_cambio on inscriptos`.execute(db);
    await sql`drop function if exists inscriptos_busqueda_copia()`.execute(db);
    await sql`drop table if exists inscriptos_busqueda`.execute(db);
  },
};
