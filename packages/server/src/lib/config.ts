import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@inscripciones/shared/constants.ts';
import { STREAM_CAPS, type StreamCaps } from './board-events.ts';

const isSmtpUrl = (value: string) =>
  URL.canParse(value) && ['smtp:', 'smtps:'].includes(new URL(value).protocol) && !!new URL(value).hostname;
const isHttpUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol);

function isPublicUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username && !url.password;
}

/**
 * Whose `X-Forwarded-For` the server believes (TRUST_PROXY, docs/operations.md): nobody's (false); the last
 * `hops` entries, i.e. the address the outermost of that many proxies saw (a number: 1 with one nginx in
 * front); those a listed proxy address or CIDR added (a list); anybody's (true: a client writes its own
 * address, so it is kept only for old configurations, with a warning at start).
 */
export type TrustProxy = boolean | number | readonly string[];

/** proxy-addr's named ranges (what Fastify compiles a list with), besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_RANGES.has(value)) return true;
  const [ip = '', prefix, ...rest] = value.split('/');
  const version = net.isIP(ip);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const TRUST_PROXY_HELP =
  "must be false, the number of proxies in front (1: one nginx) or a comma-separated list of the proxies' " +
  'addresses or CIDRs (10.0.0.2, 10.0.0.0/24)';

function parseTrustProxy(raw: string, ctx: z.RefinementCtx): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
  const list = value.split(',').map((v) => v.trim());
  if (!/^\d+$/.test(value) && list.every(isProxyAddress)) return Object.freeze(list);
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
  return z.NEVER;
}

/** Logged at start when TRUST_PROXY=true: any client could write the address the limits count. */
export function trustProxyWarning(trustProxy: TrustProxy): string | null {
  if (trustProxy !== true) return null;
  return (
    'TRUST_PROXY=true cree el X-Forwarded-For que escriba cualquier cliente: una dirección inventada esquiva los ' +
    'límites de intentos y queda en el registro de accesos. Definí TRUST_PROXY=1 (un proxy delante, como el ' +
    'nginx de docs/operations.md) o la dirección del proxy (TRUST_PROXY=10.0.0.2).'
  );
}

/**
 * The one configuration schema (DESIGN "Conventions" 5): parsed once at start-up and frozen.
 * Invalid values stop the process with the list of what is wrong.
 */
const ZConfigEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** A start that has not finished by then logs the phase it is stuck in and exits 1 (docs/operations.md). */
  STARTUP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_USERNAME: z
    .string()
    .regex(/^[a-zA-Z0-9._-]{3,50}$/, 'must be 3-50 letters, digits, dot, dash or underscore')
    .default('admin'),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  /** Live boards (text/event-stream) one client address may keep open on an instance, and all of them. */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(STREAM_CAPS.perAddress),
  LIVE_STREAMS_TOTAL: z.coerce.number().int().min(1).max(100_000).default(STREAM_CAPS.total),
  WEB_DIST: z.string().optional(),
  /**
   * The address families reach the app at (the constancia's QR and link). Unset: the address the staff
   * member's request was sent to (decision 0023).
   */
  PUBLIC_URL: z
    .string()
    .refine(isPublicUrl, 'must be an absolute http:// or https:// URL without query or fragment')
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  // The raffle (docs/decisions/0008); the feature reads them through its sorteoSettings().
  SORTEO_PLAZAS_NENAS: z.coerce.number().int().min(0).max(1000).default(28),
  SORTEO_PLAZAS_VARONES: z.coerce.number().int().min(0).max(1000).default(28),
  /** Intake year of the board title; default: next year in America/Montevideo. */
  SORTEO_ANIO: z.coerce.number().int().min(2000).max(2200).optional(),
  // Messages to the families (docs/decisions/0029). Without a channel, nothing is sent.
  SMTP_URL: z.string().refine(isSmtpUrl, 'must be an smtp:// or smtps:// URL with a host').optional(),
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address or "Name <address>"')
    .optional(),
  MENSAJES_WEBHOOK_URL: z.string().refine(isHttpUrl, 'must be an http:// or https:// URL').optional(),
  AVISOS_CONCURRENCIA: z.coerce.number().int().min(1).max(64).default(8),
  AVISOS_POR_SEGUNDO: z.coerce.number().int().min(1).max(10_000).default(100),
  AVISOS_TOMA_SEGUNDOS: z.coerce.number().int().min(2).max(3600).default(30),
});

