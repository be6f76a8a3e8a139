import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { DB, InscriptosTable } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import type { Kysely } from 'kysely';
import { loadConfig } from '../lib/config.ts';
import { createServer } from '../server.ts';
import type { Clock } from '../lib/clock.ts';
import { dataColumns, siblingCis } from '../data/inscriptos/inscripto-mapper.ts';
import { insertMany } from '../data/inscriptos/inscriptos-repository.ts';
import { ADMIN, TEST_DATABASE_URL, withPg } from './helper.ts';
import { buildInscripto, uniqueCi } from './inscriptos-fixtures.ts';
import { findActual } from '../data/ciclos/ciclos-repository.ts';

/**
 * Test data for the raffle: enrolments written straight to the database (the raffle only reads them), and
 * app instances that share one database, to restart a server or run two at once.
 */

export interface Family {
  /** One entry per enrolment record of the family (they share a number when finalised). */
  children: Partial<TInscriptoData>[];
  estado?: 'finalizado' | 'pendiente';
  /** Siblings listed in section 9 that have no record of their own. */
  listed?: { nombre: string; ci?: string; sexo?: 'F' | 'M' }[];
}

let numero = 0;

let born = 0;
/** Birth dates six years before `today`, one day apart, repeating after a year. */
function nextBirthDate(today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - 6, 0, 1 + (born++ % 365)));
  return d.toISOString().slice(0, 10);
}

/**
 * Inserts the families (finalised ones numbered, siblings listing each other) into a cycle, the current one
 * unless `cicloId` is given. Returns the rows inserted.
 */
export async function insertFamilies(db: Kysely<DB>, today: Date, families: Family[], cicloId?: string) {
  const ciclo = cicloId ?? (await findActual(db)).id;
  const rows: Insertable<InscriptosTable>[] = [];
  const hermanos: { inscripto_id: string; ci: string }[] = [];
  const now = today.toISOString();
  for (const family of families) {
    const estado = family.estado ?? 'finalizado';
    const shared = estado === 'finalizado' ? ++numero + 100 : null;
    // Each child its own birth date unless given: the same name and date would be a possible duplicate.
    const kids = family.children.map((c) =>
      buildInscripto(today, { ci: uniqueCi(), fechaNacimiento: nextBirthDate(today), ...c }),
    );
    kids.forEach((datos, i) => {
      const others = kids
        .filter((_, j) => j !== i)
        .map((k) => ({
          nombre: `${k.nombre1} ${k.apellido1}`,
          ci: k.ci!,
          nivel: 'Inicial' as const,
          sexo: k.sexo as 'F' | 'M',
        }));
      const listed = [...others, ...(family.listed ?? []).map((l) => ({ ...l, nivel: 'Inicial' as const }))];
      if (listed.length) {
        datos.hermanosInscriben = listed;
        datos.cantidadHermanosInscriben = listed.length;
      }
      const id = uuidv7();
      rows.push({
        id,
        ciclo_id: ciclo,
        numero_inscripcion: shared,
        estado,
        ...dataColumns(datos),
        created_by: ADMIN.username,
        funcionario: ADMIN.username,
        updated_by: ADMIN.username,
        fecha_inscripcion: now,
        created_at: now,
        updated_at: now,
        version: 1,
      });
      for (const ci of new Set(siblingCis(datos))) hermanos.push({ inscripto_id: id, ci });
    });
  }
  await insertMany(db, rows, hermanos);
  return rows;
}

const sexoOf = (i: number) => (i % 2 ? 'M' : 'F') as 'F' | 'M';
const kid = (tag: string, i: number, extra: Partial<TInscriptoData> = {}): Partial<TInscriptoData> => ({
  nombre1: `${tag}${i}`,
  nombre2: undefined,
  apellido1: `Apellido${i}`,
  apellido2: 'Sorteo',
  sexo: sexoOf(i),
  tieneHermanosPrimaria: false,
  ...extra,
});

/**
 * The population of the issue: 300 children, 40 sibling groups (30 of two records, 5 of three, 5 of one record
 * plus a listed sibling without a record), 30 lone children with siblings in primary, 185 others (two "Otro").
 * Plus pending enrolments that must not take part.
 */
