import { sql, type Kysely, type Migration } from 'kysely';

/*
 * 0041: one deployment for a network of schools (docs/decisions/0036).
 * - `escuelas`: the network's schools. The database that is upgraded becomes school 1 (code 'principal'), its
 *   records where they are (`ubicacion` null: this database); every other school has a database of its own
 *   (an SQLite file or a PostgreSQL schema, named in `ubicacion`).
 * - `usuario_escuelas`: an account's role in each of its schools; the old `users.role` becomes the account's
 *   role in school 1, and the column goes.
 * - `users.rol_red`: 'administrador_red' or 'lector_red' for the network's own roles; the active
 *   administrators of the upgraded database ran the whole deployment, so they become network administrators.
 * A school's own database runs this too: there the three are never read (accounts live in the network's).
 * Literals only: nothing here may change when live code does.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

export const escuelasMigration: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('escuelas')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('codigo', 'text', (c) => c.notNull().unique())
      .addColumn('ubicacion', 'text')
      .addColumn('creada_en', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('usuario_escuelas')
      .addColumn('usuario_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('escuela_id', 'integer', (c) => c.notNull().references('escuelas.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('usuario_escuelas_pk', ['usuario_id', 'escuela_id'])
      .execute();
    await db.schema.createIndex('usuario_escuelas_escuela_idx').on('usuario_escuelas').column('escuela_id').execute();
    await db.schema.alterTable('users').addColumn('rol_red', 'text').execute();

    await db
      .insertInto('escuelas')
      .values({ id: 1, codigo: 'principal', ubicacion: null, creada_en: new Date().toISOString() })
      .execute();
    await sql`insert into usuario_escuelas (usuario_id, escuela_id, role) select id, 1, role from users`.execute(db);
    await db
      .updateTable('users')
      .set({ rol_red: 'administrador_red' })
      .where('role', '=', 'administrador')
      .where('activo', '=', 1)
      .where('sistema', '=', 0)
      .execute();
    await db.schema.dropIndex('users_role_activo_idx').execute();
    await db.schema.alterTable('users').dropColumn('role').execute();
  },
};
