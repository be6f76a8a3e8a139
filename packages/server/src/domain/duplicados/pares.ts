import crypto from 'node:crypto';
import {
  MOTIVO_DUPLICADO_TEXTO,
  type TDuplicadoFuente,
  type TNinoRef,
  type TParDuplicado,
} from '@inscripciones/shared/duplicados/duplicados.ts';
import type { TNinoDuplicado, TParDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';

/**
 * A pair of possible duplicates as the API shows it (issue 24): the two children, and the hash of the fields the
 * rule compared (`huella`), which a resolution keeps: an edit of those fields reopens the pair.
 */

export interface Registro {
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

export function fuente(r: Registro): TDuplicadoFuente {
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

export function parsear(datos: string): TInscriptoData {
  return JSON.parse(datos) as TInscriptoData;
}

/** A pair as the API shows it, with the hash of the fields compared. */
export function abierto(p: TParDuplicado, registro: (id: string) => Registro): ParAbierto {
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
