import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  findDuplicados,
  MOTIVO_DUPLICADO_TEXTO,
  type TDuplicadoFuente,
  type TNinoRef,
  type TParDuplicado,
} from '@inscripciones/shared/duplicados/duplicados.ts';
import type { TNinoDuplicado, TParDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { DB } from '../db/schema.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';
import { findActual } from '../ciclos-store/ciclos-repository.ts';
import * as repo from './duplicados-repository.ts';

/**
 * The open pairs of possible duplicates (issue 24), detected on every read from the enrolments as they are now
 * (the pure rule in packages/shared), minus the pairs a person resolved as two children. A resolution is kept
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
 * The pairs of the stored enrolments, per database, with the version of the data they were found on (issue
 * 22: at 100,000 enrolments detection takes seconds, and the sidebar's badge asks on every page). The version
 * is read from the database on every request, so several server instances on one database stay right.
 */
const detectados = new WeakMap<Kysely<DB>, { version: string; pares: Promise<ParAbierto[]> }>();

async function detectarGuardados(db: Kysely<DB>): Promise<ParAbierto[]> {
  const version = await repo.versionDeteccion(db, (await findActual(db)).id);
  const cached = detectados.get(db);
  if (cached?.version === version) return cached.pares;
  const pares = detectar(db);
  detectados.set(db, { version, pares });
  // A failed detection is not kept: the next request tries again.
  pares.catch(() => detectados.get(db)?.pares === pares && detectados.delete(db));
  return pares;
}

/**
 * Every pair the rule finds now, with its hash; resolved or not. `candidatos` are records not saved yet (the
 * form's warning, an import's rows): each replaces the stored copy with its id, or joins the cycle.
 */
async function detectar(db: Kysely<DB>, candidatos: readonly Registro[] = []): Promise<ParAbierto[]> {
  const rows = await repo.enrolmentsForDetection(db, (await findActual(db)).id);
  const registros = new Map<string, Registro>(
    rows.map((r) => [r.id, { id: r.id, numero: r.numero_inscripcion, datos: JSON.parse(r.datos) as TInscriptoData }]),
  );
  for (const c of candidatos) registros.set(c.id, { ...c, numero: registros.get(c.id)?.numero ?? c.numero });
  return findDuplicados([...registros.values()].map(fuente)).map((p) => {
    const a = registros.get(p.a.inscriptoId)!;
    const b = registros.get(p.b.inscriptoId)!;
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
  });
}

/** The pairs detected now, split into open ones and those resolved with the same matched fields. */
async function clasificar(db: Kysely<DB>, candidatos?: readonly Registro[]) {
  const deteccion = candidatos ? detectar(db, candidatos) : detectarGuardados(db);
  const [pares, resueltos] = await Promise.all([deteccion, repo.resoluciones(db)]);
  const porId = new Map(resueltos.map((r) => [r.id, r]));
  return pares.map((p) => {
    const resolucion = porId.get(p.par.id);
    return { ...p, resolucion: resolucion?.huella === p.huella ? resolucion : null };
  });
}

/** The open pairs of the current cycle: detected now and not resolved with the same matched fields. */
export async function paresAbiertos(db: Kysely<DB>): Promise<ParAbierto[]> {
  return (await clasificar(db)).filter((p) => p.resolucion === null);
}

/** The pairs still detected that a person resolved as two children, with the resolution. */
export async function paresResueltos(db: Kysely<DB>) {
  return (await clasificar(db)).flatMap((p) => (p.resolucion ? [{ par: p.par, resolucion: p.resolucion }] : []));
}

/** The open pairs of one record not saved yet (its id, or a new one), as if it were saved with `datos`. */
export async function paresDeCandidato(db: Kysely<DB>, id: string, datos: TInscriptoData): Promise<ParAbierto[]> {
  return (await clasificar(db, [{ id, numero: null, datos }])).filter(
    (p) => p.resolucion === null && (p.par.a.inscriptoId === id || p.par.b.inscriptoId === id),
  );
}

/** The pairs that involve a row of a file being imported (`nuevos`, ids of their own), against the cycle or each other. */
export async function paresDeNuevos(
  db: Kysely<DB>,
  nuevos: readonly { id: string; datos: TInscriptoData }[],
): Promise<TParDuplicadoApi[]> {
  if (nuevos.length === 0) return [];
  const ids = new Set(nuevos.map((n) => n.id));
  const pares = await detectar(
    db,
    nuevos.map((n) => ({ ...n, numero: null })),
  );
  return pares.map((p) => p.par).filter((p) => ids.has(p.a.inscriptoId) || ids.has(p.b.inscriptoId));
}
