import type { Kysely } from 'kysely';
import { DuplicadosIndex } from '@inscripciones/shared/duplicados/duplicados-index.ts';
import type { DB } from '../../db/schema.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { cabezaAuditoria } from '../../data/auditoria/audit-repository.ts';
import { enrolmentsByIds, enrolmentsForDetection, type FilaDeteccion } from '../../data/inscriptos/deteccion-reads.ts';
import { cambiosDesde, claveVersion, versionDeteccion } from './cambios.ts';
import { fuente, grupoAbierto, parsear, type GrupoAbierto, type Registro } from './pares.ts';

/**
 * Detection kept in memory per database: at 100,000 enrolments a whole detection takes seconds, and
 * the sidebar's badge asks on every page. The index of the rule (`DuplicadosIndex`) holds every enrolment of the
 * current cycle and their pairs, with the audit head it is current at. Every request reads the data version
 * from the database (so several server instances on one database stay right); when it moved, only the
 * enrolments the audit chain names since are read again and compared. Detection from scratch happens on the
 * first request, after a change of cycle, or when the chain does not continue (a restored copy) or the count
 * does not match (a write without audit, like the seed); it reads and indexes in batches with turns of the
 * event loop between them.
 */
export interface Estado {
  cicloId: string;
  /** The audit head the index is current at, and the version key requests compare with. */
  seq: number;
  hash: string;
  version: string;
  index: DuplicadosIndex;
  /** Number and cut-down form (JSON, parsed only for the records in a pair) of every enrolment indexed. */
  filas: Map<string, { numero: number | null; datos: string }>;
  /** The groups with their hash, built from the index when a request asks after a change. */
  grupos: GrupoAbierto[] | null;
}

const estados = new WeakMap<Kysely<DB>, Estado>();
const actualizando = new WeakMap<Kysely<DB>, Promise<void>>();
/** Rows read in the same snapshot as the head; more are read in batches, with turns of the event loop. */
const MAX_FILAS_JUNTAS = 1000;
/** Work between two turns of the event loop, so other requests wait at most about this long. */
const TURNO_MS = 8;

const turno = () => new Promise((resolve) => setImmediate(resolve));

/** `fn` over every item, with a turn of the event loop every TURNO_MS of work. */
async function enTurnos<T>(items: readonly T[], fn: (item: T) => void) {
  let desde = performance.now();
  for (const item of items) {
    fn(item);
    if (performance.now() - desde > TURNO_MS) {
      await turno();
      desde = performance.now();
    }
  }
}

/** Runs the steps of `pasos` to the end, with a turn of the event loop every TURNO_MS of work. */
export async function enPasos<T>(pasos: Generator<void, T>): Promise<T> {
  let desde = performance.now();
  for (;;) {
    const r = pasos.next();
    if (r.done) return r.value;
    if (performance.now() - desde > TURNO_MS) {
      await turno();
      desde = performance.now();
    }
  }
}
/** Indexes the rows (in turns) and forgets the ids of `ids` that have no row: deleted, or no enrolment. */
async function aplicar(e: Estado, filas: readonly FilaDeteccion[], ids: readonly string[] = []) {
  const presentes = new Set<string>();
  await enTurnos(filas, (f) => {
    presentes.add(f.id);
    e.filas.set(f.id, { numero: f.numero_inscripcion, datos: f.datos });
    e.index.set(fuente({ id: f.id, numero: f.numero_inscripcion, datos: parsear(f.datos) }));
  });
  for (const id of ids) {
    if (!presentes.has(id) && e.filas.delete(id)) e.index.delete(id);
  }
  e.grupos = null;
}

/** Detection from scratch, on a new state (requests keep the old one meanwhile). */
async function construir(db: Kysely<DB>, cicloId: string): Promise<Estado> {
  // The head first: whatever is written while the rows are read comes again as a change after it.
  const c = await cabezaAuditoria(db);
  const e: Estado = { cicloId, ...c, version: '', index: new DuplicadosIndex(), filas: new Map(), grupos: null };
  for await (const lote of enrolmentsForDetection(db, cicloId)) await aplicar(e, lote);
  return e;
}

