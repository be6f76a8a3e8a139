/**
 * `npm run restore -- file.sql [--forzar]`: loads a backup made by "Exportar a SQL" into the database the
 * server is configured with (same environment variables). The database is migrated first; the dump must
 * come from the same dialect and schema version. It refuses to overwrite a database that already has
 * enrolments unless --forzar is given. A network's backup (decision 0036) then puts each other school's
 * database back where the restored list of schools says it is (an SQLite file in DATA_DIR, a PostgreSQL
 * schema), creating and migrating it first. Each database is one transaction: on an error in the network's
 * nothing changes; on one in a school's, the databases before it are restored and the message names the school.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { loadConfig } from '../../lib/config.ts';
import { SQLITE_FILE, ensurePgSchema, openDatabase } from '../../db/database.ts';
import { LATEST_MIGRATION, migrateToLatest } from '../../db/migrations.ts';
import { parseDumpHeader, seccionesDeLaCopia } from '../../db/sql-dump.ts';
import { listEscuelas } from '../../data/escuelas/escuelas-repository.ts';
import { refreshDerivedColumns } from '../../data/inscriptos/derived-columns.ts';
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

const { red, escuelas } = seccionesDeLaCopia(text);

// A backup is a script of many statements: it runs through the driver's own multi-statement call.
async function ejecutar(sqlText: string, ubicacion: string | null) {
  if (dialect === 'sqlite') {
    const sqlite = new SQLite(path.join(config.dataDir, ubicacion ?? SQLITE_FILE));
    try {
      sqlite.exec(withoutRawNul(sqlText));
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    if (ubicacion) await client.query(`SET search_path TO "${ubicacion.replace(/"/g, '""')}"`);
    await client.query(sqlText);
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}

/** A school's database as the server opens it (red/instancia.ts): created if new, migrated. */
async function crearBaseDeEscuela(ubicacion: string) {
  const base = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  const escuela = openDatabase(
    dialect === 'sqlite' ? { ...base, sqliteFile: ubicacion } : { ...base, pgSchema: ubicacion },
  );
  try {
    if (dialect === 'postgres') await ensurePgSchema(escuela.db, ubicacion);
    await migrateToLatest(escuela.db, dialect === 'postgres' ? ubicacion : undefined, { sorteo: config.sorteo });
    await refreshDerivedColumns(escuela.db);
  } finally {
    await escuela.db.destroy();
  }
}

await ejecutar(red, null);
if (escuelas.length) {
  const network = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const filas = await listEscuelas(network.db).finally(() => network.db.destroy());
  for (const escuela of escuelas) {
    const fila = filas.find((f) => f.id === escuela.id && f.ubicacion);
    if (!fila) fail(`La copia trae la escuela ${escuela.codigo} (${escuela.id}), que no está en su lista de escuelas.`);
    await crearBaseDeEscuela(fila.ubicacion!);
    try {
      // PostgreSQL: the same settings as the network's part, on this connection too.
      const prefijo =
        dialect === 'postgres' ? "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n" : '';
      await ejecutar(prefijo + escuela.sql, fila.ubicacion);
    } catch (e) {
      fail(`No se pudo restaurar la escuela ${escuela.codigo}: ${(e as Error).message}`);
    }
  }
}
console.log(`Copia restaurada desde ${file}${escuelas.length ? ` (${escuelas.length + 1} escuelas)` : ''}.`);
