import type { FastifyInstance } from 'fastify';
import { ensurePgSchema, openDatabase, openSchemaOnPool, type Database, type DatabaseOptions } from '../db/database.ts';
import { migrateToLatest } from '../db/migrations.ts';
import { withStartupLock } from '../db/startup-lock.ts';
import { refreshDerivedColumns } from '../data/inscriptos/derived-columns.ts';
import { buildApp, type BuildAppOptions } from '../app.ts';
import type { AppContext } from '../domain/context.ts';
import { parametroEscuela } from '../domain/red/enlaces.ts';
import type { EscuelasTable } from '../db/schema.ts';
import { createHeavyJobs, type HeavyJobLimits } from '../lib/heavy-jobs.ts';
import { compileCacheDir } from '../lib/data-dir.ts';
import type { Config } from '../lib/config.ts';
import type { Canales } from '../domain/avisos/canales.ts';
import { iniciarWorker, type AvisosWorker, type OpcionesWorker } from '../domain/avisos/worker.ts';
import {
  iniciarVencimientos,
  type OpcionesVencimientos,
  type VencimientosWorker,
} from '../domain/sorteos/vencimientos-worker.ts';

/** A school of the network as this process serves it: its database, its context, its app and its jobs. */
export interface Instancia {
  escuela: AppContext['escuela'];
  ctx: AppContext;
  app: FastifyInstance;
  /** Its sender of messages, which the network's one poll wakes (red/sondeo-avisos.ts). */
  avisos: AvisosWorker;
  /** PostgreSQL: the schema of its database. */
  esquema: string | undefined;
  close: () => Promise<void>;
}

/** What every school's context shares: the network, the clock, the keys, the sessions and the throttle. */
export type Compartido = Omit<AppContext, 'db' | 'dialect' | 'escuela' | 'heavyJobs'>;

export interface OpcionesInstancia {
  config: Readonly<Config>;
  compartido: Compartido;
  canales: Canales;
  /** Base PostgreSQL schema (tests); a school's own schema is named after it. */
  pgSchema?: string | undefined;
  /** PostgreSQL: the network's pool of connections, which every school's schema shares. */
  poolDeLaRed?: Database['pool'];
  heavyJobLimits?: HeavyJobLimits | undefined;
  avisos?: Partial<OpcionesWorker> | undefined;
  vencimientos?: Partial<OpcionesVencimientos> | undefined;
  /** The app's options besides its context and the network's parts. */
  app: Omit<BuildAppOptions, 'ctx' | 'red' | 'escuelas'>;
}

/**
 * Where a school's records are (decision 0036): the first school's in the network's own database; every other
 * school's in an SQLite file of its own under DATA_DIR, or a PostgreSQL schema of its own.
 */
export function ubicacionNueva(id: number, dialect: Database['dialect'], pgSchema: string | undefined): string {
  if (dialect === 'sqlite') return `escuela-${id}.db`;
  return pgSchema ? `${pgSchema}_escuela_${id}` : `escuela_${id}`;
}

export function opcionesDeBase(
  config: Readonly<Config>,
  escuela: Pick<EscuelasTable, 'ubicacion'>,
  pgSchema: string | undefined,
): DatabaseOptions {
  const base: DatabaseOptions = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  if (!escuela.ubicacion) return { ...base, backgroundCheckpoints: true, ...(pgSchema ? { pgSchema } : {}) };
  // Another school's SQLite file checkpoints inside its commits: a checkpointing thread per school would not scale.
  return config.databaseUrl ? { ...base, pgSchema: escuela.ubicacion } : { ...base, sqliteFile: escuela.ubicacion };
}

/**
 * Opens (creating and migrating it if new) a school's own database: on PostgreSQL a schema on the network's pool
 * of connections, on SQLite a file.
 */
export async function abrirBaseDeEscuela(
  options: DatabaseOptions,
  config: Readonly<Config>,
  poolDeLaRed: Database['pool'],
): Promise<Database> {
  const database = poolDeLaRed ? openSchemaOnPool(poolDeLaRed, options.pgSchema!) : openDatabase(options);
  try {
    if (database.dialect === 'postgres') {
      await ensurePgSchema(database.db, options.pgSchema!);
    }
    await withStartupLock(database.db, database.dialect, async () => {
      await migrateToLatest(database.db, options.pgSchema, { sorteo: config.sorteo });
      await refreshDerivedColumns(database.db);
    });
    return database;
  } catch (e) {
    await database.checkpointer?.stop();
    await database.db.destroy();
    throw e;
  }
}

/** Builds a school's app on its database and starts its jobs (messages to families, offers' deadlines). */
export async function abrirInstancia(
  escuela: AppContext['escuela'],
  database: Database,
  dbOptions: DatabaseOptions,
  options: OpcionesInstancia,
  /** The network's endpoints' port; the first school's app also gets the dispatch to the others. */
  red: Pick<BuildAppOptions, 'red' | 'escuelas'>,
): Promise<Instancia> {
  const { config, compartido } = options;
  let log: FastifyInstance['log'] | undefined;
  const ctx: AppContext = {
    ...compartido,
    db: database.db,
    dialect: database.dialect,
    escuela,
    heavyJobs: createHeavyJobs(
      {
        database: dbOptions,
        compileCacheDir: compileCacheDir(config.dataDir),
        onCollected: (pauseMs) => log?.info({ pauseMs: Math.round(pauseMs) }, 'memory collected after a heavy job'),
      },
      options.heavyJobLimits,
    ),
  };
  let avisos: AvisosWorker | undefined;
  let vencimientos: VencimientosWorker | undefined;
  const close = async () => {
    // The jobs first: what they are doing is recorded before the database closes.
    await vencimientos?.detener();
    await avisos?.detener();
    await database.checkpointer?.stop();
    await database.db.destroy();
  };
  try {
    const app = await buildApp({ ...options.app, ...red, ctx });
    log = app.log;
    app.addHook('onClose', close);
    avisos = iniciarWorker(
      {
        db: database.db,
        dialect: database.dialect,
        clock: ctx.clock,
        canales: options.canales,
        remitente: { claves: ctx.avisos.claves, publicUrl: config.publicUrl, escuela: parametroEscuela(escuela) },
        log: app.log.child({ module: 'avisos', escuela: escuela.codigo }),
      },
      {
        concurrencia: config.avisos.concurrencia,
        porSegundo: config.avisos.porSegundo,
        tomaMs: config.avisos.tomaSegundos * 1000,
        ...options.avisos,
        // The network polls every school's outbox at once.
        sondeoMs: 0,
      },
    );
    vencimientos = iniciarVencimientos(
      ctx,
      app.log.child({ module: 'vencimientos', escuela: escuela.codigo }),
      options.vencimientos,
    );
    return { escuela, ctx, app, avisos, esquema: dbOptions.pgSchema, close };
  } catch (e) {
    await close();
    throw e;
  }
}
