import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { DatabaseOptions, Dialect } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { TokenService } from '../lib/tokens.ts';
import type { LoginLimiter } from './login/login-limiter.ts';
import type { DeviceCookies } from '../lib/device-cookies.ts';
import type { HeavyJobs } from '../lib/heavy-jobs.ts';
import type { AvisoCanal } from '@inscripciones/shared/avisos/destino.ts';
import type { ClavesAvisos } from './avisos/baja-token.ts';
import type { THorarioAtencion } from '@inscripciones/shared/sorteo/plazo-horario.ts';

/** What services need from the outside world; built once per app, injected, replaced in tests. */
/** A school of the network as this process serves it (decision 0036). */
export interface EscuelaServida {
  id: number;
  codigo: string;
  /** The name its content gives it (Configuración). */
  nombre: string;
  /** How a process of its own opens this school's database, read-only (the network's SQL backup). */
  database: DatabaseOptions;
}

/** The network a school belongs to: the database of accounts, roles, sessions and schools, and its schools. */
export interface Red {
  db: Kysely<DB>;
  escuelas: () => readonly EscuelaServida[];
}

export interface AppContext {
  /** The school's own records (its database: the network's for the first school, its own for the others). */
  db: Kysely<DB>;
  /** The school this context serves. */
  escuela: { id: number; codigo: string };
  red: Red;
  dialect: Dialect;
  clock: Clock;
  tokens: TokenService;
  loginLimiter: LoginLimiter;
  /** The browsers known to have logged in as a user: their failures are counted apart (decision 0003). */
  deviceCookies: DeviceCookies;
  /** Imports and bulk exports: one at a time per instance, each in a worker thread. */
  heavyJobs: HeavyJobs<DatabaseOptions>;
  /** The families' status codes are kept encrypted under this key, derived from the server's secret (0023). */
  claveCodigos: Buffer;
  /** A raffle's secret seed is kept sealed under this key until the raffle closes (0020). */
  claveSemillas: Buffer;
  /** The families' uploaded documents are encrypted at rest under this key (0035). */
  claveDocumentos: Buffer;
  /**
   * The school's opening hours in force (Configuración, set by the app once its content is loaded): a season of
   * offers copies them when it starts, and its deadlines fall inside them (decision 0031). None: plain deadlines.
   */
  horarioAtencion?: () => THorarioAtencion | null;
  /** The school's name in force (Configuración, set by the app): every document and export names its school. */
  escuelaNombre?: () => string;
  /** Messages to the families (0029): the channels configured, and the keys of the destinations' digests and links. */
  avisos: {
    canales: Readonly<Record<AvisoCanal, boolean>>;
    claves: ClavesAvisos;
    /** PUBLIC_URL without a trailing slash: the origin of the links messages carry. */
    publicUrl?: string | undefined;
  };
}
