import path from 'node:path';
import type SQLiteLibrary from 'better-sqlite3';
import type PgLibrary from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { DB } from './schema.ts';
import { ensureDataDir, ensurePrivateFile, makePrivateIfPresent } from '../lib/data-dir.ts';
import { SAFETY_NET_PAGES, startWalCheckpointer, type WalCheckpointer } from './wal-checkpointer.ts';
import { lazyLibrary } from '../lib/lazy-library.ts';

/** Only the dialect's driver is loaded (the server and each export's process use one). */
const SQLite = lazyLibrary<typeof SQLiteLibrary>('better-sqlite3');
const pg = lazyLibrary<typeof PgLibrary>('pg');

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Present when `backgroundCheckpoints` was asked for on SQLite: stop it before closing `db`. */
  checkpointer?: WalCheckpointer;
  /** PostgreSQL: the connections, which the network's other schools share (openSchemaOnPool). */
  pool?: PgLibrary.Pool;
}

/** The schema each pooled connection is set to ('' : the one its start-up options give). */
const schemaOf = new WeakMap<PgLibrary.PoolClient, string>();

/**
 * A database on a shared pool of connections (decision 0036): each connection it takes is set to `schema`
 * first, unless the last one that used it left it there (one school: never a statement more).
 */
function onPool(pool: PgLibrary.Pool, schema: string, end: () => Promise<void>): Database {
  const enEsquema = {
    async connect() {
      const client = await pool.connect();
      if ((schemaOf.get(client) ?? '') !== schema) {
        try {
          await client.query(schema ? `set search_path to "${schema}"` : 'reset search_path');
        } catch (e) {
          client.release(e as Error);
          throw e;
        }
        schemaOf.set(client, schema);
      }
      return client;
    },
    end,
  };
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: enEsquema as never }) }), dialect: 'postgres' };
}

/** A school's own PostgreSQL schema, on the network's pool: a hundred schools hold no more connections than one. */
export function openSchemaOnPool(pool: PgLibrary.Pool, schema: string): Database {
  assertSchemaName(schema);
  return onPool(pool, schema, async () => undefined);
}

function assertSchemaName(schema: string) {
  if (!/^[a-z0-9_]+$/.test(schema)) throw new Error(`Nombre de esquema no válido: ${schema}`);
}

/**
 * A table of one school's schema, for a statement that reads every school of a PostgreSQL network at once
 * (decision 0036); without `schema`, the one the connection's search path names (the network's own).
 */
export function tablaDeEscuela(table: string, schema: string | undefined) {
  if (schema === undefined) return sql.table(table);
  assertSchemaName(schema);
  return sql.table(`${schema}.${table}`);
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use instead of public (tests isolate each suite in its own). */
  pgSchema?: string;
  /** SQLite file under dataDir when it is not the network's own (a school's database, decision 0036). */
  sqliteFile?: string;
  /** SQLite: checkpoint the log from a worker thread, not inside commits (the server; see wal-checkpointer.ts). */
  backgroundCheckpoints?: boolean;
  /**
   * A heavy job's process that only reads (lib/heavy-jobs.ts): SQLite opens the existing file read-only (so
   * it never checkpoints nor creates anything), PostgreSQL a pool of one connection whose transactions are
   * read-only.
   */
  readOnly?: boolean;
}

export const SQLITE_FILE = 'inscripciones.db';

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is a postgres URL (DESIGN "Data"). */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const settings = [
      // No JIT: compiling a plan costs 10-100 ms, more than any query of this app can gain; the list's plans
      // at 1,000,000 records (cost ~45,000) are already near jit_above_cost (100,000). Decision 0019.
      '-c jit=off',
      ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
      ...(options.readOnly ? ['-c default_transaction_read_only=on'] : []),
    ];
    const pool = new (pg().Pool)({
      connectionString: options.databaseUrl,
      max: options.readOnly ? 1 : 10,
      options: settings.join(' '),
    });
    return { ...onPool(pool, '', () => pool.end()), pool };
  }
  const file = path.join(options.dataDir, options.sqliteFile ?? SQLITE_FILE);
  if (options.readOnly) {
    const sqlite = new (SQLite())(file, { readonly: true, fileMustExist: true });
    sqlite.pragma('busy_timeout = 5000');
    return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
  }
  ensureDataDir(options.dataDir);
  // SQLite creates -wal and -shm with the mode of the database file: 0600 on it makes all three private.
  ensurePrivateFile(file);
  const sqlite = new (SQLite())(file);
  sqlite.pragma('journal_mode = WAL');
  // Left by an older version (or an unclean stop) with wider modes: narrowed too.
  for (const suffix of ['-wal', '-shm']) makePrivateIfPresent(file + suffix);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // Freed cells and pages are zeroed: an edited or anonymised value does not stay in the file (decision 0017).
  sqlite.pragma('secure_delete = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  if (!options.backgroundCheckpoints) return { db, dialect: 'sqlite' };
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_NET_PAGES}`);
  return { db, dialect: 'sqlite', checkpointer: startWalCheckpointer(file) };
}

/** Creates a school's own PostgreSQL schema (decision 0036). Its name is made from a number, never from input. */
export async function ensurePgSchema(db: Kysely<DB>, schema: string): Promise<void> {
  assertSchemaName(schema);
  await sql.raw(`create schema if not exists "${schema}"`).execute(db);
}
