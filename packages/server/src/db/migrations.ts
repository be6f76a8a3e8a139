import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { ciclosMigration, type EntornoSorteo0009 } from './migration-0009-ciclos.ts';
import { busquedaMigration } from './migration-0012-busqueda.ts';
import { panelMigration } from './migration-0018-panel.ts';
import { unContadorMigration } from './migration-0019-un-contador.ts';
import { codigosEstadoMigration } from './migration-0020-codigos-estado.ts';
import { busquedaPgMigration } from './migration-0023-busqueda-pg.ts';
import { sinRastrosMigration } from './migration-0025-sin-rastros.ts';
import { hermanosCicloMigration } from './migration-0026-hermanos-ciclo.ts';
import { avisosMigration } from './migration-0027-avisos.ts';

/**
 * One ordered set of migrations for both dialects, run at start-up. Only portable column types are
 * used (text, integer); see schema.ts. Never edit a migration that has shipped: add a new one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's DB type
type AnyDb = Kysely<any>;

/*
 * What a migration writes is frozen here as literals and copies, never imported from live code: changing
 * the guest account, the password hashing or the audit chain later must not change what an old migration
 * did on a fresh database.
 */
const GUEST_0001 = {
  username: 'visitante',
  password: 'visitante',
  nombre: 'Visitante',
  email: 'visitante@inscripciones.local',
} as const;
/** The audit chain's genesis hash as of 0002. */
const GENESIS_HASH_0002 = '0'.repeat(64);

