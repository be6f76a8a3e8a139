import { sql, type Kysely, type Migration } from 'kysely';
import { v7 as uuidv7 } from 'uuid';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/** Migration 0007_usuario_sistema. */
export const usuarioSistemaMigration: Migration = {
  // The guest account becomes a system account (docs/decisions/0003): a column, not its name, tells the
  // server which account it protects. Older versions let an administrator rename, promote, re-password
  // or delete it, so its fixed identity is put back here. Literals only: this migration must do the same
  // thing forever, whatever today's constants and helpers become.
  async up(db: AnyDb) {
    await db.schema
      .alterTable('users')
      .addColumn('sistema', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    const fixed = {
      role: 'visitado',
      // argon2id of the public password 'visitante' (the "Acceder como visitante" button sends it).
      password_hash:
        '$argon2id$v=19$m=19456,t=2,p=1$adwJ7ymUARm7iyJCmj+jMg$CmkJWisxPH/i55jeqnlx6AhX8AVNVwNrjw8wg0zm21Y',
      sistema: 1,
      updated_at: new Date().toISOString(),
    };
    const guest = await db.selectFrom('users').select('id').where('username', '=', 'visitante').executeTakeFirst();
    if (guest) {
      // A new session version ends the sessions of a guest that had been promoted.
      await db
        .updateTable('users')
        .set({ ...fixed, session_version: sql`session_version + 1` })
        .where('id', '=', guest.id)
        .execute();
    } else {
      // Deleted by an older version: back, but inactive, as the administrator had left guest access.
      await db
        .insertInto('users')
        .values({
          ...fixed,
          id: uuidv7(),
          username: 'visitante',
          nombre: 'Visitante',
          email: 'visitante@inscripciones.local',
          activo: 0,
          session_version: 1,
          created_at: fixed.updated_at,
        })
        .execute();
    }
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('users').dropColumn('sistema').execute();
  },
};
