import { z } from '../zod-es.ts';
import { fromHex, sha256Hex } from '../sorteo/sha256.ts';
import { FUNCION_AZAR } from './azar.ts';
import { ZFuenteValorPublico, type TFuenteValorPublico } from '../sorteo/fuente-valor-publico.ts';
import { ZLista } from '../sorteo/schemas.ts';
import { ASIGNACION_MSG } from './messages.ts';
import { clasePrioridad, compareCodigo } from './postulaciones.ts';
import {
  ZCodigoEscuela,
  ZEscuelaRed,
  ZResultadoAsignacion,
  type TEscuelaRed,
  type TPostulacion,
  type TResultadoAsignacion,
} from './schemas.ts';

/**
 * The public acta of a network assignment (docs/decisions/0028 "El acta pública"): everything a replay needs
 * and nothing that names a child — application numbers, initials, each child's list, the ranked choices as school
 * codes and where a child has a sibling (its priority), the random numbers, the seed and public value they came
 * from, and the results.
 * `npm run asignacion:verificar` and the browser replay it with `verificarAsignacion`.
 */
export const ACTA_ASIGNACION_FORMATO = 'inscripciones-asignacion-acta-publica-v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A child as published: initials and its list — one when it is the same at every choice (always, except for a
 * child whose sexo is "Otro" choosing schools whose larger list differs), otherwise one per choice in order.
 */
export const ZMiembroActa = z.strictObject({ iniciales: z.string(), listas: z.array(ZLista).min(1) });

/**
 * An application as published: its number and random number, its children, its ranked choices as school
 * codes, and the choices where a lone child has a sibling in primary (its `hermanos_primaria` priority; a
 * group is `hermanos_juntos` everywhere and lists none).
 */
export const ZPostulacionActa = z.strictObject({
  numero: z.number().int().positive(),
  azar: z.number().int().positive(),
  miembros: z.array(ZMiembroActa).min(1),
  preferencias: z.array(ZCodigoEscuela).min(1),
  hermanosPrimaria: z.array(ZCodigoEscuela),
});
export type TPostulacionActa = z.infer<typeof ZPostulacionActa>;

/** The acta's form of an application (lossless for a valid one). */
export function postulacionParaActa(p: TPostulacion, iniciales: readonly string[]): TPostulacionActa {
  const integrantes = p.preferencias[0]!.listas.length;
  return {
    numero: p.numero,
    azar: p.azar,
    miembros: Array.from({ length: integrantes }, (_, m) => {
      const listas = p.preferencias.map((x) => x.listas[m]!);
      return { iniciales: iniciales[m] ?? '', listas: listas.every((l) => l === listas[0]) ? [listas[0]!] : listas };
    }),
    preferencias: p.preferencias.map((x) => x.escuela),
    hermanosPrimaria: p.preferencias.filter((x) => x.prioridad === 'hermanos_primaria').map((x) => x.escuela),
  };
}

/** The engine's form of an application of the acta, or what is wrong with it. */
export function postulacionDeActa(p: TPostulacionActa): { postulacion: TPostulacion } | { problema: string } {
  const grupo = p.miembros.length > 1;
  for (const [m, miembro] of p.miembros.entries()) {
    if (miembro.listas.length !== 1 && miembro.listas.length !== p.preferencias.length) {
      return { problema: ASIGNACION_MSG.listasDeIntegrante(p.numero, m + 1) };
    }
  }
  for (const codigo of p.hermanosPrimaria) {
    if (grupo) return { problema: ASIGNACION_MSG.hermanosPrimariaDeGrupo(p.numero) };
    if (!p.preferencias.includes(codigo))
      return { problema: ASIGNACION_MSG.hermanosFueraDePreferencias(p.numero, codigo) };
  }
  if (new Set(p.hermanosPrimaria).size !== p.hermanosPrimaria.length) {
    return { problema: ASIGNACION_MSG.hermanosFueraDePreferencias(p.numero, p.hermanosPrimaria[0]!) };
  }
  return {
    postulacion: {
      numero: p.numero,
      azar: p.azar,
      preferencias: p.preferencias.map((escuela, i) => ({
        escuela,
        prioridad: clasePrioridad(p.miembros.length, p.hermanosPrimaria.includes(escuela)),
        listas: p.miembros.map((m) => m.listas[m.listas.length === 1 ? 0 : i]!),
      })),
    },
  };
}

