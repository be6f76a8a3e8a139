/**
 * `npm run restore -- file.sql [--forzar]`: loads a backup made by "Exportar a SQL" into the database the
 * server is configured with (same environment variables). The database is migrated first; the dump must
 * come from the same dialect and schema version. It refuses to overwrite a database that already has
 * enrolments unless --forzar is given. Runs as one transaction: on any error nothing changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../lib/config.ts';
import { SQLITE_FILE, openDatabase } from '../../db/database.ts';
import { LATEST_MIGRATION, migrateToLatest } from '../../db/migrations.ts';
import { parseDumpHeader } from '../../db/sql-dump.ts';
import { countAll } from '../../data/inscriptos/inscriptos-repository.ts';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) fail('Uso: npm run restore -- archivo.sql [--forzar]');
if (!fs.existsSync(file)) fail(`No existe el archivo ${file}`);
const text = fs.readFileSync(file, 'utf8');
const header = parseDumpHeader(text);
if (!header) fail('El archivo no es una copia de seguridad de Inscripciones (falta el encabezado).');

const config = loadConfig();
const { db, dialect } = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  if (header.dialect !== dialect) fail(`La copia es de ${header.dialect} y la base configurada es ${dialect}.`);
  if (header.schema !== LATEST_MIGRATION) {
    fail(`La copia es del esquema ${header.schema} y esta versión usa ${LATEST_MIGRATION}.`);
  }
  await migrateToLatest(db);
  const existing = await countAll(db);
  if (existing > 0 && !args.includes('--forzar')) {
    fail(`La base ya tiene ${existing} inscripciones. Para reemplazarlas por la copia, agregá --forzar.`);
  }
} finally {
  await db.destroy();
}

/**
 * Copies made before escaping (sql-dump.ts) carry a raw NUL inside a quoted string wherever the database held
 * one, and SQLite stops reading a statement there. A dump has no NUL anywhere else, so each one becomes
 * ' || char(0) || ': the same text, restorable.
 */
function withoutRawNul(sql: string): string {
  return sql.includes('\0') ? sql.replaceAll('\0', "' || char(0) || '") : sql;
}

// A backup is a script of many statements: it runs through the driver's own multi-statement call.
if (dialect === 'sqlite') {
  const sqlite = new SQLite(path.join(config.dataDir, SQLITE_FILE));
  try {
    sqlite.exec(withoutRawNul(text));
  } finally {
    sqlite.close();
  }
} else {
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    await client.query(text);
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}
console.log(`Copia restaurada desde ${file}.`);
