import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { fechaHoraTexto } from '../montevideo-time.ts';
import { DRAND_QUICKNET, rondaDespuesDe } from './drand.ts';
import { SORTEO_MSG } from './messages.ts';

/**
 * The public value nobody can choose (docs/decisions/0027). At start the operator declares where the value will
 * come from and its exact form; the value is then entered in that form only and reduced to one canonical
 * string, so that different spellings of one throw, one lottery draw or one drand round give the same value and
 * an operator who knows the seed cannot try spellings until one favours someone ("grinding").
 *
 * The declaration travels as it is: in the start body, the stored raffle, the public status, the participant
 * list PDF and the acta. The value itself is reduced to its canonical form by valor-canonico.ts.
 */

export const TIPOS_FUENTE_VALOR_PUBLICO = ['dados', 'loteria', 'drand'] as const;
export type TTipoFuenteValorPublico = (typeof TIPOS_FUENTE_VALOR_PUBLICO)[number];

export const DADOS_MAX = 20;
export const LOTERIA_NUMEROS_MAX = 30;
export const LOTERIA_CIFRAS_MAX = 6;
/** How long after the start a drand round may be: it comes out in the room, within minutes. */
export const DRAND_ESPERA_MAX_HORAS = 24;

const entero = (min: number, max: number, error: string) =>
  z.number({ error }).int({ error }).min(min, { error }).max(max, { error });

/** Dice thrown in the room: `cantidad` six-sided dice. */
export const ZFuenteDados = z.strictObject({
  tipo: z.literal('dados'),
  cantidad: entero(1, DADOS_MAX, SORTEO_MSG.fuenteCantidadDados),
});

/**
 * Numbers of a public lottery draw announced before the start and held after it: `sorteo` names the draw
 * ("Quiniela nocturna del 12/11/2026"), `cantidad` how many of its numbers are used — always the first ones in
 * the order the draw publishes them, so that which numbers is no choice either — and `cifras` how many digits
 * each has (the Quiniela's are 3: 000 to 999). The numbers of a draw may repeat.
 */
export const ZFuenteLoteria = z.strictObject({
  tipo: z.literal('loteria'),
  sorteo: safeText('Sorteo de lotería', { error: SORTEO_MSG.fuenteSorteoLoteria })
    .min(1, { error: SORTEO_MSG.fuenteSorteoLoteria })
    .max(200, { error: SORTEO_MSG.fuenteSorteoLoteriaLargo }),
  cantidad: entero(1, LOTERIA_NUMEROS_MAX, SORTEO_MSG.fuenteCantidadLoteria),
  cifras: entero(1, LOTERIA_CIFRAS_MAX, SORTEO_MSG.fuenteCifrasLoteria),
});

/**
 * A round of drand's quicknet chain (the only chain accepted: `cadena` is its hash): the first round strictly
 * after `despuesDe`, an ISO-8601 UTC instant fixed at start and never before it. `ronda` is derived from it
 * (`rondaDespuesDe`) and must agree.
 */
export const ZFuenteDrand = z
  .strictObject({
    tipo: z.literal('drand'),
    cadena: z.literal(DRAND_QUICKNET.chainHash, { error: SORTEO_MSG.fuenteCadenaDrand }),
    despuesDe: z.iso.datetime({ error: SORTEO_MSG.fuenteDespuesDe }),
    ronda: z.number({ error: SORTEO_MSG.fuenteRondaDrand }).int({ error: SORTEO_MSG.fuenteRondaDrand }),
  })
  .refine((f) => Number.isNaN(Date.parse(f.despuesDe)) || f.ronda === rondaDespuesDe(f.despuesDe), {
    error: SORTEO_MSG.fuenteRondaDrand,
    path: ['ronda'],
  });

/** Where the public value comes from and in which form (`POST /api/sorteo/start`'s `fuenteValorPublico`). */
export const ZFuenteValorPublico = z.discriminatedUnion('tipo', [ZFuenteDados, ZFuenteLoteria, ZFuenteDrand], {
  error: SORTEO_MSG.fuenteTipo,
});
export type TFuenteValorPublico = z.infer<typeof ZFuenteValorPublico>;
export type TFuenteDados = z.infer<typeof ZFuenteDados>;
export type TFuenteLoteria = z.infer<typeof ZFuenteLoteria>;
export type TFuenteDrand = z.infer<typeof ZFuenteDrand>;

export const FUENTE_VALOR_PUBLICO_LABELS = {
  tipo: 'Fuente del valor público',
  cantidad: 'Cantidad',
  sorteo: 'Sorteo de lotería',
  cifras: 'Cifras de cada número',
  cadena: 'Cadena de drand',
  despuesDe: 'Primera ronda después de',
  ronda: 'Ronda de drand',
};
export const TIPO_FUENTE_VALOR_PUBLICO_LABELS: Record<TTipoFuenteValorPublico, string> = {
  dados: 'Dados',
  loteria: 'Lotería',
  drand: 'drand (quicknet)',
};

/**
 * The drand source a start declares: the first round after `despuesDe` (default: the start itself).
 */
export function fuenteDrand(despuesDe: string): TFuenteDrand {
  return { tipo: 'drand', cadena: DRAND_QUICKNET.chainHash, despuesDe, ronda: rondaDespuesDe(despuesDe) };
}

/**
 * What a start must also check, knowing its instant `inicio` (ISO-8601): a drand round known before the
 * commitment could be chosen, and one far away would leave the raffle waiting. Null when acceptable.
 */
export function fuenteErrorAlIniciar(fuente: TFuenteValorPublico, inicio: string): string | null {
  if (fuente.tipo !== 'drand') return null;
  const despuesDe = Date.parse(fuente.despuesDe);
  const desde = Date.parse(inicio);
  if (despuesDe < desde) return SORTEO_MSG.fuenteDrandAntesDelInicio;
  if (despuesDe - desde > DRAND_ESPERA_MAX_HORAS * 3_600_000) {
    return SORTEO_MSG.fuenteDrandMuyLejos(DRAND_ESPERA_MAX_HORAS);
  }
  return null;
}

/** The declared source in words, for the board, the public status and the participant list PDF. */
export function describirFuente(fuente: TFuenteValorPublico): string {
  switch (fuente.tipo) {
    case 'dados':
      return SORTEO_MSG.fuenteDados(fuente.cantidad);
    case 'loteria':
      return SORTEO_MSG.fuenteLoteria(fuente.cantidad, fuente.cifras, fuente.sorteo);
    case 'drand':
      return SORTEO_MSG.fuenteDrand(fuente.ronda, fechaHoraTexto(fuente.despuesDe));
  }
}

/** How the value must be typed: the hint under the field, and the end of every refusal. */
export function formaDelValor(fuente: TFuenteValorPublico): string {
  switch (fuente.tipo) {
    case 'dados':
      return SORTEO_MSG.formaDados(fuente.cantidad);
    case 'loteria':
      return SORTEO_MSG.formaLoteria(fuente.cantidad, fuente.cifras);
    case 'drand':
      return SORTEO_MSG.formaDrand(fuente.ronda);
  }
}
