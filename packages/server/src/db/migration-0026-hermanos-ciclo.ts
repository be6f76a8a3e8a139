import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0026: a short CI prefix (`q=7`, a quarter of the cycle) counted and listed from indexes alone
 * (docs/decisions/0019, "Qué busca q").
 * - `inscripto_hermanos.ciclo_id` and `.inscripto_ci`: the cycle and the child's own CI of the enrolment a
 *   sibling row belongs to, copied by triggers in the same transaction as every write (a sibling inserted;
 *   an enrolment's cycle or CI changed), with the index `(ciclo_id, ci, inscripto_id, inscripto_ci)`. The
 *   siblings' CIs were searched in every cycle and each match's enrolment read to keep the listed cycle's
 *   (1,000,000 records: tens of thousands of wide rows); now one index range gives the cycle's sibling
 *   matches and tells which of them the child's own CI matches too, so a count adds the parts without
 *   reading a row or deduplicating a set.
 * - PostgreSQL: `inscriptos (ciclo_id, ci, id)`, so the own matches' ids come from the index (SQLite's
 *   `(ciclo_id, ci)` index already carries the rowid it matches on).
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter.supportsTransactionalDdl;

export const hermanosCicloMigration: Migration = {
  async up(db: AnyDb) {
    await sql`alter table inscripto_hermanos add column ciclo_id text`.execute(db);
    await sql`alter table inscripto_hermanos add column inscripto_ci text`.execute(db);
    if (isPostgres(db)) {
      // Room to build the indexes in memory (1,000,000 records: seconds); this transaction only.
      await sql`set local maintenance_work_mem = '256MB'`.execute(db);
      // Filled before the triggers exist, so they do not run once per existing row.
      await sql`update inscripto_hermanos h set ciclo_id = i.ciclo_id, inscripto_ci = i.ci from inscriptos i
        where i.id = h.inscripto_id`.execute(db);
      await sql`create or replace function inscripto_hermanos_copia() returns trigger language plpgsql as $$
        begin
          select ciclo_id, ci into new.ciclo_id, new.inscripto_ci from inscriptos where id = new.inscripto_id;
          return new;
        end $$`.execute(db);
      await sql`create trigger inscripto_hermanos_copia before insert or update of inscripto_id, ciclo_id, inscripto_ci
        on inscripto_hermanos for each row execute function inscripto_hermanos_copia()`.execute(db);
      await sql`create or replace function inscriptos_a_hermanos() returns trigger language plpgsql as $$
        begin
          update inscripto_hermanos set ciclo_id = new.ciclo_id, inscripto_ci = new.ci where inscripto_id = new.id;
          return null;
        end $$`.execute(db);
      await sql`create trigger inscriptos_a_hermanos after update of ciclo_id, ci on inscriptos for each row
        when (old.ciclo_id is distinct from new.ciclo_id or old.ci is distinct from new.ci)
        execute function inscriptos_a_hermanos()`.execute(db);
      await sql`create index inscriptos_ciclo_ci_id_idx on inscriptos (ciclo_id, ci, id)`.execute(db);
    } else {
      // Filled before the triggers exist, so they do not run once per existing row.
      await sql`update inscripto_hermanos set (ciclo_id, inscripto_ci) = (select ciclo_id, ci from inscriptos
        where inscriptos.id = inscripto_hermanos.inscripto_id)`.execute(db);
      // SQLite has no BEFORE trigger that rewrites NEW: the row is completed right after it is written.
      const copy = sql`update inscripto_hermanos set (ciclo_id, inscripto_ci) = (select ciclo_id, ci
        from inscriptos where id = new.inscripto_id) where inscripto_id = new.inscripto_id and ci = new.ci;`;
      await sql`create trigger inscripto_hermanos_copia_alta after insert on inscripto_hermanos
        begin ${copy} end`.execute(db);
      await sql`create trigger inscripto_hermanos_copia_cambio after update of inscripto_id, ciclo_id, inscripto_ci
        on inscripto_hermanos
        when new.ciclo_id is not (select ciclo_id from inscriptos where id = new.inscripto_id)
          or new.inscripto_ci is not (select ci from inscriptos where id = new.inscripto_id)
        begin ${copy} end`.execute(db);
      await sql`create trigger inscriptos_a_hermanos after update of ciclo_id, ci on inscriptos
        when old.ciclo_id is not new.ciclo_id or old.ci is not new.ci
        begin update inscripto_hermanos set ciclo_id = new.ciclo_id, inscripto_ci = new.ci
          where inscripto_id = new.id; end`.execute(db);
    }
    await sql`create index inscripto_hermanos_ciclo_ci_idx
      on inscripto_hermanos (ciclo_id, ci, inscripto_id, inscripto_ci)`.execute(db);
    // PostgreSQL: statistics now, not at autovacuum's next pass; the planner weighs the new index with them.
    if (isPostgres(db)) await sql`analyze inscripto_hermanos`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop index if exists inscripto_hermanos_ciclo_ci_idx`.execute(db);
    if (isPostgres(db)) {
      await sql`drop index if exists inscriptos_ciclo_ci_id_idx`.execute(db);
      await sql`drop trigger if exists inscripto_hermanos_copia on inscripto_hermanos`.execute(db);
      await sql`drop trigger if exists inscriptos_a_hermanos on inscriptos`.execute(db);
      await sql`drop function if exists inscripto_hermanos_copia()`.execute(db);
      await sql`drop function if exists inscriptos_a_hermanos()`.execute(db);
    } else {
      await sql`drop trigger if exists inscripto_hermanos_copia_alta`.execute(db);
      await sql`drop trigger if exists inscripto_hermanos_copia_cambio`.execute(db);
      await sql`drop trigger if exists inscriptos_a_hermanos`.execute(db);
    }
    await sql`alter table inscripto_hermanos drop column inscripto_ci`.execute(db);
    await sql`alter table inscripto_hermanos drop column ciclo_id`.execute(db);
  },
};
