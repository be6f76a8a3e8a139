import type { Kysely } from 'kysely';
import type { Actor } from '@inscripciones/shared/permissions.ts';
import type { DB } from './db/schema.ts';
import type { Dialect } from './db/database.ts';
import type { Clock } from './lib/clock.ts';
import type { TokenService } from './sessions/tokens.ts';
import type { LoginLimiter } from './rate-limits/login-limiter.ts';
import type { HeavyJobs } from './lib/heavy-jobs.ts';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { ClavesAvisos } from './domain/avisos/baja-token.ts';

/** What services need from the outside world; built once per app, injected, replaced in tests. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  /** Imports and bulk exports: one at a time per instance, each in a worker thread. */
  heavyJobs: HeavyJobs;
  /** The families' status codes are kept encrypted under this key, derived from the server's secret (0023). */
  claveCodigos: Buffer;
  /** Messages to the families (0029): the channels configured, and the keys of the destinations' digests and links. */
  avisos: { canales: Readonly<Record<AvisoCanal, boolean>>; claves: ClavesAvisos };
}

/** The verified user of a request, re-read from the database on every request. */
export interface SessionActor extends Actor {
  nombre: string;
  email: string;
}
