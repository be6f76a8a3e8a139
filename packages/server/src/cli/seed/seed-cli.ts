/**
 * `npm run seed -- --count N [--seed S] [--usuarios a,b,c]`: adds N synthetic enrolments to the configured
 * database (same environment variables as the server: DATA_DIR or DATABASE_URL). Exit 2 on bad arguments.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZUsername } from '@inscripciones/shared/users/user-schema.ts';
import { ConfigError, loadConfig } from '../../lib/config.ts';
import { openDatabase, SQLITE_FILE } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { DEFAULT_SEED } from './generate.ts';
import { seedInscriptos } from './seed.ts';
import { namesOf } from '../../data/users/users-repository.ts';

const USAGE = 'Uso: npm run seed -- --count N [--seed S] [--usuarios admin,ana,beto]';
const MAX_COUNT = 1_000_000;

interface CliOptions {
  count: number;
  seed: number;
  usernames: string[];
}

function fail(message: string, exitCode = 2): never {
  process.stderr.write(`${message}\n${exitCode === 2 ? `${USAGE}\n` : ''}`);
  process.exit(exitCode);
}

const PARSE_ERRORS: Record<string, string> = {
  ERR_PARSE_ARGS_UNKNOWN_OPTION: 'Opción desconocida',
  ERR_PARSE_ARGS_INVALID_OPTION_VALUE: 'Falta el valor de la opción',
  ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL: 'Argumento de más',
};

function parseCli(argv: string[], defaultUser: string): CliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        count: { type: 'string' },
        seed: { type: 'string' },
        usuarios: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (e) {
    const { code, message } = e as { code?: string; message?: string };
    const what = /'([^']+)'/.exec(message ?? '')?.[1];
    fail(`${PARSE_ERRORS[code ?? ''] ?? 'Argumentos inválidos'}${what ? `: ${what}` : ''}.`);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  if (values.count === undefined) fail('Falta --count: cuántas inscripciones crear.');
  const count = /^\d+$/.test(values.count) ? Number(values.count) : NaN;
  if (!(count >= 1 && count <= MAX_COUNT)) fail(`--count debe ser un número entero entre 1 y ${MAX_COUNT}.`);
  const seed = values.seed === undefined ? DEFAULT_SEED : /^\d+$/.test(values.seed) ? Number(values.seed) : NaN;
  if (!(seed >= 0 && seed <= 0xffffffff)) fail('--seed debe ser un número entero entre 0 y 4294967295.');
  return { count, seed, usernames: parseUsernames(values.usuarios, defaultUser) };
}

function parseUsernames(list: string | undefined, defaultUser: string): string[] {
  if (list === undefined) return [defaultUser];
  const names = list.split(',').map((name) => {
    const parsed = ZUsername.safeParse(name);
    if (!parsed.success)
      fail(`--usuarios: "${name.trim()}" no es un usuario válido (${parsed.error.issues[0]?.message}).`);
    return parsed.data;
  });
  return [...new Set(names)];
}

let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) fail(e.message, 1);
  throw e;
}
const options = parseCli(process.argv.slice(2), config.adminUsername);
const { db, dialect } = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrateToLatest(db);
  const started = performance.now();
  const result = await seedInscriptos(db, { ...options, today: new Date() });
  const seconds = (performance.now() - started) / 1000;
  const n = (x: number) => x.toLocaleString('es-UY');
  const where =
    dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite (${path.join(config.dataDir, SQLITE_FILE)})`;
  console.log(
    `Se crearon ${n(result.inserted)} inscripciones de prueba en ${where}: ${n(result.finalizados)} finalizadas, ` +
      `${n(result.pendientes)} pendientes, ${n(result.grupos)} grupos de hermanos. ` +
      `Tiempo: ${seconds.toLocaleString('es-UY', { maximumFractionDigits: 1 })} s.`,
  );
  console.log(`Usuarios: ${options.usernames.join(', ')}. Semilla: ${options.seed}.`);
  const existing = await namesOf(db, options.usernames);
  const missing = options.usernames.filter((u) => !existing.has(u));
  if (missing.length) {
    console.log(
      `Aviso: todavía no existen los usuarios ${missing.join(', ')}; las inscripciones quedan a su nombre ` +
        '(el administrador se crea al iniciar el servidor; los demás, en Usuarios).',
    );
  }
} finally {
  await db.destroy();
}
