import { z } from '../zod-es.ts';
import { fromHex, sha256Hex } from '../sorteo/sha256.ts';
import { FUNCION_AZAR } from './azar.ts';
import { compareCodigo } from './postulaciones.ts';
import {
  ZEscuelaRed,
  ZPreferencia,
  ZResultadoAsignacion,
  type TEscuelaRed,
  type TPostulacion,
  type TResultadoAsignacion,
} from './schemas.ts';

/**
 * The public acta of a network assignment (docs/decisions/0028 "El acta pública"): everything a replay needs
 * and nothing that names a child — application numbers, initials, the ranked choices as school codes with the
 * priority and lists there, the random numbers, the seed and public value they came from, and the results.
 * `npm run asignacion:verificar` and the browser replay it with `verificarAsignacion`.
 */
export const ACTA_ASIGNACION_FORMATO = 'inscripciones-asignacion-acta-publica-v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const ZMiembroActa = z.strictObject({ iniciales: z.string() });

/** An application as published: its children's initials in member order, its choices and its random number. */
export const ZPostulacionActa = z.strictObject({
  numero: z.number().int().positive(),
  miembros: z.array(ZMiembroActa).min(1),
  preferencias: z.array(ZPreferencia).min(1),
  azar: z.number().int().positive(),
});
export type TPostulacionActa = z.infer<typeof ZPostulacionActa>;

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
  valorPublico: z.string(),
  valorPublicoOrigen: z.string(),
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
  postulaciones: readonly Pick<TPostulacionActa, 'numero' | 'miembros' | 'preferencias'>[];
}

/**
 * hex(SHA-256(UTF-8(JSON))) of `{"maxPreferencias":…,"escuelas":[{"codigo":…,"plazas":{"nenas":…,"varones":…}}],
 * "postulaciones":[{"numero":…,"miembros":[{"iniciales":…}],"preferencias":[{"escuela":…,"prioridad":…,
 * "listas":[…]}]}]}`: keys in this order, no spaces, schools by code, applications by number.
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
          miembros: p.miembros.map((m) => ({ iniciales: m.iniciales })),
          preferencias: p.preferencias.map((x) => ({
            escuela: x.escuela,
            prioridad: x.prioridad,
            listas: [...x.listas],
          })),
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
  valorPublico: string;
  valorPublicoOrigen: string;
  resultados: readonly TResultadoAsignacion[];
}): TActaAsignacion {
  const postulaciones = [...datos.postulaciones]
    .sort((a, b) => a.numero - b.numero)
    .map((p) => ({
      numero: p.numero,
      miembros: (datos.iniciales.get(p.numero) ?? []).map((iniciales) => ({ iniciales })),
      preferencias: p.preferencias.map((x) => ({ escuela: x.escuela, prioridad: x.prioridad, listas: [...x.listas] })),
      azar: p.azar,
    }));
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
    valorPublico: datos.valorPublico,
    valorPublicoOrigen: datos.valorPublicoOrigen,
    funcion: FUNCION_AZAR,
    postulaciones,
    resultados: [...datos.resultados].sort((a, b) => a.numero - b.numero),
  };
}
