import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MOTIVO_DUPLICADO_TEXTO,
  type TDuplicadoFuente,
  type TNinoRef,
  type TParDuplicado,
} from '@inscripciones/shared/duplicados/duplicados.ts';
import { DuplicadosIndex } from '@inscripciones/shared/duplicados/duplicados-index.ts';
import type { TNinoDuplicado, TParDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { DB } from '../../db/schema.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { resoluciones } from '../../data/duplicados/duplicados-repository.ts';
import { cabezaAuditoria } from '../../data/auditoria/audit-repository.ts';
import { enrolmentsByIds, enrolmentsForDetection, type FilaDeteccion } from '../../data/inscriptos/deteccion-reads.ts';
import { cambiosDesde, claveVersion, versionDeteccion } from './cambios.ts';

/**
 * The open pairs of possible duplicates (issue 24), detected from the enrolments as they are now (the pure rule
 * in packages/shared), minus the pairs a person resolved as two children. A resolution is kept
 * with the hash of the fields the rule read (`huella`): an edit elsewhere in either record leaves the pair
 * resolved, an edit of those fields reopens it.
 */

interface Registro {
  id: string;
  numero: number | null;
  datos: TInscriptoData;
}

export interface ParAbierto {
  par: TParDuplicadoApi;
  huella: string;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The pair's id: the same two children for the same reason always give the same id (URL-safe). */
export function parId(par: TParDuplicado): string {
  return sha256(`${par.clave}|${par.motivo}`).slice(0, 32);
}

function fuente(r: Registro): TDuplicadoFuente {
  const d = r.datos;
  return {
    inscriptoId: r.id,
    nombre1: d.nombre1,
    apellido1: d.apellido1,
    apellido2: d.apellido2,
    fechaNacimiento: d.fechaNacimiento,
    ci: d.ci,
    hermanosInscriben: d.hermanosInscriben,
  };
}

/** The fields the rule compared for one child: what the hash of a resolution covers. */
function camposComparados(r: Registro, hermano: number | null) {
  const d = r.datos;
  if (hermano === null) {
    return { nombre1: d.nombre1, apellido1: d.apellido1, apellido2: d.apellido2, fecha: d.fechaNacimiento, ci: d.ci };
  }
  const h = d.hermanosInscriben?.[hermano];
  // A listed sibling is linked through the enrolment's CI too (the rule reads it).
  return { nombre: h?.nombre, ci: h?.ci, ciInscripcion: d.ci };
}

function nino(r: Registro, ref: TNinoRef): TNinoDuplicado {
  const d = r.datos;
  if (ref.hermano === null) {
    return {
      inscriptoId: r.id,
      hermano: null,
      numeroInscripcion: r.numero,
      nombreCompleto: [d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter(Boolean).join(' '),
      fechaNacimiento: d.fechaNacimiento ?? null,
      ci: d.ci ?? null,
    };
  }
  const h = d.hermanosInscriben?.[ref.hermano];
  return {
    inscriptoId: r.id,
    hermano: ref.hermano,
    numeroInscripcion: r.numero,
    nombreCompleto: h?.nombre ?? '',
    fechaNacimiento: null,
    ci: h?.ci ?? null,
  };
}

/**
 * Detection kept in memory per database (issue 22): at 100,000 enrolments a whole detection takes seconds, and
 * the sidebar's badge asks on every page. The index of the rule (`DuplicadosIndex`) holds every enrolment of the
 * current cycle and their pairs, with the audit head it is current at. Every request reads the data version
 * from the database (so several server instances on one database stay right); when it moved, only the
 * enrolments the audit chain names since are read again and compared. Detection from scratch happens on the
 * first request, after a change of cycle, or when the chain does not continue (a restored copy) or the count
 * does not match (a write without audit, like the seed); it reads and indexes in batches with turns of the
 * event loop between them.
 */
interface Estado {
  cicloId: string;
  /** The audit head the index is current at, and the version key requests compare with. */
  seq: number;
  hash: string;
  version: string;
  index: DuplicadosIndex;
  /** Number and cut-down form (JSON, parsed only for the records in a pair) of every enrolment indexed. */
  filas: Map<string, { numero: number | null; datos: string }>;
  /** The pairs with their hash, built from the index when a request asks after a change. */
  pares: ParAbierto[] | null;
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

function parsear(datos: string): TInscriptoData {
  return JSON.parse(datos) as TInscriptoData;
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
  e.pares = null;
}

/** Detection from scratch, on a new state (requests keep the old one meanwhile). */
async function construir(db: Kysely<DB>, cicloId: string): Promise<Estado> {
  // The head first: whatever is written while the rows are read comes again as a change after it.
  const c = await cabezaAuditoria(db);
  const e: Estado = { cicloId, ...c, version: '', index: new DuplicadosIndex(), filas: new Map(), pares: null };
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
 * The pairs as the API shows them, by the index's pair: a write replaces the pairs of the records it changed
 * with new ones, so the others keep theirs and are not hashed again.
 */
const mostrados = new WeakMap<TParDuplicado, ParAbierto>();

/** The pairs with their hash, in turns: after a build from scratch they are thousands. */
async function mostrar(e: Estado) {
  const registro = registros(e);
  const pares = e.index.pairs();
  const mostrar: ParAbierto[] = [];
  await enTurnos(pares, (p) => {
    let par = mostrados.get(p);
    if (!par) mostrados.set(p, (par = abierto(p, registro)));
    mostrar.push(par);
  });
  e.pares = mostrar;
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
async function alDia(db: Kysely<DB>): Promise<Estado> {
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

/** A pair as the API shows it, with the hash of the fields compared. */
function abierto(p: TParDuplicado, registro: (id: string) => Registro): ParAbierto {
  const a = registro(p.a.inscriptoId);
  const b = registro(p.b.inscriptoId);
  return {
    par: {
      id: parId(p),
      motivo: p.motivo,
      motivoTexto: MOTIVO_DUPLICADO_TEXTO[p.motivo],
      a: nino(a, p.a),
      b: nino(b, p.b),
    },
    huella: sha256(stableStringify([p.motivo, camposComparados(a, p.a.hermano), camposComparados(b, p.b.hermano)])),
  };
}

/** A stored record as the pairs show it; `candidatos` (not saved) take the place of the stored one with their id. */
function registros(e: Estado, candidatos: readonly Registro[] = []) {
  const nuevos = new Map(candidatos.map((c) => [c.id, c]));
  return (id: string): Registro => {
    const fila = e.filas.get(id);
    const candidato = nuevos.get(id);
    if (candidato) return { ...candidato, numero: fila?.numero ?? candidato.numero };
    return { id, numero: fila!.numero, datos: parsear(fila!.datos) };
  };
}

/** Every pair detected now, with its hash; resolved or not. */
async function detectados(db: Kysely<DB>): Promise<ParAbierto[]> {
  const e = await alDia(db);
  if (!e.pares) await mostrar(e);
  return e.pares!;
}

/** The pairs, split into open ones and those resolved with the same matched fields. */
async function clasificar(pares: Promise<ParAbierto[]>, db: Kysely<DB>) {
  const [detectadas, resueltos] = await Promise.all([pares, resoluciones(db)]);
  const porId = new Map(resueltos.map((r) => [r.id, r]));
  return detectadas.map((p) => {
    const resolucion = porId.get(p.par.id);
    return { ...p, resolucion: resolucion?.huella === p.huella ? resolucion : null };
  });
}

/** The open pairs of the current cycle: detected now and not resolved with the same matched fields. */
export async function paresAbiertos(db: Kysely<DB>): Promise<ParAbierto[]> {
  return (await clasificar(detectados(db), db)).filter((p) => p.resolucion === null);
}

/** The pairs still detected that a person resolved as two children, with the resolution. */
export async function paresResueltos(db: Kysely<DB>) {
  return (await clasificar(detectados(db), db)).flatMap((p) =>
    p.resolucion ? [{ par: p.par, resolucion: p.resolucion }] : [],
  );
}

/**
 * The pairs `candidatos` (records not saved: the form's, an import's rows) would have if they were saved, each
 * replacing the stored record with its id: compared with the index, not a detection of the whole cycle.
 */
async function paresDe(db: Kysely<DB>, candidatos: readonly Registro[]): Promise<ParAbierto[]> {
  const e = await alDia(db);
  const fuentes = candidatos.map(fuente);
  // An import's rows are compared in turns: thousands of them take a while.
  const pares = new Map<string, TParDuplicado>();
  await enTurnos(fuentes, (f) => {
    for (const p of e.index.pairsWith([f])) pares.set(p.clave, p);
  });
  if (fuentes.length > 1) {
    const entreEllos = new DuplicadosIndex();
    await enTurnos(fuentes, (f) => entreEllos.set(f));
    for (const p of entreEllos.pairs()) pares.set(p.clave, p);
  }
  const registro = registros(e, candidatos);
  return [...pares.values()].sort((p, q) => (p.clave < q.clave ? -1 : 1)).map((p) => abierto(p, registro));
}

/** The open pairs of one record not saved yet (its id, or a new one), as if it were saved with `datos`. */
export async function paresDeCandidato(db: Kysely<DB>, id: string, datos: TInscriptoData): Promise<ParAbierto[]> {
  return (await clasificar(paresDe(db, [{ id, numero: null, datos }]), db)).filter((p) => p.resolucion === null);
}

/** The pairs that involve a row of a file being imported (`nuevos`, ids of their own), against the cycle or each other. */
export async function paresDeNuevos(
  db: Kysely<DB>,
  nuevos: readonly { id: string; datos: TInscriptoData }[],
): Promise<TParDuplicadoApi[]> {
  if (nuevos.length === 0) return [];
  return (
    await paresDe(
      db,
      nuevos.map((n) => ({ ...n, numero: null })),
    )
  ).map((p) => p.par);
}
