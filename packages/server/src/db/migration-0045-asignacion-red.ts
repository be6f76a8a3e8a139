import type { Kysely, Migration } from 'kysely';

/*
 * 0045: the network's assignment (docs/decisions/0028, 0039), in the network's database (school 1's); every
 * school's database runs it too and never reads the tables there.
 * - `red_ciclos`: per intake year, separate school raffles ('escuela', also when there is no row) or the
 *   network's assignment ('red'), and the network's N (how many schools a family may rank).
 * - `red_sorteos`: the network raffle of a year: the frozen list and its hash, the sealed seed and its
 *   commitment, the public value with its declared source, the confirmed positions, the numbers once ended.
 * - `red_asignaciones`: the result of a year's assignment: its public acta and each application's origin
 *   (school and enrolment number, private).
 * - `red_respuestas`: the families' answers after it, in order (`seq` 1, 2, … per year): the roll-up is a pure
 *   function of the acta and this log (0028 "Después de la asignación").
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const asignacionRedMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('red_ciclos')
      .addColumn('anio', 'integer', (c) => c.primaryKey())
      .addColumn('modo', 'text', (c) => c.notNull())
      .addColumn('max_preferencias', 'integer', (c) => c.notNull())
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .addColumn('actualizado_por', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('red_sorteos')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('anio', 'integer', (c) => c.notNull().unique())
      .addColumn('estado', 'text', (c) => c.notNull())
      .addColumn('operador', 'text', (c) => c.notNull())
      .addColumn('creado_en', 'text', (c) => c.notNull())
      .addColumn('lista', 'text', (c) => c.notNull())
      .addColumn('lista_hash', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('semilla', 'text', (c) => c.notNull())
      .addColumn('compromiso', 'text', (c) => c.notNull())
      .addColumn('fuente_valor_publico', 'text', (c) => c.notNull())
      .addColumn('valor_publico', 'text', (c) => c.notNull())
      .addColumn('valor_publico_origen', 'text', (c) => c.notNull())
      .addColumn('valores_ingresados', 'text', (c) => c.notNull())
      .addColumn('con_plan', 'integer', (c) => c.notNull())
      .addColumn('indice', 'integer', (c) => c.notNull())
      .addColumn('azar', 'text')
      .addColumn('terminado_en', 'text')
      .addColumn('actualizado_en', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('red_asignaciones')
      .addColumn('anio', 'integer', (c) => c.primaryKey())
      .addColumn('sorteo_id', 'text', (c) => c.notNull())
      .addColumn('asignado_en', 'text', (c) => c.notNull())
      .addColumn('asignado_por', 'text', (c) => c.notNull())
      .addColumn('acta', 'text', (c) => c.notNull())
      .addColumn('origenes', 'text', (c) => c.notNull())
      .addColumn('plazo_dias', 'integer', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('red_respuestas')
      .addColumn('anio', 'integer', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('en', 'text', (c) => c.notNull())
      .addColumn('numero', 'integer', (c) => c.notNull())
      .addColumn('respuesta', 'text', (c) => c.notNull())
      .addColumn('escuela', 'text')
      .addColumn('miembro', 'integer')
      .addColumn('usuario', 'text', (c) => c.notNull())
      .addColumn('canal', 'text')
      .addPrimaryKeyConstraint('red_respuestas_pk', ['anio', 'seq'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('red_respuestas').execute();
    await db.schema.dropTable('red_asignaciones').execute();
    await db.schema.dropTable('red_sorteos').execute();
    await db.schema.dropTable('red_ciclos').execute();
  },
};
