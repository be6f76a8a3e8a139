import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../packages/server/src/db/schema.ts';
import { seedInscriptos } from '../packages/server/src/cli/seed/seed.ts';
import { openDatabase, SQLITE_FILE } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrations.ts';
import { resetPostgres } from './bench-server.ts';

/** The seeded databases the benchmarks run on (the seed generator of packages/server/src/cli/seed/). */

/**
 * Seeds enough enrolments for `participants` finalised children, then sets whole families back to pendiente
 * (newest first) until exactly that many finalised children remain.
 */
export async function seedFinalised(db: Kysely<DB>, participants: number): Promise<void> {
  const started = performance.now();
  await seedInscriptos(db, { count: Math.ceil(participants / 0.55), today: new Date(), usernames: ['admin'], seed: 8 });
  const families = await db
    .selectFrom('inscriptos')
    .select(['numero_inscripcion', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('estado', '=', 'finalizado')
    .groupBy('numero_inscripcion')
    .orderBy('numero_inscripcion', 'desc')
    .execute();
  let excess = families.reduce((s, f) => s + Number(f.n), 0) - participants;
  if (excess < 0) throw new Error(`only ${participants + excess} finalised children were seeded`);
  const demote: number[] = [];
  for (const f of families) {
    if (excess === 0) break;
    if (Number(f.n) <= excess) {
      demote.push(f.numero_inscripcion!);
      excess -= Number(f.n);
    }
  }
  for (let i = 0; i < demote.length; i += 500) {
    await db
      .updateTable('inscriptos')
      .set({ estado: 'pendiente' })
      .where('numero_inscripcion', 'in', demote.slice(i, i + 500))
      .execute();
  }
  console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A new data folder whose database holds `n` enrolments of the seed generator (`seed` picks the data): the
 * PostgreSQL database at `databaseUrl` when given (emptied first), else SQLite in the folder. Seeding 100,000
 * takes longer than most measurements, so with `cacheDir` (BENCH_SEED_CACHE) the SQLite file is seeded once
 * into `cacheDir/<cacheKey>` and copied for each run.
 */
export async function seededDataDir(o: {
  n: number;
  seed: number;
  label: string;
  databaseUrl?: string;
  cacheDir?: string;
  cacheKey?: string;
}): Promise<string> {
  const seedInto = async (dataDir: string) => {
    const started = performance.now();
    const { db } = openDatabase({ dataDir, databaseUrl: o.databaseUrl });
    try {
      await migrateToLatest(db);
      await seedInscriptos(db, { count: o.n, today: new Date(), usernames: ['admin'], seed: o.seed });
    } finally {
      await db.destroy();
    }
    console.error(`seeded ${o.n} enrolments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `inscripciones-bench-${o.label}-${o.n}-`));
  if (o.databaseUrl) {
    await resetPostgres(o.databaseUrl);
    await seedInto(dir);
  } else if (o.cacheDir) {
    const cached = path.join(o.cacheDir, o.cacheKey ?? String(o.n));
    if (!fs.existsSync(path.join(cached, SQLITE_FILE))) {
      fs.mkdirSync(cached, { recursive: true });
      await seedInto(cached);
    } else console.error(`reusing the seeded database in ${cached}`);
    fs.copyFileSync(path.join(cached, SQLITE_FILE), path.join(dir, SQLITE_FILE));
  } else await seedInto(dir);
  return dir;
}
