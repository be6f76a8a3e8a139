/**
 * `npm run auditoria:verificar [-- --ancla SEQ:HASH]`: checks the audit of the configured database (same
 * environment variables as the server): the hash chain, the anchor if given, and that every raffle it records
 * is still stored (verificar-auditoria.ts). Exit 0 intact, 1 altered, 2 a malformed anchor.
 */
import { loadConfig } from '../../lib/config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { leerAncla, verificarAuditoria, type Ancla } from './verificar-auditoria.ts';

const args = process.argv.slice(2);
const at = args.indexOf('--ancla');
let ancla: Ancla | null = null;
if (at >= 0) {
  ancla = leerAncla(args[at + 1] ?? '');
  if (!ancla) {
    console.error('El ancla debe tener la forma SEQ:HASH: el número de la entrada y sus 64 dígitos hexadecimales.');
    process.exit(2);
  }
}

const config = loadConfig();
const { db } = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrateToLatest(db);
  const { ok, lineas } = await verificarAuditoria(db, ancla);
  for (const linea of lineas) (ok ? console.log : console.error)(linea);
  if (!ok) process.exitCode = 1;
} finally {
  await db.destroy();
}
