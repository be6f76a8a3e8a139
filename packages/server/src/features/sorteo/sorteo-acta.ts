import { urlEsquema } from '@inscripciones/shared/sorteo/esquemas-publicos.ts';
import { dateInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import {
  ACTA_FORMATO,
  ACTA_PUBLICA_FORMATO,
  type TActa,
  type TActaLinea,
  type TActaPublica,
  type TRevelacion,
  type TSorteoDelCiclo,
} from '@inscripciones/shared/sorteo/acta-schema.ts';
import { listaPublica, listaPublicaHash } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import { lineaActa } from '@inscripciones/shared/sorteo/anonimizar.ts';
import { childResults, splitLists, type TResultadoHijo } from '@inscripciones/shared/sorteo/results.ts';
import type { TLista, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { SorteoHead } from '../../data/sorteos/sorteo-repository.ts';
import { DRAW_FUNCTION } from './sorteo-random.ts';
import { fuenteDe, valoresDe } from '../../domain/sorteos/fuente-valor-publico.ts';

/** How a closed raffle stands in the actas and on the board: annulled, or finalised (archived). */
export const estadoCerrado = (estado: SorteoHead['estado']) =>
  estado === 'anulado' ? ('anulado' as const) : ('finalizado' as const);

/**
 * The acta of a closed raffle as data (docs/decisions/0008): the administrators' one (names and
 * CIs, for the notary) and the public one (number, initials and salted hashes: anyone can replay it). Both
 * are made once when the raffle closes and stored (sorteo-actas-service.ts).
 */

export interface ActaInput {
  head: SorteoHead;
  units: TUnidad[];
  draws: readonly TSorteoDraw[];
  revelaciones: TRevelacion[];
  /** The cycle's raffles up to this one. */
  delCiclo: TSorteoDelCiclo[];
  lugar: string;
  /** The audit entry of the close. */
  ancla: TActa['ancla'] | null;
}

/** The acta of the first `head.indice` draws (all of them unless the raffle was annulled). */
export function buildActa({ head, units, draws, revelaciones, delCiclo, lugar, ancla }: ActaInput): TActa {
  const confirmed = draws.slice(0, head.indice);
  const lists = splitLists(childResults(units, confirmed));
  const both = (group: Record<TLista, TResultadoHijo[]>) => ({
    nenas: group.nenas.map(lineaActa),
    varones: group.varones.map(lineaActa),
  });
  const v2 = head.sal && head.lista_publica_hash;
  return {
    formato: v2 ? ACTA_FORMATO : 'inscripciones-sorteo-acta-v1',
    id: head.id,
    anio: head.anio,
    iniciadoEn: head.creado_en,
    archivadoEn: head.archivado_en ?? head.actualizado_en,
    operador: { usuario: head.operador, nombre: head.operador_nombre },
    finalizadoPor: {
      usuario: head.archivado_por ?? head.operador,
      nombre: head.archivado_por_nombre ?? head.operador_nombre,
    },
    plazas: { nenas: head.plazas_nenas, varones: head.plazas_varones },
    participantesHash: head.participantes_hash,
    compromiso: head.compromiso,
    semilla: head.semilla,
    valorPublico: head.valor_publico,
    funcion: DRAW_FUNCTION,
    ...(head.motivo_duplicados ? { motivoDuplicados: head.motivo_duplicados } : {}),
    participantes: units,
    totalSorteos: head.total,
    sorteosConfirmados: confirmed.length,
    completo: confirmed.length >= head.total,
    resultados: confirmed,
    titulares: both(lists.titulares),
    suplentes: both(lists.suplentes),
    estado: estadoCerrado(head.estado),
    ...(head.motivo_anulacion ? { motivoAnulacion: head.motivo_anulacion } : {}),
    valorPublicoOrigen: head.valor_publico_origen,
    ...(v2 ? { sal: head.sal!, listaPublicaHash: head.lista_publica_hash! } : {}),
    ...(head.escuela ? { escuela: head.escuela } : {}),
    lugar,
    ...(head.escribano ? { escribano: head.escribano } : {}),
    testigos: head.testigos ? (JSON.parse(head.testigos) as string[]) : [],
    revelaciones,
    sorteosDelCiclo: delCiclo,
    ...(ancla ? { ancla } : {}),
    ...(head.fuente_valor_publico ? { fuenteValorPublico: fuenteDe(head)!, valoresIngresados: valoresDe(head) } : {}),
  };
}

/** The public acta: no CI and no full name. Null for raffles older than the public list. */
export function buildActaPublica(acta: TActa): TActaPublica | null {
  if (!acta.sal || !acta.listaPublicaHash) return null;
  const participantes = listaPublica(acta.participantes, acta.plazas, acta.sal);
  if (listaPublicaHash(participantes) !== acta.listaPublicaHash) throw new Error('Lista pública distinta de su hash');
  const side = (lines: TActaLinea[]) =>
    lines.map((l) => ({
      posicion: l.posicion,
      numeroInscripcion: l.numeroInscripcion,
      iniciales: iniciales(l.nombreCompleto),
      etapa: l.etapa,
      sorteo: l.sorteo,
    }));
  return {
    $schema: urlEsquema('acta-publica'),
    formato: ACTA_PUBLICA_FORMATO,
    id: acta.id,
    anio: acta.anio,
    estado: acta.estado ?? 'finalizado',
    motivoAnulacion: acta.motivoAnulacion ?? null,
    iniciadoEn: acta.iniciadoEn,
    cerradoEn: acta.archivadoEn,
    plazas: acta.plazas,
    listaPublicaHash: acta.listaPublicaHash,
    compromiso: acta.compromiso,
    semilla: acta.semilla,
    sal: acta.sal,
    valorPublico: acta.valorPublico,
    valorPublicoOrigen: acta.valorPublicoOrigen ?? '',
    funcion: acta.funcion,
    participantes,
    totalSorteos: acta.totalSorteos,
    sorteosConfirmados: acta.sorteosConfirmados,
    completo: acta.completo,
    resultados: acta.resultados,
    titulares: { nenas: side(acta.titulares.nenas), varones: side(acta.titulares.varones) },
    suplentes: { nenas: side(acta.suplentes.nenas), varones: side(acta.suplentes.varones) },
    revelaciones: acta.revelaciones ?? [],
    sorteosDelCiclo: acta.sorteosDelCiclo ?? [],
    ...(acta.ancla ? { ancla: acta.ancla } : {}),
    ...(acta.fuenteValorPublico
      ? { fuenteValorPublico: acta.fuenteValorPublico, valoresIngresados: acta.valoresIngresados ?? [] }
      : {}),
  };
}

export function actaFilename(acta: Pick<TActa, 'anio' | 'archivadoEn'>, ext: string, base = 'acta_sorteo'): string {
  const day = dateInMontevideo(new Date(acta.archivadoEn));
  return `${base}_${acta.anio}_${day}.${ext}`;
}
