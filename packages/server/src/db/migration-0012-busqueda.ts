import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0012: lists that do not scan (docs/decisions/0019-listado-a-escala.md).
 * - `inscriptos_conteos`: pendientes and finalizados per cycle, kept by triggers in the same transaction as
 *   every insert, delete and change of estado (whatever writes: API, import, seed, restore).
 * - `hermanos_busqueda`: the names of the siblings enrolling together, searchable like the child's own.
 * - Name search served by a trigram index: SQLite FTS5 (`trigram` tokenizer, external content on the rowid)
 *   and PostgreSQL pg_trgm (GIN). Both prefilter; the LIKE over the stored key still decides, so results are
 *   the same as before.
 * - Sort indexes for number, name and enrolment date; the date index also serves the date range filter.
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** searchKey() of packages/shared/src/text.ts as of 0012. */
function searchKey0012(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sibling names as stored in `hermanos_busqueda` as of 0012: each searchKey'd, joined by " / ". */
function hermanosBusqueda0012(datos: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(datos);
  } catch {
    return '';
  }
  const list = (parsed as { hermanosInscriben?: unknown } | null)?.hermanosInscriben;
  if (!Array.isArray(list)) return '';
  return list
    .map((h) => (h && typeof h === 'object' && typeof h.nombre === 'string' ? searchKey0012(h.nombre) : ''))
    .filter(Boolean)
    .join(' / ');
}

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;

