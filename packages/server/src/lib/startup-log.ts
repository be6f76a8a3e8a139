/**
 * The start's own log: each phase of a start (load: reading the code, config, open-db, startup-lock, migrations,
 * bootstrap-admin, app-build, listen) is one structured line with its duration, in the app log's format (one
 * JSON object a line, pino's levels), and a start that fails or hangs says in which phase and why. Only phase
 * names, durations and error codes/messages: no personal data (an error's message names a host or a table,
 * never a child). Used before the app's logger exists, so it writes its own lines.
 */
export type StartupPhase =
  'load' | 'config' | 'open-db' | 'startup-lock' | 'migrations' | 'bootstrap-admin' | 'app-build' | 'listen';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
export type LogLevel = keyof typeof LEVELS;

export interface StartupLog {
  /** Ends the phase running (logging its duration) and starts this one, now or at `at` (performance.now()). */
  begin: (phase: StartupPhase, at?: number) => void;
  /** Ends the last phase and logs the whole start's duration with every phase's. */
  done: () => void;
  /** Logs why the start failed (the phase running and the error) at level fatal. */
  failed: (err: unknown) => void;
  /** Logs that the start did not finish in time, naming the phase it is stuck in, at level fatal. */
  timedOut: (timeoutMs: number) => void;
  readonly current: StartupPhase | null;
}

/** What an error says, without its stack (the log line stays one line): its code and message. */
function reasonOf(err: unknown): { code?: string; reason: string } {
  if (!(err instanceof Error)) return { reason: String(err) };
  const code = (err as { code?: unknown }).code;
  // AggregateError (a host with several addresses): the first inner error says what happened.
  const inner = err instanceof AggregateError && err.errors[0] instanceof Error ? err.errors[0] : undefined;
  const reason = err.message || inner?.message || err.name;
  return { ...(typeof code === 'string' ? { code } : {}), reason };
}

export function createStartupLog(
  options: {
    level?: LogLevel;
    write?: (line: string) => void;
    now?: () => number;
    /** When the start began (performance.now() scale; 0: the process's start), in `phase`. */
    startedAt?: number;
    phase?: StartupPhase;
  } = {},
): StartupLog {
  // Why a start failed is written whatever the level, `silent` included.
  const threshold = Math.min(LEVELS[options.level ?? 'info'], LEVELS.fatal);
  const write = options.write ?? ((line: string) => process.stdout.write(line));
  const now = options.now ?? (() => performance.now());
  const startedAt = options.startedAt ?? now();
  const durations: Partial<Record<StartupPhase, number>> = {};
  let current: StartupPhase | null = options.phase ?? null;
  let since = startedAt;

  const log = (level: LogLevel, fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[level] < threshold) return;
    write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
  };
  const end = (at = now()) => {
    if (current === null) return;
    const ms = Math.round(at - since);
    durations[current] = ms;
    log('info', { phase: current, ms }, 'start phase done');
    current = null;
  };
  const elapsed = () => Math.round(now() - startedAt);

  return {
    begin(phase, at = now()) {
      end(at);
      current = phase;
      since = at;
    },
    done() {
      end();
      log('info', { ms: elapsed(), phases: durations }, 'started');
    },
    failed(err) {
      const phase = current;
      log('fatal', { phase, ms: elapsed(), phases: durations, ...reasonOf(err) }, `start failed in phase ${phase}`);
    },
    timedOut(timeoutMs) {
      const phase = current;
      log(
        'fatal',
        { phase, ms: elapsed(), timeoutMs, phases: durations, reason: 'start did not finish in time' },
        `start stuck in phase ${phase} after ${timeoutMs} ms (STARTUP_TIMEOUT_MS)`,
      );
    },
    get current() {
      return current;
    },
  };
}

/** A log that writes nothing: createServer's default (tests build many apps). */
export const silentStartupLog = (): StartupLog => createStartupLog({ level: 'silent' });
