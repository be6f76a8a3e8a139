import { ConfigError, loadConfig } from './lib/config.ts';
import { createStartupLog, type StartupLog } from './lib/startup-log.ts';
import { createServer } from './server.ts';

const SHUTDOWN_GRACE_MS = 10_000;

/**
 * A start logs each phase with its duration and, when it fails or does not finish within STARTUP_TIMEOUT_MS,
 * the phase and the reason, then exits 1 (an instance that never answered left no trace).
 */
async function main() {
  const loaded = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      const startup = createStartupLog({ startedAt: 0, phase: 'load' });
      startup.begin('config', loaded);
      startup.failed(new Error('invalid configuration (see above)'));
      process.exit(1);
    }
    throw e;
  }
  // From the process's start: the modules' loading (seconds on a busy machine) is phase 'load'.
  const startup = createStartupLog({ level: config.logLevel, startedAt: 0, phase: 'load' });
  startup.begin('config', loaded);
  const watchdog = setTimeout(() => {
    startup.timedOut(config.startupTimeoutMs);
    process.exit(1);
  }, config.startupTimeoutMs); // not unref'd: a start waiting on nothing at all is caught too

  const app = await started(startup, () => createServer(config, { startup }));

  // Graceful shutdown: stop accepting, finish in-flight requests, close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await started(startup, async () => {
    startup.begin('listen');
    await app.listen({ port: config.port, host: config.host });
  });
  clearTimeout(watchdog);
  startup.done();
}

/** Runs a step of the start; a failure is logged with its phase, then the process exits 1. */
async function started<T>(startup: StartupLog, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    startup.failed(err);
    process.exit(1);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Fatal: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
