/**
 * The network's server for bench/red.ts, as main.ts builds it (createServer, then listen) but in the PostgreSQL
 * schema BENCH_PG_SCHEMA, so the benchmark can run on a shared database and drop its schemas after.
 */
import { loadConfig } from '../packages/server/src/lib/config.ts';
import { createServer } from '../packages/server/src/server.ts';

const config = loadConfig();
const schema = process.env.BENCH_PG_SCHEMA;
const app = await createServer(config, schema ? { pgSchema: schema } : {});
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