export const ZActaAsignacion = z.strictObject({
  formato: z.literal(ACTA_ASIGNACION_FORMATO),
  id: z.string(),
  anio: z.number().int(),
  /** When the assignment ran (ISO 8601). */
  asignadoEn: z.string(),
  maxPreferencias: z.number().int().min(1),
  /** In code order (code units). */
  escuelas: z.array(ZEscuelaRed).min(1),
  /** SHA-256 of the schools and applications without `azar` (`hashListaAsignacion`), shown before the draw. */
  listaHash: hex64,
  compromiso: hex64,
  semilla: hex64,
  /** The public value's source, declared before any value existed (docs/decisions/0027). */
  fuenteValorPublico: ZFuenteValorPublico,
  /** The value in its source's canonical form: what entered the HMAC. */
  valorPublico: z.string(),
  funcion: z.string(),
  /** In ascending number. */
  postulaciones: z.array(ZPostulacionActa).min(1),
  /** In ascending number, one per application. */
  resultados: z.array(ZResultadoAsignacion),
});
export type TActaAsignacion = z.infer<typeof ZActaAsignacion>;

/** What the list hash covers: the network and the applications before the draw. */
export interface TListaAsignacion {
  maxPreferencias: number;
  escuelas: readonly TEscuelaRed[];
  postulaciones: readonly Omit<TPostulacionActa, 'azar'>[];
}

/**
 * hex(SHA-256(UTF-8(JSON))) of `{"maxPreferencias":…,"escuelas":[{"codigo":…,"plazas":{"nenas":…,"varones":…}}],
 * "postulaciones":[{"numero":…,"miembros":[{"iniciales":…,"listas":[…]}],"preferencias":[…],
 * "hermanosPrimaria":[…]}]}`: keys in this order, no spaces, schools by code, applications by number.
 */
export function hashListaAsignacion(lista: TListaAsignacion): string {
  return sha256Hex(
    JSON.stringify({
      maxPreferencias: lista.maxPreferencias,
      escuelas: [...lista.escuelas]
        .sort((a, b) => compareCodigo(a.codigo, b.codigo))
        .map((e) => ({ codigo: e.codigo, plazas: { nenas: e.plazas.nenas, varones: e.plazas.varones } })),
      postulaciones: [...lista.postulaciones]
        .sort((a, b) => a.numero - b.numero)
        .map((p) => ({
          numero: p.numero,
          miembros: p.miembros.map((m) => ({ iniciales: m.iniciales, listas: m.listas })),
          preferencias: p.preferencias,
          hermanosPrimaria: p.hermanosPrimaria,
        })),
    }),
  );
}

/** Builds the public acta of a run (the server's, when the assignment is published). */
export function armarActaAsignacion(datos: {
  id: string;
  anio: number;
  asignadoEn: string;
  maxPreferencias: number;
  escuelas: readonly TEscuelaRed[];
  postulaciones: readonly TPostulacion[];
  /** Each application's children's initials, in member order. */
  iniciales: ReadonlyMap<number, readonly string[]>;
  semilla: string;
  fuenteValorPublico: TFuenteValorPublico;
  valorPublico: string;
  resultados: readonly TResultadoAsignacion[];
}): TActaAsignacion {
  const postulaciones = [...datos.postulaciones]
    .sort((a, b) => a.numero - b.numero)
    .map((p) => postulacionParaActa(p, datos.iniciales.get(p.numero) ?? []));
  const escuelas = [...datos.escuelas].sort((a, b) => compareCodigo(a.codigo, b.codigo));
  return {
    formato: ACTA_ASIGNACION_FORMATO,
    id: datos.id,
    anio: datos.anio,
    asignadoEn: datos.asignadoEn,
    maxPreferencias: datos.maxPreferencias,
    escuelas,
    listaHash: hashListaAsignacion({ maxPreferencias: datos.maxPreferencias, escuelas, postulaciones }),
    compromiso: sha256Hex(fromHex(datos.semilla)),
    semilla: datos.semilla,
    fuenteValorPublico: datos.fuenteValorPublico,
    valorPublico: datos.valorPublico,
    funcion: FUNCION_AZAR,
    postulaciones,
    resultados: [...datos.resultados].sort((a, b) => a.numero - b.numero),
  };
}
