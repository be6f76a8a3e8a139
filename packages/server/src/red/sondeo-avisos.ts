import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Dialect } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { AvisosWorker, WorkerLog } from '../domain/avisos/worker.ts';
import { alEncolar } from '../domain/avisos/timbre.ts';
import { escuelasConAvisosDebidos, hayAvisosDebidos } from '../data/avisos/avisos-repository.ts';

/** A school's outbox as the network's poll sees it. */
export interface OutboxDeEscuela {
  id: number;
  db: Kysely<DB>;
  /** PostgreSQL: the school's own schema (none: the one the network's connections are set to). */
  esquema?: string | undefined;
  avisos: AvisosWorker;
}

export interface DependenciasSondeo {
  /** The network's database: on PostgreSQL its connections reach every school's schema. */
  red: Kysely<DB>;
  dialect: Dialect;
  clock: Clock;
  escuelas: () => readonly OutboxDeEscuela[];
  log: WorkerLog;
}

/**
 * The network's one poll of its schools' outboxes (decision 0036), instead of a poll per school: every
 * `sondeoMs` it asks which schools have a message due (one statement over every school's schema on PostgreSQL;
 * on SQLite a read of each school's file, in this process) and wakes only those schools' senders. A message
 * written in this process makes it look at once and again shortly after (the writing transaction commits a
 * moment later), as a lone sender does. A network with nothing to send costs one read per `sondeoMs`.
 */
export function iniciarSondeoDeRed(deps: DependenciasSondeo, sondeoMs: number): { detener: () => Promise<void> } {
  let activo = true;
  let mirando: Promise<void> | null = null;
  let otraVez = false;
  const timers = new Set<NodeJS.Timeout>();

  async function debidas(escuelas: readonly OutboxDeEscuela[], ahora: string): Promise<Set<number>> {
    if (deps.dialect === 'postgres') return new Set(await escuelasConAvisosDebidos(deps.red, escuelas, ahora));
    const out = new Set<number>();
    for (const e of escuelas) if (await hayAvisosDebidos(e.db, ahora)) out.add(e.id);
    return out;
  }

  async function vuelta() {
    do {
      otraVez = false;
      const escuelas = deps.escuelas();
      const ids = await debidas(escuelas, deps.clock().toISOString());
      for (const e of escuelas) if (activo && ids.has(e.id)) e.avisos.sondear();
    } while (otraVez && activo);
  }

  /** One look; a call while one runs makes it look once more. */
  function mirar() {
    if (!activo) return;
    if (mirando) {
      otraVez = true;
      return;
    }
    mirando = vuelta()
      .catch((err: unknown) => {
        if (activo) deps.log.error({ err }, "could not look for due messages in the network's outboxes");
      })
      .finally(() => (mirando = null));
  }

  function despues(ms: number) {
    const t = setTimeout(() => {
      timers.delete(t);
      mirar();
    }, ms);
    t.unref();
    timers.add(t);
  }

  const sondeo = setInterval(mirar, sondeoMs);
  sondeo.unref();
  const dejarDeOir = alEncolar(() => {
    despues(10);
    despues(150);
  });
  mirar();
  return {
    async detener() {
      activo = false;
      dejarDeOir();
      clearInterval(sondeo);
      for (const t of timers) clearTimeout(t);
      await mirando;
    },
  };
}
