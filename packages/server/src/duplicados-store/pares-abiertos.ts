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

/** Every pair the rule finds now, with its hash; resolved or not. */
async function detectar(db: Kysely<DB>): Promise<ParAbierto[]> {
  const rows = await repo.enrolmentsForDetection(db, (await findActual(db)).id);
  const registros = new Map<string, Registro>(
    rows.map((r) => [r.id, { id: r.id, numero: r.numero_inscripcion, datos: JSON.parse(r.datos) as TInscriptoData }]),
  );
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

/** The open pairs of the current cycle: detected now and not resolved with the same matched fields. */
export async function paresAbiertos(db: Kysely<DB>): Promise<ParAbierto[]> {
  const [pares, resueltos] = await Promise.all([detectar(db), repo.resoluciones(db)]);
  const huellaResuelta = new Map(resueltos.map((r) => [r.id, r.huella]));
  return pares.filter((p) => huellaResuelta.get(p.par.id) !== p.huella);
}
