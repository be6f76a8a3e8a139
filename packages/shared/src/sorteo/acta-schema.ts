import { z } from '../zod-es.ts';
import { ZPlazas, ZSorteoDraw, ZSorteoStage, ZUnidad } from './schemas.ts';

/**
 * The JSON acta of an archived raffle: everything `npm run sorteo:verificar` needs to replay it (the frozen
 * units, the places, the seed and the public value, the results), plus the lists as printed.
 */
export const ACTA_FORMATO = 'inscripciones-sorteo-acta-v1';

const ZPersona = z.strictObject({ usuario: z.string(), nombre: z.string() });

export const ZActaLinea = z.strictObject({
  posicion: z.number().int().positive(),
  numeroInscripcion: z.number().int(),
  nombreCompleto: z.string(),
  etapa: ZSorteoStage,
  sorteo: z.number().int().positive(),
});
export type TActaLinea = z.infer<typeof ZActaLinea>;

const ZListasActa = z.strictObject({ nenas: z.array(ZActaLinea), varones: z.array(ZActaLinea) });

export const ZActa = z.strictObject({
  formato: z.literal(ACTA_FORMATO),
  id: z.string(),
  anio: z.number().int(),
  iniciadoEn: z.string(),
  archivadoEn: z.string(),
  operador: ZPersona,
  finalizadoPor: ZPersona,
  plazas: ZPlazas,
  participantesHash: z.string().regex(/^[0-9a-f]{64}$/),
  compromiso: z.string().regex(/^[0-9a-f]{64}$/),
  semilla: z.string().regex(/^[0-9a-f]{64}$/),
  valorPublico: z.string(),
  funcion: z.string(),
  /** Why the raffle started with possible duplicates open (issue 24); absent when none were open. */
  motivoDuplicados: z.string().optional(),
  participantes: z.array(ZUnidad),
  totalSorteos: z.number().int().min(0),
  sorteosConfirmados: z.number().int().min(0),
  completo: z.boolean(),
  resultados: z.array(ZSorteoDraw),
  titulares: ZListasActa,
  suplentes: ZListasActa,
});
export type TActa = z.infer<typeof ZActa>;
