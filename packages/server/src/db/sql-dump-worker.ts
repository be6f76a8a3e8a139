/**
 * The child process of the SQL backup (exports-service.ts): opens the database with its own connection and
 * writes sql-dump.ts's text to stdout (a pipe: writes wait while the server's response has no room). The
 * server's thread only pipes bytes: a large backup built on it held every
 * other request for a long while.
 */
import { once } from 'node:events';
import { openDatabase, type DatabaseOptions, type Dialect } from './database.ts';
import { FILE_WRITTEN } from '../lib/heavy-jobs.ts';
import { sqlDump } from './sql-dump.ts';

export interface SqlDumpJob {
  database: DatabaseOptions;
  dialect: Dialect;
  now: Date;
  /** The network's other schools (decision 0036): each database follows the network's, in order. */
  escuelas: { id: number; codigo: string; database: DatabaseOptions }[];
}

const job = await new Promise<SqlDumpJob>((resolve) => process.once('message', resolve));
const { db } = openDatabase(job.database);
try {
  const otras = job.escuelas.map(({ id, codigo, database }) => ({
    id,
    codigo,
    abrir: () => {
      const abierta = openDatabase(database);
      return { db: abierta.db, cerrar: () => abierta.db.destroy() };
    },
  }));
  for await (const chunk of sqlDump(db, job.dialect, job.now, otras)) {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
  }
} finally {
  await db.destroy();
}
process.send!(FILE_WRITTEN, () => process.disconnect());
