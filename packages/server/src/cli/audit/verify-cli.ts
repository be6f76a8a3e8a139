/**
 * `npm run auditoria:verificar`: checks the audit hash chain of the configured database (same
 * environment variables as the server) and reports the first broken link. Exit 0 intact, 1 broken.
 */
import { loadConfig } from '../../lib/config.ts';
import { openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrations.ts';
import { verifyChain } from '../../lib/audit-chain.ts';
import { allAuditEntries, auditHead } from '../../data/auditoria/audit-repository.ts';

const config = loadConfig();
const { db } = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  await migrateToLatest(db);
  const result = await verifyChain(allAuditEntries(db), await auditHead(db));
  if (result.ok) {
    console.log(`Auditoría íntegra: ${result.checked} entradas verificadas.`);
  } else {
    console.error(
      `Auditoría alterada: el primer enlace roto es la entrada #${result.seq} (${result.reason}). ` +
        `${result.checked} entradas anteriores están íntegras.`,
    );
    process.exitCode = 1;
  }
} finally {
  await db.destroy();
}