/** argon2id as lib/password.ts hashed in 0001 (OWASP's first recommendation), as a PHC string. */
async function hashPassword0001(password: string): Promise<string> {
  const p = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };
  const nonce = crypto.randomBytes(16);
  const hash = await promisify(crypto.argon2)('argon2id', { message: Buffer.from(password, 'utf8'), nonce, ...p });
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${p.memory},t=${p.passes},p=${p.parallelism}$${b64(nonce)}$${b64(hash)}`;
}

const migrations: Record<string, Migration> = {
  '0001_users': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nombre', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('activo', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_role_activo_idx').on('users').columns(['role', 'activo']).execute();

      // The built-in read-only account of SPEC 6. Created once here, so an administrator can
      // deactivate (or delete) it and it stays that way.
      const now = new Date().toISOString();
      await db
        .insertInto('users')
        .values({
          id: uuidv7(),
          username: GUEST_0001.username,
          password_hash: await hashPassword0001(GUEST_0001.password),
          nombre: GUEST_0001.nombre,
          email: GUEST_0001.email,
          role: 'visitado',
          activo: 1,
          session_version: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('users').execute();
    },
  },
  '0002_inscriptos': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('inscriptos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('numero_inscripcion', 'integer')
        .addColumn('estado', 'text', (c) => c.notNull().defaultTo('pendiente'))
        .addColumn('ci', 'text')
        .addColumn('sexo', 'text')
        .addColumn('nombre_busqueda', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('funcionario', 'text')
        .addColumn('updated_by', 'text', (c) => c.notNull())
        .addColumn('fecha_inscripcion', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('datos', 'text', (c) => c.notNull())
        .execute();
      // One enrolment per child: the CI is unique whenever it is present.
      await db.schema
        .createIndex('inscriptos_ci_unique')
        .on('inscriptos')
        .column('ci')
        .unique()
        .where('ci', 'is not', null)
        .execute();
      // Newest first, alone or within an estado / owner filter.
      await db.schema.createIndex('inscriptos_created_idx').on('inscriptos').columns(['created_at', 'id']).execute();
      await db.schema
        .createIndex('inscriptos_estado_created_idx')
        .on('inscriptos')
        .columns(['estado', 'created_at'])
        .execute();
      await db.schema
        .createIndex('inscriptos_created_by_idx')
        .on('inscriptos')
        .columns(['created_by', 'created_at'])
        .execute();
      await db.schema
        .createIndex('inscriptos_funcionario_idx')
        .on('inscriptos')
        .columns(['funcionario', 'created_at'])
        .execute();
      await db.schema.createIndex('inscriptos_numero_idx').on('inscriptos').column('numero_inscripcion').execute();

      await db.schema
        .createTable('inscripto_hermanos')
        .addColumn('inscripto_id', 'text', (c) => c.notNull().references('inscriptos.id').onDelete('cascade'))
        .addColumn('ci', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('inscripto_hermanos_pk', ['inscripto_id', 'ci'])
        .execute();
      await db.schema.createIndex('inscripto_hermanos_ci_idx').on('inscripto_hermanos').column('ci').execute();

      await db.schema
        .createTable('secuencias')
        .addColumn('nombre', 'text', (c) => c.primaryKey())
        .addColumn('valor', 'integer', (c) => c.notNull())
        .execute();
      await db.insertInto('secuencias').values({ nombre: 'numero_inscripcion', valor: 0 }).execute();

      await db.schema
        .createTable('auditoria')
        .addColumn('seq', 'integer', (c) => c.primaryKey())
        .addColumn('fecha', 'text', (c) => c.notNull())
        .addColumn('usuario', 'text', (c) => c.notNull())
        .addColumn('accion', 'text', (c) => c.notNull())
        .addColumn('inscripto_id', 'text', (c) => c.notNull())
        .addColumn('cambios', 'text', (c) => c.notNull())
        .addColumn('hash_anterior', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auditoria_inscripto_idx').on('auditoria').columns(['inscripto_id', 'seq']).execute();
      await db.schema
        .createTable('auditoria_cabeza')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('ultimo_seq', 'integer', (c) => c.notNull())
        .addColumn('ultimo_hash', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('auditoria_cabeza')
        .values({ id: 1, ultimo_seq: 0, ultimo_hash: GENESIS_HASH_0002 })
        .execute();
    },
    async down(db: AnyDb) {
      for (const table of ['auditoria_cabeza', 'auditoria', 'secuencias', 'inscripto_hermanos', 'inscriptos']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0003_sorteo': {
    async up(db: AnyDb) {
      // One row per raffle (docs/decisions/0008). Archived rows are never deleted: they are the actas.
      await db.schema
        .createTable('sorteos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('estado', 'text', (c) => c.notNull())
        .addColumn('operador', 'text', (c) => c.notNull())
        .addColumn('operador_nombre', 'text', (c) => c.notNull())
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .addColumn('anio', 'integer', (c) => c.notNull())
        .addColumn('plazas_nenas', 'integer', (c) => c.notNull())
        .addColumn('plazas_varones', 'integer', (c) => c.notNull())
        .addColumn('participantes_hash', 'text', (c) => c.notNull())
        .addColumn('estadisticas', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('semilla', 'text', (c) => c.notNull())
        .addColumn('compromiso', 'text', (c) => c.notNull())
        .addColumn('valor_publico', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('con_plan', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('indice', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('actualizado_en', 'text', (c) => c.notNull())
        .addColumn('archivado_en', 'text')
        .addColumn('archivado_por', 'text')
        .addColumn('archivado_por_nombre', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // At most one raffle in progress, across every app instance.
      await db.schema
        .createIndex('sorteos_un_activo')
        .on('sorteos')
        .column('estado')
        .unique()
        .where('estado', '=', 'activo')
        .execute();
      await db.schema.createIndex('sorteos_creado_idx').on('sorteos').columns(['creado_en', 'id']).execute();
      // The large, write-once JSON apart: SQLite rewrites a whole row on UPDATE, and confirming a draw
      // updates the raffle's row (about 1.5 MB of JSON with 5,000 participants).
      await db.schema
        .createTable('sorteo_contenidos')
        .addColumn('sorteo_id', 'text', (c) => c.primaryKey().references('sorteos.id').onDelete('cascade'))
        .addColumn('participantes', 'text', (c) => c.notNull())
        .addColumn('plan', 'text')
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('sorteo_contenidos').execute();
      await db.schema.dropTable('sorteos').execute();
    },
  },
  '0004_configuracion': {
    async up(db: AnyDb) {
      // The school's content (docs/decisions/0011): one JSON row per key ('contenido'). No row: the data
      // file's defaults apply.
      await db.schema
        .createTable('configuracion')
        .addColumn('clave', 'text', (c) => c.primaryKey())
        .addColumn('valor', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('actualizado_por', 'text', (c) => c.notNull())
        .addColumn('actualizado_en', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('configuracion').execute();
    },
  },
  '0005_inscriptos_busqueda': {
    // A compact index of the search column: counting a name search scans it instead of every full row
    // (each row carries the whole form as JSON). Measured with 100,000 enrolments (bench/list-queries.ts).
    async up(db: AnyDb) {
      await db.schema.createIndex('inscriptos_nombre_idx').on('inscriptos').column('nombre_busqueda').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('inscriptos_nombre_idx').execute();
    },
  },
  '0006_inscriptos_listado': {
    // The list's filters answered from the date index itself: the name and owner checks and the counts
    // read index entries, not full rows (each row carries the form as JSON); estado pages need no sort.
    // Measured at 100,000 enrolments: no-match name search 130 → 35 ms, estado page 4000 106 → 8 ms.
    async up(db: AnyDb) {
      await db.schema.dropIndex('inscriptos_created_idx').execute();
      await db.schema
        .createIndex('inscriptos_created_idx')
        .on('inscriptos')
        .columns(['created_at', 'id', 'nombre_busqueda', 'created_by', 'funcionario'])
        .execute();
      await db.schema.dropIndex('inscriptos_nombre_idx').execute();
      await db.schema.dropIndex('inscriptos_estado_created_idx').execute();
      await db.schema
        .createIndex('inscriptos_estado_created_idx')
        .on('inscriptos')
        .columns(['estado', 'created_at', 'id'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropIndex('inscriptos_estado_created_idx').execute();
      await db.schema
        .createIndex('inscriptos_estado_created_idx')
        .on('inscriptos')
        .columns(['estado', 'created_at'])
        .execute();
      await db.schema.createIndex('inscriptos_nombre_idx').on('inscriptos').column('nombre_busqueda').execute();
      await db.schema.dropIndex('inscriptos_created_idx').execute();
      await db.schema.createIndex('inscriptos_created_idx').on('inscriptos').columns(['created_at', 'id']).execute();
    },
  },
  '0007_usuario_sistema': {
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
  },
  '0008_rate_limits': {
    // Rate-limit windows (src/rate-limits/): in the database so every instance sees the same counts and a
    // restart does not forget them. Not part of the SQL backup: they expire within minutes.
    async up(db: AnyDb) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('clave', 'text', (c) => c.primaryKey())
        .addColumn('cuenta', 'integer', (c) => c.notNull())
        .addColumn('vence_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_limits_vence_idx').on('rate_limits').column('vence_en').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('rate_limits').execute();
    },
  },
  '0010_accesos': {
    // The access log (docs/privacy.md): who read which enrolment, exported what, looked up a status; and
    // the per-record keys of the audit digests.
    async up(db: AnyDb) {
      await db.schema
        .createTable('accesos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('fecha', 'text', (c) => c.notNull())
        .addColumn('usuario', 'text', (c) => c.notNull())
        .addColumn('accion', 'text', (c) => c.notNull())
        .addColumn('inscripto_id', 'text')
        .addColumn('detalle', 'text')
        .addColumn('cantidad', 'integer')
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accesos_fecha_idx').on('accesos').columns(['fecha', 'id']).execute();
      await db.schema.createIndex('accesos_inscripto_idx').on('accesos').columns(['inscripto_id', 'fecha']).execute();
      await db.schema.createIndex('accesos_usuario_idx').on('accesos').columns(['usuario', 'fecha']).execute();
      // Audit entries keep keyed digests of values; deleting an enrolment deletes its key (docs/privacy.md).
      await db.schema
        .createTable('auditoria_claves')
        .addColumn('inscripto_id', 'text', (c) => c.primaryKey())
        .addColumn('clave', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('auditoria_claves').execute();
      await db.schema.dropTable('accesos').execute();
    },
  },
  '0011_duplicados': {
    // Pairs of possible duplicates a person resolved as two children (issue 24). The pairs themselves are
    // computed from the enrolments on every read; a resolution counts while `huella` (the hash of the fields
    // that matched) is unchanged. The raffle keeps the reason an administrator gave to start with pairs open.
    async up(db: AnyDb) {
      await db.schema
        .createTable('duplicados_resueltos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('huella', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('nota', 'text')
        .addColumn('resuelto_por', 'text', (c) => c.notNull())
        .addColumn('resuelto_por_nombre', 'text', (c) => c.notNull())
        .addColumn('resuelto_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('sorteos').addColumn('motivo_duplicados', 'text').execute();
    },
    async down(db: AnyDb) {
      await db.schema.alterTable('sorteos').dropColumn('motivo_duplicados').execute();
      await db.schema.dropTable('duplicados_resueltos').execute();
    },
  },
  '0012_busqueda': busquedaMigration,
  '0013_sorteo_confianza': {
    // A raffle nobody has to take on trust (issue 16): one per cycle, ending early annuls it with a reason;
    // the public value says where it came from; the public list's salt and hash; the notary and witnesses;
    // every reveal of an unconfirmed draw; the acta stored once (same bytes at every download).
    async up(db: AnyDb) {
      await db.schema
        .alterTable('sorteos')
        .addColumn('valor_publico_origen', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      for (const column of ['motivo_anulacion', 'sal', 'lista_publica_hash', 'escuela', 'escribano', 'testigos']) {
        await db.schema.alterTable('sorteos').addColumn(column, 'text').execute();
      }
      // Raffles ended before their last draw were re-rolls nobody had to explain: they are annulled now.
      await db
        .updateTable('sorteos')
        .set({ estado: 'anulado', motivo_anulacion: 'Finalizado antes del último sorteo (sin motivo registrado).' })
        .where('estado', '=', 'archivado')
        .whereRef('indice', '<', 'total')
        .execute();
      await db.schema
        .createTable('sorteo_revelaciones')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sorteo_id', 'text', (c) => c.notNull())
        .addColumn('indice', 'integer', (c) => c.notNull())
        .addColumn('usuario', 'text', (c) => c.notNull())
        .addColumn('usuario_nombre', 'text', (c) => c.notNull())
        .addColumn('fecha', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sorteo_revelaciones_sorteo_idx')
        .on('sorteo_revelaciones')
        .columns(['sorteo_id', 'fecha', 'id'])
        .execute();
      await db.schema
        .createTable('sorteo_actas')
        .addColumn('sorteo_id', 'text', (c) => c.primaryKey())
        .addColumn('acta_json', 'text', (c) => c.notNull())
        .addColumn('acta_sha256', 'text', (c) => c.notNull())
        .addColumn('acta_publica_json', 'text')
        .addColumn('acta_pdf', 'text', (c) => c.notNull())
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('sorteo_actas').execute();
      await db.schema.dropTable('sorteo_revelaciones').execute();
      await db.updateTable('sorteos').set({ estado: 'archivado' }).where('estado', '=', 'anulado').execute();
      for (const column of ['testigos', 'escribano', 'escuela', 'lista_publica_hash', 'sal', 'motivo_anulacion']) {
        await db.schema.alterTable('sorteos').dropColumn(column).execute();
      }
      await db.schema.alterTable('sorteos').dropColumn('valor_publico_origen').execute();
    },
  },
  '0014_plazas': {
    // Offers after the raffle (issue 17, docs/decisions/0015). `plaza_eventos` is the answer log: append-only,
    // one sequence per raffle, so two answers computed from the same state cannot both be stored (the second
    // insert hits the unique index and is recomputed). `plaza_ofertas` gives each offer the roll-up makes a
    // stable id, once (unique per child). `plazas_temporadas` fixes the deadline days when the season starts.
    async up(db: AnyDb) {
      await db.schema
        .alterTable('ciclos')
        .addColumn('plazo_oferta_dias', 'integer', (c) => c.notNull().defaultTo(7))
        .execute();
      await db.schema
        .createTable('plazas_temporadas')
        .addColumn('sorteo_id', 'text', (c) => c.primaryKey())
        .addColumn('publicado_en', 'text', (c) => c.notNull())
        .addColumn('plazo_dias', 'integer', (c) => c.notNull())
        .addColumn('creado_en', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('plaza_eventos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sorteo_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('en', 'text', (c) => c.notNull())
        .addColumn('numero', 'integer', (c) => c.notNull())
        .addColumn('miembro', 'integer')
        .addColumn('respuesta', 'text', (c) => c.notNull())
        .addColumn('motivo', 'text')
        .addColumn('usuario', 'text', (c) => c.notNull())
        .addColumn('usuario_nombre', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('plaza_eventos_seq_unique')
        .on('plaza_eventos')
        .columns(['sorteo_id', 'seq'])
        .unique()
        .execute();
      await db.schema
        .createTable('plaza_ofertas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sorteo_id', 'text', (c) => c.notNull())
        .addColumn('numero', 'integer', (c) => c.notNull())
        .addColumn('miembro', 'integer', (c) => c.notNull())
        .addColumn('lista', 'text', (c) => c.notNull())
        .addColumn('origen', 'text', (c) => c.notNull())
        .addColumn('ofrecida_en', 'text', (c) => c.notNull())
        .addColumn('vence', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('plaza_ofertas_nino_unique')
        .on('plaza_ofertas')
        .columns(['sorteo_id', 'numero', 'miembro'])
        .unique()
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('plaza_ofertas').execute();
      await db.schema.dropTable('plaza_eventos').execute();
      await db.schema.dropTable('plazas_temporadas').execute();
      await db.schema.alterTable('ciclos').dropColumn('plazo_oferta_dias').execute();
    },
  },
  '0015_retencion': {
    // Retention (docs/privacy.md, decision 0017): when a cycle was closed and anonymised, and what an
    // anonymised enrolment keeps of what the server derived from its removed data (the stratum, "condicional").
    // Cycles closed before this migration take their last change as their closing time.
    async up(db: AnyDb) {
      await db.schema.alterTable('ciclos').addColumn('cerrado_en', 'text').execute();
      await db.schema.alterTable('ciclos').addColumn('anonimizado_en', 'text').execute();
      await db
        .updateTable('ciclos')
        .set((eb) => ({ cerrado_en: eb.ref('actualizado_en') }))
        .where('estado', '=', 'cerrado')
        .execute();
      await db.schema.alterTable('inscriptos').addColumn('anonimizado_en', 'text').execute();
      await db.schema.alterTable('inscriptos').addColumn('estrato_conservado', 'text').execute();
      await db.schema.alterTable('inscriptos').addColumn('condicional_conservado', 'integer').execute();
    },
    async down(db: AnyDb) {
      for (const column of ['condicional_conservado', 'estrato_conservado', 'anonimizado_en']) {
        await db.schema.alterTable('inscriptos').dropColumn(column).execute();
      }
      for (const column of ['anonimizado_en', 'cerrado_en']) {
        await db.schema.alterTable('ciclos').dropColumn(column).execute();
      }
    },
  },
  '0018_panel': panelMigration,
  '0019_un_contador': unContadorMigration,
  '0020_codigos_estado': codigosEstadoMigration,
  '0022_plazos_oferta': {
    // Changes of a cycle's offer deadline days (issue 17, docs/decisions/0015): the roll-up gives an offer the
    // days in force when it is made, so every change is kept with its time, never overwritten.
    async up(db: AnyDb) {
      await db.schema
        .createTable('ciclo_plazos_oferta')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('ciclo_id', 'text', (c) => c.notNull())
        .addColumn('desde', 'text', (c) => c.notNull())
        .addColumn('dias', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ciclo_plazos_oferta_ciclo')
        .on('ciclo_plazos_oferta')
        .columns(['ciclo_id', 'desde'])
        .execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('ciclo_plazos_oferta').execute();
    },
  },
  '0023_busqueda_pg': busquedaPgMigration,
  '0025_sin_rastros': sinRastrosMigration,
  '0026_hermanos_ciclo': hermanosCicloMigration,
  '0027_avisos': avisosMigration,
};

/**
 * The SORTEO_* values of the configuration in force when a database is upgraded to cycles (a migration gets
 * no config of its own: the caller passes them in).
 */
export interface MigrationInputs {
  sorteo?: EntornoSorteo0009;
}

const providerFor = (inputs: MigrationInputs): MigrationProvider => ({
  getMigrations: async () => ({ ...migrations, '0009_ciclos': ciclosMigration(inputs.sorteo ?? {}) }),
});

/** The schema version a database is at after start-up; SQL backups record it. */
export const LATEST_MIGRATION = [...Object.keys(migrations), '0009_ciclos'].sort().at(-1)!;

/** `pgSchema`: the PostgreSQL schema in use when it is not the default (tests isolate suites that way). */
export function migrateToLatest(db: AnyDb, pgSchema?: string, inputs: MigrationInputs = {}): Promise<void> {
  return migrateTo(db, LATEST_MIGRATION, pgSchema, inputs);
}

/** Up (or down) to the named migration: tests build a database as an older version left it. */
export async function migrateTo(
  db: AnyDb,
  target: string,
  pgSchema?: string,
  inputs: MigrationInputs = {},
): Promise<void> {
  const provider = providerFor(inputs);
  const migrator = new Migrator({ db, provider, ...(pgSchema ? { migrationTableSchema: pgSchema } : {}) });
  const { error, results } = await migrator.migrateTo(target);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`, {
      cause: error,
    });
  }
}
