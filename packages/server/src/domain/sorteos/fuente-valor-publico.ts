import { ZValorIngresado, type TValorIngresado } from '@inscripciones/shared/sorteo/acta-schema.ts';
import {
  describirFuente,
  ZFuenteValorPublico,
  type TFuenteValorPublico,
} from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';

/*
 * The public value's declared source and every value entered, as stored on a raffle's row (JSON columns of
 * migration 0033, docs/decisions/0027; the network raffle's of 0045). Null and empty for raffles started before it.
 */

type SorteoHead = { fuente_valor_publico: string | null; valores_ingresados: string | null };

export function fuenteDe(head: Pick<SorteoHead, 'fuente_valor_publico'>): TFuenteValorPublico | null {
  return head.fuente_valor_publico ? ZFuenteValorPublico.parse(JSON.parse(head.fuente_valor_publico)) : null;
}

export function valoresDe(head: Pick<SorteoHead, 'valores_ingresados'>): TValorIngresado[] {
  return head.valores_ingresados ? ZValorIngresado.array().parse(JSON.parse(head.valores_ingresados)) : [];
}

/** The declared source in words (board, status, PDFs); undefined for older raffles. */
export function fuenteDescrita(head: Pick<SorteoHead, 'fuente_valor_publico'>): string | undefined {
  const fuente = fuenteDe(head);
  return fuente ? describirFuente(fuente) : undefined;
}