/** `n` families of one child each, `${nombre}0`, `${nombre}1`, …, nenas and varones in turn: a small raffle. */
export function familiasSueltas(n: number, nombre: string): Family[] {
  return Array.from({ length: n }, (_, i) => ({
    children: [{ nombre1: `${nombre}${i}`, apellido1: 'Sorteo', apellido2: 'Prueba', sexo: i % 2 ? 'M' : 'F' }],
  }));
}

export function population300(): Family[] {
  const families: Family[] = [];
  let i = 0;
  for (let g = 0; g < 30; g++) families.push({ children: [kid('Grupo', i++), kid('Grupo', i++)] });
  for (let g = 0; g < 5; g++) families.push({ children: [kid('Trio', i++), kid('Trio', i++), kid('Trio', i++)] });
  for (let g = 0; g < 5; g++) {
    families.push({
      children: [kid('Listado', i++)],
      listed: [{ nombre: `Hermano Listado ${g}`, ci: uniqueCi(), sexo: sexoOf(g + 1) }],
    });
  }
  for (let k = 0; k < 30; k++) families.push({ children: [kid('Primaria', i++, { tieneHermanosPrimaria: true })] });
  // A sibling listed by one of them has a (pending) record of their own: not a participant.
  const pendingCi = uniqueCi();
  for (let k = 0; k < 185; k++) {
    families.push({
      children: [kid('Comun', i++, k < 2 ? { sexo: 'Otro' } : {})],
      ...(k === 184 ? { listed: [{ nombre: 'Pendiente Hermano', ci: pendingCi, sexo: 'M' as const }] } : {}),
    });
  }
  families.push({ children: [kid('Pendiente', i++, { ci: pendingCi })], estado: 'pendiente' });
  for (let k = 0; k < 4; k++) families.push({ children: [kid('Pendiente', i++)], estado: 'pendiente' });
  return families;
}

// ---------------------------------------------------------------- instances sharing one database

const JWT_SECRET = 'secreto-de-pruebas-del-sorteo-0123456789';

export interface SharedStorage {
  open: (clock?: Clock) => Promise<FastifyInstance>;
  cleanup: () => Promise<void>;
}

/** A database (SQLite file or PostgreSQL schema) that several app instances can open, one after another or at once. */
export async function sharedStorage(dialect: Dialect, env: Record<string, string> = {}): Promise<SharedStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-sorteo-'));
  const pgSchema = dialect === 'postgres' ? `test_${crypto.randomBytes(6).toString('hex')}` : undefined;
  if (pgSchema) await withPg((c) => c.query(`create schema ${pgSchema}`));
  const apps: FastifyInstance[] = [];
  return {
    async open(clock) {
      const config = loadConfig({
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET,
        LOG_LEVEL: 'silent',
        WEB_DIST: path.join(dataDir, 'no-web-build'),
        ...(pgSchema ? { DATABASE_URL: TEST_DATABASE_URL! } : {}),
        ...env,
      });
      const app = await createServer(config, { ...(clock ? { clock } : {}), ...(pgSchema ? { pgSchema } : {}) });
      await app.ready();
      apps.push(app);
      return app;
    },
    async cleanup() {
      for (const app of apps) await app.close().catch(() => undefined);
      if (pgSchema) await withPg((c) => c.query(`drop schema ${pgSchema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- a live board, as a browser's EventSource reads it

export interface BoardEvent {
  event: string;
  id: string;
  data: unknown;
  at: number;
}

export interface Board {
  status: number;
  headers: Headers;
  events: BoardEvent[];
  /** Resolves with the first event (already received or still to come) that satisfies `test`. */
  waitFor: (test: (e: BoardEvent) => boolean, timeoutMs?: number) => Promise<BoardEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

export async function openBoard(url: string): Promise<Board> {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal, headers: { accept: 'text/event-stream' } });
  const events: BoardEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const i = line.indexOf(':');
            fields[line.slice(0, i)] = (fields[line.slice(0, i)] ?? '') + line.slice(i + 1).trimStart();
          }
          if (fields.data !== undefined) {
            events.push({
              event: fields.event ?? 'message',
              id: fields.id ?? '',
              data: JSON.parse(fields.data),
              at: Date.now(),
            });
            for (const w of waiters) w();
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    close: () => controller.abort(),
    waitFor(test, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(test);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching board event in ${timeoutMs} ms (${events.length} received)`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}
