import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DB } from './schema.ts';
import type { Dialect } from './database.ts';
import { LATEST_MIGRATION } from './migrations.ts';

/**
 * A complete, restorable SQL backup of the system: users (with their password hashes), enrolments, the
 * sibling index, counters and the audit trail with its head. One transaction that empties every table
 * and inserts the rows back, in the dialect of the database it came from (`npm run restore -- file.sql`).
 * Tables are read in pages ordered by key (keyset), so memory stays flat and other requests get their turn.
 */
const TABLES: { name: keyof DB; key: string[]; page?: number }[] = [
  { name: 'users', key: ['id'] },
  // The network's schools and each account's role in them (decision 0036).
  { name: 'escuelas', key: ['id'] },
  { name: 'usuario_escuelas', key: ['usuario_id', 'escuela_id'] },
  { name: 'ciclos', key: ['id'] },
  { name: 'inscriptos', key: ['id'] },
  { name: 'inscripto_hermanos', key: ['inscripto_id', 'ci'] },
  { name: 'auditoria', key: ['seq'] },
  { name: 'auditoria_cabeza', key: ['id'] },
  { name: 'sorteos', key: ['id'] },
  { name: 'sorteo_contenidos', key: ['sorteo_id'] },
  { name: 'sorteo_revelaciones', key: ['id'] },
  { name: 'sorteo_actas', key: ['sorteo_id'] },
  { name: 'configuracion', key: ['clave'] },
  { name: 'accesos', key: ['id'] },
  { name: 'auditoria_claves', key: ['inscripto_id'] },
  { name: 'duplicados_resueltos', key: ['id'] },
  { name: 'plazas_temporadas', key: ['sorteo_id'] },
  { name: 'plaza_eventos', key: ['id'] },
  { name: 'plaza_ofertas', key: ['id'] },
  { name: 'plazas_avisados', key: ['sorteo_id', 'indice'] },
  { name: 'ciclo_plazos_oferta', key: ['id'] },
  { name: 'codigos_estado', key: ['ciclo_id', 'numero'] },
  // Messages to the families and the opt-outs (decision 0029): a restored pending message is still sent, once.
  { name: 'avisos', key: ['id'] },
  { name: 'avisos_bajas', key: ['canal', 'huella'] },
  // The families' online applications (decision 0035); each document (encrypted, up to ~10 MB as hexadecimal)
  // is an INSERT of its own, so a page never holds more than one.
  { name: 'solicitudes', key: ['id'] },
  { name: 'solicitudes_documentos', key: ['id'], page: 1 },
];
/** Rows per page and per INSERT: each page is a short stretch of the server's thread. */
const PAGE = 200;

const DUMP_HEADER = '-- Inscripciones: copia de seguridad SQL';

/**
 * Characters written as an escape rather than as themselves: every control character (NUL, which ends an
 * SQLite statement, included; tab and line breaks too, so a line-ending conversion of the file changes no
 * data), the bidirectional ones, the Unicode line separators and the BOM. What older versions let into the
 * database restores exactly, and the file shows no invisible character to an editor or a terminal.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it escapes
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;
const ESCAPED_OR_BACKSLASH = new RegExp(`${ESCAPED.source}|\\\\`, 'g');

/**
 * A SQL literal of `dialect`. Strings use standard quoting ('' for '). One that holds an escaped character is
 * a Unicode-escape literal, the same syntax in both dialects (\XXXX for a character, \\ for a backslash):
 * unistr('Ana\0000Bel') in SQLite (3.50 or later), U&'Ana\001BBel' in PostgreSQL. One literal, however
 * many escapes: a chain of || would hit SQLite's expression depth limit (1000).
 */
