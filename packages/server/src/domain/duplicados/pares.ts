import crypto from 'node:crypto';
import {
  MOTIVO_DUPLICADO_TEXTO,
  ninoKey,
  type TDuplicadoFuente,
  type TNinoRef,
  type TParDuplicado,
} from '@inscripciones/shared/duplicados/duplicados.ts';
import {
  MAX_NINOS_GRUPO,
  type TGrupoDuplicadoApi,
  type TNinoDuplicado,
  type TParDuplicadoApi,
} from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TGrupoDuplicado } from '@inscripciones/shared/duplicados/grupos.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { stableStringify } from '@inscripciones/shared/stable-json.ts';

/**
 * A pair of possible duplicates as the API shows it: the two children, and the hash of the fields the
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

/** A group as the API shows it (`par`, the name the list has always had), with the hash of the fields compared. */
export interface GrupoAbierto {
  par: TGrupoDuplicadoApi;
  huella: string;
  /** Every enrolment with a child in the group (the API lists at most MAX_NINOS_GRUPO children). */
  inscriptos: string[];
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** The pair's id: the same two children for the same reason always give the same id (URL-safe). */
function parId(par: TParDuplicado): string {
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

export function nino(r: Registro, ref: TNinoRef): TNinoDuplicado {
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

/**
 * A group as the API shows it. A group of two is its one pair: the same id and hash as that pair always had, so
 * a pair resolved before stays resolved. A larger group's id comes from its children and its hash from what the
 * rule compared of every one of them: a child joining, leaving or edited reopens it.
 */
export function grupoAbierto(g: TGrupoDuplicado, registro: (id: string) => Registro): GrupoAbierto {
  const [a, b] = g.ninos as [TNinoRef, TNinoRef];
  const motivos = g.motivos;
  if (g.ninos.length === 2) {
    const { par, huella } = abierto({ clave: `${ninoKey(a)}|${ninoKey(b)}`, a, b, motivo: motivos[0]! }, registro);
    return {
      par: { ...par, ninos: [par.a, par.b], cantidad: 2, motivos },
      huella,
      inscriptos: [a.inscriptoId, b.inscriptoId],
    };
  }
  const registros = g.ninos.map((n) => ({ ref: n, r: registro(n.inscriptoId) }));
  const ninos = registros.slice(0, MAX_NINOS_GRUPO).map(({ ref, r }) => nino(r, ref));
  return {
    par: {
      id: sha256(`grupo|${g.ninos.map(ninoKey).join('|')}`).slice(0, 32),
      motivo: motivos[0]!,
      motivoTexto: motivos.map((m) => MOTIVO_DUPLICADO_TEXTO[m]).join('; '),
      a: ninos[0]!,
      b: ninos[1]!,
      ninos,
      cantidad: g.ninos.length,
      motivos,
    },
    huella: sha256(stableStringify([motivos, registros.map(({ ref, r }) => camposComparados(r, ref.hermano))])),
    inscriptos: [...new Set(g.ninos.map((n) => n.inscriptoId))],
  };
}
