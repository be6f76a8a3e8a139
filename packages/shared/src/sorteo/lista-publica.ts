import { z } from '../zod-es.ts';
import { iniciales, nombreUnidad } from './format.ts';
import { ZLista, type TMiembro, type TPlazas, type TUnidad } from './schemas.ts';
import { canonicalUnits, poolOf } from './units.ts';
import { hmacSha256, sha256Hex, toHex, utf8 } from './sha256.ts';
import { normalizarCodigo } from '../estado/estado-schema.ts';

/**
 * The frozen participant list as anyone may see it (docs/decisions/0020 "La lista pública y su hash"): number,
 * initials, the list each child competes in and a keyed hash per child, never a CI or a full name. Its SHA-256 is
 * the hash the public board shows from the start; the salt is published when the raffle closes, so a family
 * can then recompute its children's `huella` from its constancia (number and status code).
 */
export const ZMiembroPublico = z.strictObject({
  iniciales: z.string(),
  lista: ZLista,
  huella: z.string().regex(/^[0-9a-f]{64}$/),
});

export const ZParticipantePublico = z.strictObject({
  numeroInscripcion: z.number().int().positive(),
  iniciales: z.string(),
  hermanosPrimaria: z.boolean(),
  miembros: z.array(ZMiembroPublico).min(1),
});
export type TParticipantePublico = z.infer<typeof ZParticipantePublico>;

/**
 * A member's published `huella`: the one frozen with it (every raffle since v2, and every anonymised child,
 * docs/decisions/0024); else, for a list frozen before v2, v1 = hex(SHA-256(UTF-8(sal|ci|nombreCompleto))),
 * ci empty when the child has none.
 */
export function huella(sal: string, miembro: Pick<TMiembro, 'ci' | 'nombreCompleto' | 'huella'>): string {
  return miembro.huella ?? sha256Hex(`${sal}|${miembro.ci ?? ''}|${miembro.nombreCompleto}`);
}

export const HUELLA_DOMINIO = 'inscripciones/huella/v2';

/**
 * v2 (docs/decisions/0020): hex(HMAC-SHA-256(key = UTF-8(normalised status code),
 * msg = UTF-8("inscripciones/huella/v2|" + sal + "|" + numero + "|" + indice))), `indice` the member's 0-based
 * place in its unit's canonical order. Without the code (≈ 49.5 bits) nobody can tell whose it is, even with the
 * salt, the CI and the name; with its constancia a family finds its children.
 */
export function huellaFamilia(codigo: string, sal: string, numero: number, indice: number): string {
  return toHex(hmacSha256(utf8(normalizarCodigo(codigo)))(`${HUELLA_DOMINIO}|${sal}|${numero}|${indice}`));
}

/** The members of `numero` in the public list whose huella the family's code reproduces (0-based indices). */
export function miembrosDeLaFamilia(
  lista: readonly TParticipantePublico[],
  codigo: string,
  sal: string,
  numero: number,
): number[] {
  const unidad = lista.find((p) => p.numeroInscripcion === numero);
  if (!unidad) return [];
  return unidad.miembros.flatMap((m, i) => (m.huella === huellaFamilia(codigo, sal, numero, i) ? [i] : []));
}

/** The public list, in canonical order (by number, members as in the frozen units). */
export function listaPublica(units: readonly TUnidad[], plazas: TPlazas, sal: string): TParticipantePublico[] {
  return canonicalUnits(units).map((u) => {
    const miembros = u.miembros.map((m) => ({
      iniciales: iniciales(m.nombreCompleto),
      lista: poolOf(m.sexo, plazas),
      huella: huella(sal, m),
    }));
    return {
      numeroInscripcion: u.numero,
      iniciales: nombreUnidad(miembros.map((m) => ({ nombreCompleto: m.iniciales }))),
      hermanosPrimaria: u.hermanosPrimaria,
      miembros,
    };
  });
}

/** The hash the board shows: SHA-256 of the list's JSON, keys in the order above, no spaces. */
export function listaPublicaHash(lista: readonly TParticipantePublico[]): string {
  return sha256Hex(
    JSON.stringify(
      lista.map((p) => ({
        numeroInscripcion: p.numeroInscripcion,
        iniciales: p.iniciales,
        hermanosPrimaria: p.hermanosPrimaria,
        miembros: p.miembros.map((m) => ({ iniciales: m.iniciales, lista: m.lista, huella: m.huella })),
      })),
    ),
  );
}

/**
 * Units the engine can replay from the public list. The engine only reads the number, the stage flag, each
 * member's list (a sexo that maps to it) and the member order, which a zero-padded "ci" keeps as published.
 */
export function unidadesDeListaPublica(lista: readonly TParticipantePublico[]): TUnidad[] {
  return lista.map((p) => ({
    numero: p.numeroInscripcion,
    hermanosPrimaria: p.hermanosPrimaria,
    miembros: p.miembros.map((m, i) => ({
      ci: String(i).padStart(4, '0'),
      inscriptoId: null,
      nombreCompleto: m.iniciales,
      sexo: m.lista === 'nenas' ? ('F' as const) : ('M' as const),
    })),
  }));
}
