import type { TActa, TActaLinea } from './acta-schema.ts';
import { iniciales } from './format.ts';
import { huella } from './lista-publica.ts';
import { childResults, splitLists, type TResultadoHijo } from './results.ts';
import type { TLista, TMiembro, TUnidad } from './schemas.ts';
import { sha256Hex } from './sha256.ts';
import { canonicalJson, canonicalUnits } from './units.ts';

/**
 * A raffle's frozen list and acta after its cycle is anonymised (docs/decisions/0024). The board showed the
 * public list's hash (initials, list, salted `huella` per child), never the full list's, so a child who was not
 * admitted keeps exactly what the public list holds of them: initials and `huella`, no CI and no name. Every
 * member of a unit touched gets a stand-in `ci` ("0000", "0001", … in the canonical order) and keeps its
 * `huella`, so the canonical member order, the public list, its hash and the replay stay the same.
 */

/** `conservar(numero, indice, miembro)`: keep this child's name (admitted). */
export type Conservar = (numero: number, indice: number, miembro: TMiembro) => boolean;

export function anonimizarUnidades(units: readonly TUnidad[], sal: string, conservar: Conservar): TUnidad[] {
  return canonicalUnits(units).map((u) => {
    const borrar = u.miembros.map((m, i) => !conservar(u.numero, i, m));
    if (!borrar.some(Boolean)) return u;
    const miembros = u.miembros.map((m, i) => {
      return {
        // Idempotent: a unit anonymised before already holds these stand-ins, in this order.
        ci: String(i).padStart(4, '0'),
        inscriptoId: m.inscriptoId,
        nombreCompleto: borrar[i] ? iniciales(m.nombreCompleto) : m.nombreCompleto,
        sexo: m.sexo,
        huella: huella(sal, m),
      };
    });
    return { ...u, miembros };
  });
}

/** One printed line of the acta's lists. */
export function lineaActa(r: TResultadoHijo): TActaLinea {
  return {
    posicion: r.posicion,
    numeroInscripcion: r.numero,
    nombreCompleto: r.miembro.nombreCompleto,
    etapa: r.stage,
    sorteo: r.index + 1,
  };
}

/**
 * The stored administrators' acta with the anonymised list: its participants, the full list's hash (never
 * announced since the public list exists) and the names printed in its lists. Everything else, including the
 * public list's hash, the commitment, the seed and the results, is the signed acta's.
 */
export function anonimizarActa(acta: TActa, units: TUnidad[], fecha: string): TActa {
  const lists = splitLists(childResults(units, acta.resultados, acta.sorteosConfirmados));
  const both = (group: Record<TLista, TResultadoHijo[]>) => ({
    nenas: group.nenas.map(lineaActa),
    varones: group.varones.map(lineaActa),
  });
  return {
    ...acta,
    participantesHash: sha256Hex(canonicalJson(units)),
    participantes: units,
    titulares: both(lists.titulares),
    suplentes: both(lists.suplentes),
    anonimizadoEn: fecha,
  };
}