/** What one variable needs of another: a channel needs its sender and the links' address. */
function avisosIssues(e: z.infer<typeof ZConfigEnv>): string[] {
  const issues: string[] = [];
  if (e.SMTP_URL && !e.MAIL_FROM) issues.push('  - MAIL_FROM: required when SMTP_URL is set');
  if (e.MAIL_FROM && !e.SMTP_URL) issues.push('  - SMTP_URL: required when MAIL_FROM is set');
  if ((e.SMTP_URL || e.MENSAJES_WEBHOOK_URL) && !e.PUBLIC_URL) {
    issues.push('  - PUBLIC_URL: required when SMTP_URL or MENSAJES_WEBHOOK_URL is set (messages carry links)');
  }
  return issues;
}

export interface SorteoConfig {
  plazasNenas: number;
  plazasVarones: number;
  anio: number | undefined;
}

export interface AvisosConfig {
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  webhookUrl: string | undefined;
  /** Messages sent at once by one instance. */
  concurrencia: number;
  /** Messages handed to the providers per second, at most, by one instance. */
  porSegundo: number;
  /** How long an instance holds a message it is sending before another may take it (renewed while sending). */
  tomaSegundos: number;
}

export interface Config {
  port: number;
  host: string;
  startupTimeoutMs: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof ZConfigEnv>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  /** Caps on the live boards' open streams of one instance (docs/operations.md). */
  liveStreams: Readonly<StreamCaps>;
  webDist: string;
  /** PUBLIC_URL without a trailing slash, e.g. https://inscripciones.escuela.edu.uy. */
  publicUrl: string | undefined;
  /** The raffle's variables the environment sets (the rest comes from the school's content). */
  sorteo: Readonly<Partial<SorteoConfig>>;
  /** Messages to the families: their channels (SMTP, the phone provider's webhook) and sender. */
  avisos: Readonly<AvisosConfig>;
}

export class ConfigError extends Error {}

const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

/** Empty strings count as unset, as shells and .env files often leave them. */
function cleanEnv(env: NodeJS.ProcessEnv) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

/** The SORTEO_* variables that are set; unset ones are left out, so the school's content applies. */
function sorteoFrom(e: z.infer<typeof ZConfigEnv>, set: Record<string, unknown>): Partial<SorteoConfig> {
  return {
    ...('SORTEO_PLAZAS_NENAS' in set ? { plazasNenas: e.SORTEO_PLAZAS_NENAS } : {}),
    ...('SORTEO_PLAZAS_VARONES' in set ? { plazasVarones: e.SORTEO_PLAZAS_VARONES } : {}),
    ...(e.SORTEO_ANIO !== undefined ? { anio: e.SORTEO_ANIO } : {}),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const set = cleanEnv(env);
  const parsed = ZConfigEnv.safeParse(set);
  const lines = parsed.success
    ? avisosIssues(parsed.data)
    : parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  const e = parsed.data;
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    startupTimeoutMs: e.STARTUP_TIMEOUT_MS,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    adminUsername: e.ADMIN_USERNAME.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    liveStreams: Object.freeze({ perAddress: e.LIVE_STREAMS_PER_ADDRESS, total: e.LIVE_STREAMS_TOTAL }),
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : DEFAULT_WEB_DIST,
    publicUrl: e.PUBLIC_URL,
    sorteo: Object.freeze(sorteoFrom(e, set)),
    avisos: Object.freeze({
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      webhookUrl: e.MENSAJES_WEBHOOK_URL,
      concurrencia: e.AVISOS_CONCURRENCIA,
      porSegundo: e.AVISOS_POR_SEGUNDO,
      tomaSegundos: e.AVISOS_TOMA_SEGUNDOS,
    }),
  });
}