export function sqlLiteral(value: unknown, dialect: Dialect): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  // Bytes (the families' documents, migration 0046) as hexadecimal: X'…' in SQLite, '\x…'::bytea in PostgreSQL.
  if (value instanceof Uint8Array) {
    const hex = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
    return dialect === 'sqlite' ? `X'${hex}'` : `'\\x${hex}'::bytea`;
  }
  const quoted = String(value).replace(/'/g, "''");
  if (!ESCAPED.test(quoted)) return `'${quoted}'`;
  const escaped = quoted.replace(ESCAPED_OR_BACKSLASH, (ch) =>
    ch === '\\' ? '\\\\' : `\\${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return dialect === 'sqlite' ? `unistr('${escaped}')` : `U&'${escaped}'`;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The page of `table` after the row `after` in `key` order (keyset, so that the last page of a large table
 * costs what the first does; OFFSET re-read every row before it).
 */
function page(
  db: Kysely<DB>,
  table: keyof DB,
  key: string[],
  after: Record<string, unknown> | undefined,
  size: number,
) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- generic over every table
  let q = (db as Kysely<any>).selectFrom(table).selectAll();
  for (const k of key) q = q.orderBy(k);
  if (after) {
    // (k1, k2, …) > (v1, v2, …), spelt out: k1 > v1, or k1 = v1 and k2 > v2, …
    q = q.where((eb) =>
      eb.or(
        key.map((k, i) => eb.and([...key.slice(0, i).map((prev) => eb(prev, '=', after[prev])), eb(k, '>', after[k])])),
      ),
    );
  }
  return q.limit(size).execute() as Promise<Record<string, unknown>[]>;
}

/**
 * A network's backup (decision 0036) holds the network's database (which is also school 1's) and then each other
 * school's database, each after a line of its own: `-- escuela: <id> <código>`. A literal never holds a raw line
 * break (each is an escape), so such a line is never inside data. A backup without one is a one-school network's,
 * or one made before: it restores as it always did.
 */
const SECCION = /^-- escuela: (\d+) ([a-z0-9-]+)\n/gm;

/** Another school of the network whose database goes into the backup, opened when its turn comes. */
export interface EscuelaACopiar {
  id: number;
  codigo: string;
  abrir: () => { db: Kysely<DB>; cerrar: () => Promise<void> };
}

/** One database: one transaction that empties every table and inserts the rows back. */
async function* tableLines(db: Kysely<DB>, dialect: Dialect): AsyncGenerator<string> {
  yield 'BEGIN;\n';
  for (const { name } of [...TABLES].reverse()) yield `DELETE FROM ${quoteIdent(name)};\n`;
  for (const { name, key, page: size = PAGE } of TABLES) {
    let after: Record<string, unknown> | undefined;
    for (;;) {
      const rows = await page(db, name, key, after, size);
      if (rows.length) {
        const columns = Object.keys(rows[0]!);
        const values = rows.map((r) => `(${columns.map((c) => sqlLiteral(r[c], dialect)).join(', ')})`).join(',\n');
        yield `INSERT INTO ${quoteIdent(name)} (${columns.map(quoteIdent).join(', ')}) VALUES\n${values};\n`;
      }
      if (rows.length < size) break;
      after = rows[rows.length - 1];
      // The SQLite driver answers synchronously: without a turn of the event loop between pages, a backup of
      // 100,000 enrolments held every other request for over a second.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  yield 'COMMIT;\n';
}

async function* dumpLines(
  db: Kysely<DB>,
  dialect: Dialect,
  now: Date,
  otras: EscuelaACopiar[],
): AsyncGenerator<string> {
  yield `${DUMP_HEADER}\n-- dialecto: ${dialect}\n-- esquema: ${LATEST_MIGRATION}\n-- fecha: ${now.toISOString()}\n`;
  yield '-- Contiene datos personales de menores y hashes de contraseñas: guardar cifrado y con acceso restringido.\n';
  // PostgreSQL: the quoting above assumes these (the defaults), whatever the server is configured with.
  if (dialect === 'postgres') yield "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n";
  yield* tableLines(db, dialect);
  for (const escuela of otras) {
    yield `-- escuela: ${escuela.id} ${escuela.codigo}\n`;
    const abierta = escuela.abrir();
    try {
      yield* tableLines(abierta.db, dialect);
    } finally {
      await abierta.cerrar();
    }
  }
}

/** The backup of the network's database and, after it, of each of `otras` (the network's other schools). */
export function sqlDump(db: Kysely<DB>, dialect: Dialect, now: Date, otras: EscuelaACopiar[] = []): Readable {
  return Readable.from(dumpLines(db, dialect, now, otras));
}

/** A backup split into the network's part (header included) and each other school's. */
export function seccionesDeLaCopia(text: string): {
  red: string;
  escuelas: { id: number; codigo: string; sql: string }[];
} {
  const marcas = [...text.matchAll(SECCION)];
  const escuelas = marcas.map((m, i) => ({
    id: Number(m[1]),
    codigo: m[2]!,
    sql: text.slice(m.index + m[0].length, marcas[i + 1]?.index ?? text.length),
  }));
  return { red: text.slice(0, marcas[0]?.index ?? text.length), escuelas };
}

/** Reads the header of a dump: which dialect and schema version it was made for. */
export function parseDumpHeader(text: string): { dialect: string; schema: string } | null {
  if (!text.startsWith(DUMP_HEADER)) return null;
  const dialect = /^-- dialecto: (\w+)$/m.exec(text)?.[1];
  const schema = /^-- esquema: (\S+)$/m.exec(text)?.[1];
  return dialect && schema ? { dialect, schema } : null;
}