/** Brings the state up to the database's head; false when it must be built from scratch. */
async function ponerAlDia(db: Kysely<DB>, e: Estado): Promise<boolean> {
  for (;;) {
    const cambios = await cambiosDesde(db, e.cicloId, e, MAX_FILAS_JUNTAS);
    if (!cambios) return false;
    const { version, ids, filas } = cambios;
    await aplicar(e, filas ?? (await enrolmentsByIds(db, e.cicloId, ids)), ids);
    e.seq = version.seq;
    e.hash = version.hash;
    // Rows read outside the snapshot may be newer than its head: the next round reads them again in one.
    if (!filas) continue;
    e.version = claveVersion(version);
    return e.index.size === version.cuenta;
  }
}

/**
 * The groups as the API shows them, by their children and the rows they were made from: a write replaces the rows
 * it changed, so the other groups keep theirs and are not hashed again (thousands at 100,000 enrolments).
 */
const mostrados = new WeakMap<Estado, Map<string, { filas: unknown[]; grupo: GrupoAbierto }>>();
/** The groups with their hash, in turns: after a build from scratch they are thousands. */
export async function mostrar(e: Estado) {
  const registro = registros(e);
  const antes = mostrados.get(e) ?? new Map<string, { filas: unknown[]; grupo: GrupoAbierto }>();
  const ahora = new Map<string, { filas: unknown[]; grupo: GrupoAbierto }>();
  const grupos: GrupoAbierto[] = [];
  await enTurnos(await enPasos(e.index.gruposEnPasos()), (g) => {
    const clave = `${g.motivos.join(',')}|${g.ninos.map((n) => `${n.inscriptoId}#${n.hermano}`).join('|')}`;
    const filas = g.ninos.map((n) => e.filas.get(n.inscriptoId));
    const visto = antes.get(clave);
    const mismo = visto?.filas.length === filas.length && visto.filas.every((f, i) => f === filas[i]);
    const grupo = mismo ? visto.grupo : grupoAbierto(g, registro);
    ahora.set(clave, { filas, grupo });
    grupos.push(grupo);
  });
  mostrados.set(e, ahora);
  e.grupos = grupos;
}
async function actualizar(db: Kysely<DB>): Promise<void> {
  const cicloId = (await findActual(db)).id;
  let e = estados.get(db);
  if (e?.cicloId === cicloId && (await ponerAlDia(db, e))) return mostrar(e);
  // A count that still differs after a build from scratch is a write without audit during it: kept, and the
  // next request with another version tries again.
  e = await construir(db, cicloId);
  await ponerAlDia(db, e);
  await mostrar(e);
  estados.set(db, e);
}

/** The state current at (at least) the version the database has now. */
export async function alDia(db: Kysely<DB>): Promise<Estado> {
  const visto = await versionDeteccion(db, (await findActual(db)).id);
  for (let intento = 0; ; intento++) {
    const e = estados.get(db);
    if (
      e &&
      e.cicloId === visto.cicloId &&
      (e.version === claveVersion(visto) || (intento > 0 && e.seq >= visto.seq))
    ) {
      return e;
    }
    // One update at a time per database; a request that arrives during one waits for it and checks again.
    let enCurso = actualizando.get(db);
    if (!enCurso) {
      enCurso = actualizar(db).finally(() => actualizando.delete(db));
      actualizando.set(db, enCurso);
    }
    await enCurso;
  }
}

/** A stored record as the pairs show it; `candidatos` (not saved) take the place of the stored one with their id. */
export function registros(e: Estado, candidatos: readonly Registro[] = []) {
  const nuevos = new Map(candidatos.map((c) => [c.id, c]));
  return (id: string): Registro => {
    const fila = e.filas.get(id);
    const candidato = nuevos.get(id);
    if (candidato) return { ...candidato, numero: fila?.numero ?? candidato.numero };
    return { id, numero: fila!.numero, datos: parsear(fila!.datos) };
  };
}
