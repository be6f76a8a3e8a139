import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { nombreDeCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { openDatabase, type DatabaseOptions } from '../packages/server/src/db/database.ts';
import { seedInscriptos } from '../packages/server/src/cli/seed/seed.ts';
import { findActual, insertCiclo } from '../packages/server/src/data/ciclos/ciclos-repository.ts';

/*
 * bench/red.ts's databases: its own PostgreSQL database, the load the idle schools put on it, and each school's
 * own database filled.
 */

/** Creates (or drops) the run's own database on the PostgreSQL server. */
export async function ownDatabase(serverUrl: string, database: string, action: 'create' | 'drop') {
  const { db } = openDatabase({ dataDir: os.tmpdir(), databaseUrl: serverUrl });
  try {
    const name = `"${database.replace(/[^a-z0-9_]/g, '')}"`;
    await sql
      .raw(action === 'create' ? `create database ${name}` : `drop database if exists ${name} with (force)`)
      .execute(db);
  } finally {
    await db.destroy();
  }
}

/** The database's transactions per second over 10 s with no request: the schools' own jobs polling. */
export async function idleTransactions(pgUrl: string): Promise<number> {
  const { db } = openDatabase({ dataDir: os.tmpdir(), databaseUrl: pgUrl });
  try {
    const commits = async () => {
      await sql`select pg_stat_clear_snapshot()`.execute(db);
      const { rows } = await sql<{ n: string }>`select xact_commit + xact_rollback as n from pg_stat_database
        where datname = current_database()`.execute(db);
      return Number(rows[0]!.n);
    };
    const before = await commits();
    await new Promise((r) => setTimeout(r, 10_000));
    return ((await commits()) - before - 2) / 10;
  } finally {
    await db.destroy();
  }
}

/**
 * Fills each school's own database (its PostgreSQL schema or SQLite file, already migrated by
 * POST /api/escuelas) straight through the seed generator, `cycles` cycles each (the current one and earlier
 * closed ones), with a different seed per school so each school has its own children.
 */

const USERNAMES = ['admin', 'voluntaria1', 'voluntario2', 'voluntaria3'];

export async function seedSchool(database: DatabaseOptions, n: number, cycles: number, school: number): Promise<void> {
  const { db, dialect } = openDatabase(database);
  try {
    const actual = await findActual(db);
    for (let i = 0; i < cycles; i++) {
      const anio = actual.anio_ingreso - cycles + 1 + i;
      let cicloId = actual.id;
      if (anio !== actual.anio_ingreso) {
        cicloId = randomUUID();
        const stamp = new Date().toISOString();
        await insertCiclo(db, {
          ...actual,
          id: cicloId,
          nombre: nombreDeCiclo(anio),
          anio_ingreso: anio,
          estado: 'cerrado',
          actual: 0,
          ultimo_numero: 0,
          creado_en: stamp,
          actualizado_en: stamp,
        });
      }
      const share = Math.floor(n / cycles) + (i < n % cycles ? 1 : 0);
      await seedInscriptos(db, {
        count: share,
        today: new Date(),
        usernames: USERNAMES,
        seed: school * 100 + i,
        cicloId,
      });
    }
    // A maintained PostgreSQL (autovacuum) soon vacuums and analyses new rows; do it now rather than wait.
    if (dialect === 'postgres') {
      for (const table of ['inscriptos', 'inscripto_hermanos', 'ciclos'])
        await sql.raw(`vacuum analyze ${table}`).execute(db);
    }
  } finally {
    await db.destroy();
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
