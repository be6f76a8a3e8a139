import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseOptions } from './db/database.ts';
import { refreshDerivedColumns } from './data/inscriptos/derived-columns.ts';
import { migrateToLatest } from './db/migrations.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { ping } from './db/ping.ts';
import { buildApp } from './app.ts';
import { trustProxyWarning, type Config } from './lib/config.ts';
import { silentStartupLog, type StartupLog } from './lib/startup-log.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { compileCacheDir, ensureDataDir, exposedDataDirWarning } from './lib/data-dir.ts';
import { createTokenService } from './lib/tokens.ts';
import { claveDerivada } from './lib/codigos.ts';
import { claveDocumentos } from './lib/documentos/cifrado.ts';
import { createLoginLimiter } from './domain/login/login-limiter.ts';
import { createRateLimitStore } from './data/rate-limits/rate-limit-store.ts';
import { createDeviceCookies } from './lib/device-cookies.ts';
import { ensureAdministrator } from './domain/users/bootstrap-admin.ts';
import { createHeavyJobs, type HeavyJobLimits } from './lib/heavy-jobs.ts';
import { clavesAvisos } from './domain/avisos/baja-token.ts';
import { canalesActivos, crearCanales } from './domain/avisos/canales.ts';
import { iniciarWorker, type AvisosWorker, type OpcionesWorker } from './domain/avisos/worker.ts';
import {
  iniciarVencimientos,
  type OpcionesVencimientos,
  type VencimientosWorker,
} from './domain/sorteos/vencimientos-worker.ts';

/**
 * Everything between a validated configuration and a ready app: open and migrate the database,
 * make sure an administrator exists, build the app. Used by main.ts and by the tests.
 */
export async function createServer(
  config: Readonly<Config>,
  extra: {
    clock?: Clock;
    pgSchema?: string;
    heavyJobLimits?: HeavyJobLimits;
    /** The outbox's sender: tests shorten its waits. */
    avisos?: Partial<OpcionesWorker>;
    /** The job that advances the season of offers: tests shorten its interval. */
    vencimientos?: Partial<OpcionesVencimientos>;
    /** Where the start logs its phases (main.ts); silent by default. */
    startup?: StartupLog;
  } = {},
): Promise<FastifyInstance> {
  const clock = extra.clock ?? systemClock;
  const startup = extra.startup ?? silentStartupLog();
  startup.begin('open-db');
  // DATA_DIR is used for the SQLite file and for the generated session secret; checked before either.
  const dataDir = !config.databaseUrl || !config.jwtSecret ? ensureDataDir(config.dataDir) : {};
  const dbOptions: DatabaseOptions = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    backgroundCheckpoints: true,
  };
  if (extra.pgSchema) dbOptions.pgSchema = extra.pgSchema;
  const { db, dialect, checkpointer } = openDatabase(dbOptions);
  let avisos: AvisosWorker | undefined;
  let vencimientos: VencimientosWorker | undefined;
  const close = async () => {
    // The jobs first: what they are doing is recorded before the database closes.
    await vencimientos?.detener();
    await avisos?.detener();
    await checkpointer?.stop();
    await db.destroy();
  };
  let log: FastifyInstance['log'] | undefined;
  try {
    // A database that does not answer fails here, in its own phase, rather than somewhere later.
    await ping(db);
    startup.begin('startup-lock');
    const admin = await withStartupLock(db, dialect, async () => {
      startup.begin('migrations');
      await migrateToLatest(db, extra.pgSchema, { sorteo: config.sorteo });
      await refreshDerivedColumns(db);
      startup.begin('bootstrap-admin');
      return ensureAdministrator(db, config.adminUsername, config.adminPassword, clock());
    });
    startup.begin('app-build');
    const secret = resolveJwtSecret(config.jwtSecret, config.dataDir);
    const canales = await crearCanales(config.avisos);
    const claves = clavesAvisos(secret);
    const app = await buildApp({
      ctx: {
        db,
        dialect,
        clock,
        tokens: createTokenService(secret, clock),
        claveCodigos: claveDerivada(secret, 'codigos-estado'),
        claveSemillas: claveDerivada(secret, 'semillas-sorteo'),
        claveDocumentos: claveDocumentos(secret),
        avisos: { canales: canalesActivos(canales), claves, publicUrl: config.publicUrl },
        loginLimiter: createLoginLimiter(createRateLimitStore(db), clock),
        deviceCookies: createDeviceCookies(claveDerivada(secret, 'cookie-dispositivo'), clock),
        heavyJobs: createHeavyJobs(
          {
            database: dbOptions,
            compileCacheDir: compileCacheDir(config.dataDir),
            onCollected: (pauseMs) => log?.info({ pauseMs: Math.round(pauseMs) }, 'memory collected after a heavy job'),
          },
          extra.heavyJobLimits,
        ),
      },
      sorteoEntorno: config.sorteo,
      logLevel: config.logLevel,
      trustProxy: config.trustProxy,
      liveStreams: config.liveStreams,
      webDist: config.webDist,
      publicUrl: config.publicUrl,
    });
    log = app.log;
    app.addHook('onClose', close);
    avisos = iniciarWorker(
      {
        db,
        dialect,
        clock,
        canales,
        remitente: { claves, publicUrl: config.publicUrl },
        log: app.log.child({ module: 'avisos' }),
      },
      {
        concurrencia: config.avisos.concurrencia,
        porSegundo: config.avisos.porSegundo,
        tomaMs: config.avisos.tomaSegundos * 1000,
        ...extra.avisos,
      },
    );
    vencimientos = iniciarVencimientos(app.ctx, app.log.child({ module: 'vencimientos' }), extra.vencimientos);
    if (dataDir.exposedMode !== undefined) app.log.warn(exposedDataDirWarning(config.dataDir, dataDir.exposedMode));
    const proxyWarning = trustProxyWarning(config.trustProxy);
    if (proxyWarning) app.log.warn(proxyWarning);
    if (admin.created) {
      app.log.warn({ username: admin.username }, 'no active administrator existed: created one');
      if (admin.generatedPassword) {
        // Printed once, on purpose outside the structured log, so it is not shipped to log storage.
        process.stdout.write(
          `\n  Administrador inicial creado.\n  Usuario: ${admin.username}\n  Contraseña: ${admin.generatedPassword}\n  Guardala ahora: no se vuelve a mostrar.\n\n`,
        );
      }
    }
    return app;
  } catch (e) {
    await close();
    throw e;
  }
}
