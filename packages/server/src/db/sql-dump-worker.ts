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
}

const job = await new Promise<SqlDumpJob>((resolve) => process.once('message', resolve));
const { db } = openDatabase(job.database);
try {
  for await (const chunk of sqlDump(db, job.dialect, job.now)) {
    if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
  }
} finally {
  await db.destroy();
}
process.send!(FILE_WRITTEN, () => process.disconnect());