async function countersUp(db: AnyDb, pg: boolean): Promise<void> {
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
  // One row per cycle: a write locks one counter row, so two writes never take them in opposite orders.
  const add = (r: 'new' | 'old') => ({
    p: sql.raw(`(case when ${r}.estado = 'pendiente' then 1 else 0 end)`),
    f: sql.raw(`(case when ${r}.estado = 'finalizado' then 1 else 0 end)`),
  });
  const o = add('old');
  const n = add('new');
  const dec = sql`update inscriptos_conteos set pendientes = pendientes - ${o.p}, finalizados = finalizados - ${o.f}
    where ciclo_id = old.ciclo_id;`;
  const inc = sql`insert into inscriptos_conteos as c (ciclo_id, pendientes, finalizados)
    values (new.ciclo_id, ${n.p}, ${n.f})
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

async function fillSiblingNames(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('inscriptos')
      .select(['id', 'datos'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute()) as { id: string; datos: string }[];
    for (const row of rows) {
      const names = hermanosBusqueda0012(row.datos);
      if (names)
        await db.updateTable('inscriptos').set({ hermanos_busqueda: names }).where('id', '=', row.id).execute();
    }
    if (rows.length < 500) return;
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * pg_trgm, in `public` so that dropping another schema never takes it away (tests give each suite a schema).
 * Without the right to create it the indexes are left out: the search still answers, by scanning.
 */
async function trigramIndexesPg(db: AnyDb): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('inscripciones:pg_trgm'))`.execute(db);
  await sql`savepoint pg_trgm_0012`.execute(db);
  try {
    const found = await sql<{ esquema: string }>`select n.nspname as esquema from pg_extension e
      join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
    let schema = found.rows[0]?.esquema;
    if (!schema) {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      schema = 'public';
    }
    const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
    await sql`create index inscriptos_nombre_trgm on inscriptos using gin (nombre_busqueda ${ops})`.execute(db);
    await sql`create index inscriptos_hermanos_trgm on inscriptos using gin (hermanos_busqueda ${ops})`.execute(db);
    await sql`release savepoint pg_trgm_0012`.execute(db);
  } catch {
    await sql`rollback to savepoint pg_trgm_0012`.execute(db);
  }
}

async function trigramIndexSqlite(db: AnyDb): Promise<void> {
  // External content: the index keeps only the trigrams; the rows stay in inscriptos.
  await sql`create virtual table inscriptos_fts using fts5(nombre_busqueda, hermanos_busqueda,
    content='inscriptos', content_rowid='rowid', tokenize='trigram')`.execute(db);
  const add = sql`insert into inscriptos_fts (rowid, nombre_busqueda, hermanos_busqueda)
    values (new.rowid, new.nombre_busqueda, new.hermanos_busqueda);`;
  const remove = sql`insert into inscriptos_fts (inscriptos_fts, rowid, nombre_busqueda, hermanos_busqueda)
    values ('delete', old.rowid, old.nombre_busqueda, old.hermanos_busqueda);`;
  await sql`create trigger inscriptos_fts_alta after insert on inscriptos begin ${add} end`.execute(db);
  await sql`create trigger inscriptos_fts_baja after delete on inscriptos begin ${remove} end`.execute(db);
  await sql`create trigger inscriptos_fts_cambio after update of nombre_busqueda, hermanos_busqueda on inscriptos
    when old.nombre_busqueda is not new.nombre_busqueda or old.hermanos_busqueda is not new.hermanos_busqueda
    begin ${remove} ${add} end`.execute(db);
  await sql`insert into inscriptos_fts (inscriptos_fts) values ('rebuild')`.execute(db);
}

export const busquedaMigration: Migration = {
  async up(db: AnyDb) {
    const pg = isPostgres(db);
    await countersUp(db, pg);
    await db.schema
      .alterTable('inscriptos')
      .addColumn('hermanos_busqueda', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await fillSiblingNames(db);
    // The date index carries the sibling names too: a search word too short for trigrams reads index entries.
    await db.schema.dropIndex('inscriptos_created_idx').execute();
    await db.schema
      .createIndex('inscriptos_created_idx')
      .on('inscriptos')
      .columns(['ciclo_id', 'created_at', 'id', 'nombre_busqueda', 'hermanos_busqueda', 'created_by', 'funcionario'])
      .execute();
    await db.schema
      .createIndex('inscriptos_nombre_orden_idx')
      .on('inscriptos')
      .columns(['ciclo_id', 'nombre_busqueda', 'id'])
      .execute();
    await db.schema
      .createIndex('inscriptos_fecha_idx')
      .on('inscriptos')
      .columns(['ciclo_id', 'fecha_inscripcion', 'id'])
      .execute();
    // Records without a number after the numbered ones, the same on both dialects (their NULL orders differ).
    await sql`create index inscriptos_numero_orden_idx on inscriptos
      (ciclo_id, (numero_inscripcion is null), numero_inscripcion, id)`.execute(db);
    if (pg) await trigramIndexesPg(db);
    else await trigramIndexSqlite(db);
  },
  async down(db: AnyDb) {
    const pg = isPostgres(db);
    if (pg) {
      await sql`drop trigger if exists inscriptos_conteo_escritura on inscriptos`.execute(db);
      await sql`drop trigger if exists inscriptos_conteo_cambio on inscriptos`.execute(db);
      await sql`drop function if exists inscriptos_conteo()`.execute(db);
      await sql`drop index if exists inscriptos_nombre_trgm`.execute(db);
      await sql`drop index if exists inscriptos_hermanos_trgm`.execute(db);
    } else {
      for (const t of ['conteo_alta', 'conteo_baja', 'conteo_cambio', 'fts_alta', 'fts_baja', 'fts_cambio'])
        await sql`drop trigger if exists ${sql.raw(`inscriptos_${t}`)}`.execute(db);
      await sql`drop table if exists inscriptos_fts`.execute(db);
    }
    for (const name of ['inscriptos_numero_orden_idx', 'inscriptos_fecha_idx', 'inscriptos_nombre_orden_idx'])
      await db.schema.dropIndex(name).execute();
    await db.schema.dropIndex('inscriptos_created_idx').execute();
    await db.schema
      .createIndex('inscriptos_created_idx')
      .on('inscriptos')
      .columns(['ciclo_id', 'created_at', 'id', 'nombre_busqueda', 'created_by', 'funcionario'])
      .execute();
    await db.schema.alterTable('inscriptos').dropColumn('hermanos_busqueda').execute();
    await db.schema.dropTable('inscriptos_conteos').execute();
  },
};
