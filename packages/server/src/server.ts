import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseOptions } from './db/database.ts';
import { refreshDerivedColumns } from './data/inscriptos/derived-columns.ts';
import { migrateToLatest } from './db/migrations.ts';
import { withStartupLock } from './db/startup-lock.ts';
import { ping } from './db/ping.ts';
import { trustProxyWarning, type Config } from './lib/config.ts';
import { silentStartupLog, type StartupLog } from './lib/startup-log.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { resolveJwtSecret } from './lib/jwt-secret.ts';
import { ensureDataDir, exposedDataDirWarning } from './lib/data-dir.ts';
import { createTokenService } from './lib/tokens.ts';
import { claveDerivada } from './lib/codigos.ts';
import { claveDocumentos } from './lib/documentos/cifrado.ts';
import { createLoginLimiter } from './domain/login/login-limiter.ts';
import { createRateLimitStore } from './data/rate-limits/rate-limit-store.ts';
import { createDeviceCookies } from './lib/device-cookies.ts';
import { ensureAdministrator } from './domain/users/bootstrap-admin.ts';
import type { HeavyJobLimits } from './lib/heavy-jobs.ts';
import { clavesAvisos } from './domain/avisos/baja-token.ts';
import { canalesActivos, crearCanales } from './domain/avisos/canales.ts';
import { OPCIONES_WORKER, type OpcionesWorker } from './domain/avisos/worker.ts';
import type { OpcionesVencimientos } from './domain/sorteos/vencimientos-worker.ts';
import { listEscuelas } from './data/escuelas/escuelas-repository.ts';
import { abrirInstancia, type Compartido, type OpcionesInstancia } from './red/instancia.ts';
import { abrirRed } from './red/abrir-red.ts';

/**
 * Everything between a validated configuration and a ready app: open and migrate the network's database, make
 * sure an administrator exists, open every school of the network (decision 0036) and build the first school's
 * app, which serves the network's own paths and hands each other school's requests to that school's app.
 * Used by main.ts and by the tests.
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
  const database = openDatabase(dbOptions);
  const { db } = database;
  let closeRed = async () => {
    await database.checkpointer?.stop();
    await db.destroy();
  };
  try {
    // A database that does not answer fails here, in its own phase, rather than somewhere later.
    await ping(db);
    startup.begin('startup-lock');
    const admin = await withStartupLock(db, database.dialect, async () => {
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
    const red = abrirRed(db);
    const compartido: Compartido = {
      red: red.red,
      clock,
      tokens: createTokenService(secret, clock),
      claveCodigos: claveDerivada(secret, 'codigos-estado'),
      claveSemillas: claveDerivada(secret, 'semillas-sorteo'),
      claveDocumentos: claveDocumentos(secret),
      avisos: { canales: canalesActivos(canales), claves, publicUrl: config.publicUrl },
      loginLimiter: createLoginLimiter(createRateLimitStore(db), clock),
      deviceCookies: createDeviceCookies(claveDerivada(secret, 'cookie-dispositivo'), clock),
    };
    const opciones: OpcionesInstancia = {
      config,
      compartido,
      canales,
      pgSchema: extra.pgSchema,
      poolDeLaRed: database.pool,
      heavyJobLimits: extra.heavyJobLimits,
      avisos: extra.avisos,
      vencimientos: extra.vencimientos,
      app: {
        sorteoEntorno: config.sorteo,
        logLevel: config.logLevel,
        trustProxy: config.trustProxy,
        liveStreams: config.liveStreams,
        webDist: config.webDist,
        publicUrl: config.publicUrl,
      },
    };
    const [primera, ...otras] = await listEscuelas(db);
    const escuela = { id: primera!.id, codigo: primera!.codigo };
    // From here the first school's instance owns the network's database, and closes it.
    closeRed = async () => undefined;
    const principal = await abrirInstancia(escuela, database, dbOptions, opciones, {
      red: red.puerto(opciones),
      escuelas: red.escuelas,
    });
    const app = principal.app;
    // Before the first school's own onClose, which closes the network's database (and pool) the others use.
    app.addHook('preClose', () => red.cerrarOtras());
    try {
      red.agregar(principal);
      for (const otra of otras) await red.abrir(otra, opciones);
      red.iniciarSondeo(
        { dialect: database.dialect, clock, log: app.log.child({ module: 'avisos' }) },
        extra.avisos?.sondeoMs ?? OPCIONES_WORKER.sondeoMs,
      );
    } catch (e) {
      await app.close();
      throw e;
    }
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
    await closeRed();
    throw e;
  }
}
