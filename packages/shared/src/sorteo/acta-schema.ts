import { z } from '../zod-es.ts';
import { ZPlazas, ZSorteoDraw, ZSorteoStage, ZUnidad } from './schemas.ts';
import { ZParticipantePublico } from './lista-publica.ts';
import { ZFuenteValorPublico } from './fuente-valor-publico.ts';

/**
 * The JSON acta of an archived raffle: everything `npm run sorteo:verificar` needs to replay it (the frozen
 * units, the places, the seed and the public value, the results), plus the lists as printed.
 */
export const ACTA_FORMATO = 'inscripciones-sorteo-acta-v2';
/** Actas of raffles closed before 0013 (no public list, no reveals): still verifiable. */
export const ACTA_FORMATO_V1 = 'inscripciones-sorteo-acta-v1';
export const ACTA_PUBLICA_FORMATO = 'inscripciones-sorteo-acta-publica-v1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
/** The audit chain's entry of the raffle's close (docs/decisions/0020, "El ancla"). */
export const ZAncla = z.strictObject({ seq: z.number().int().positive(), hash: hex64 });
export const ZEstadoCierre = z.enum(['finalizado', 'anulado']);

/** Every raffle of the cycle up to this one, annulled ones with their reason. */
export const ZSorteoDelCiclo = z.strictObject({
  id: z.string(),
  estado: z.enum(['activo', 'finalizado', 'anulado']),
  iniciadoEn: z.string(),
  cerradoEn: z.string().nullable(),
  compromiso: hex64,
  listaPublicaHash: hex64.nullable(),
  motivoAnulacion: z.string().nullable(),
  sorteosConfirmados: z.number().int().min(0),
  totalSorteos: z.number().int().min(0),
});
export type TSorteoDelCiclo = z.infer<typeof ZSorteoDelCiclo>;

/** Someone looked at a draw before it was confirmed (POST /api/sorteo/next). */
export const ZRevelacion = z.strictObject({
  sorteo: z.number().int().positive(),
  usuario: z.string(),
  nombre: z.string(),
  fecha: z.string(),
});
export type TRevelacion = z.infer<typeof ZRevelacion>;

/**
 * One public value entered (docs/decisions/0027): as typed, its canonical form, when and by whom. Every entry
 * is kept, corrections included; the last one before the first draw is the one the draw used.
 */
export const ZValorIngresado = z.strictObject({
  valor: z.string(),
  canonico: z.string(),
  origen: z.string(),
  en: z.string(),
  usuario: z.string(),
});
export type TValorIngresado = z.infer<typeof ZValorIngresado>;

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
  formato: z.enum([ACTA_FORMATO, ACTA_FORMATO_V1]),
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
  /** Why the raffle started with possible duplicates open; absent when none were open. */
  motivoDuplicados: z.string().optional(),
  participantes: z.array(ZUnidad),
  totalSorteos: z.number().int().min(0),
  sorteosConfirmados: z.number().int().min(0),
  completo: z.boolean(),
  resultados: z.array(ZSorteoDraw),
  titulares: ZListasActa,
  suplentes: ZListasActa,
  // v2: absent in v1 actas.
  estado: ZEstadoCierre.optional(),
  motivoAnulacion: z.string().optional(),
  valorPublicoOrigen: z.string().optional(),
  /** The salt of the public list's per-child hashes, and that list's hash (the one the board showed). */
  sal: hex64.optional(),
  listaPublicaHash: hex64.optional(),
  escuela: z.string().optional(),
  lugar: z.string().optional(),
  escribano: z.string().optional(),
  testigos: z.array(z.string()).optional(),
  revelaciones: z.array(ZRevelacion).optional(),
  sorteosDelCiclo: z.array(ZSorteoDelCiclo).optional(),
  /** When the children not admitted were reduced to initials and huella (docs/decisions/0024). */
  anonimizadoEn: z.string().optional(),
  /** The audit entry of the close: `auditoria:verificar --ancla`; absent in older actas. */
  ancla: ZAncla.optional(),
  /** The source declared at start and every value entered (0027); absent in actas of older raffles. */
  fuenteValorPublico: ZFuenteValorPublico.optional(),
  valoresIngresados: z.array(ZValorIngresado).optional(),
});
export type TActa = z.infer<typeof ZActa>;

const ZLineaPublica = z.strictObject({
  posicion: z.number().int().positive(),
  numeroInscripcion: z.number().int(),
  iniciales: z.string(),
  etapa: ZSorteoStage,
  sorteo: z.number().int().positive(),
});
export type TLineaPublica = z.infer<typeof ZLineaPublica>;
const ZListasPublicas = z.strictObject({ nenas: z.array(ZLineaPublica), varones: z.array(ZLineaPublica) });

/**
 * GET /api/sorteo/actas/{id}/acta-publica.json (no login): everything a replay needs, no CI and no full name.
 * `listaPublicaHash` is the hash the board showed from the start; `sal` lets a family check its child's huella.
 */
export const ZActaPublica = z.strictObject({
  /** Where its JSON Schema is served (esquemas-publicos.ts); absent in older actas. */
  $schema: z.string().optional(),
  formato: z.literal(ACTA_PUBLICA_FORMATO),
  id: z.string(),
  anio: z.number().int(),
  estado: ZEstadoCierre,
  motivoAnulacion: z.string().nullable(),
  iniciadoEn: z.string(),
  cerradoEn: z.string(),
  plazas: ZPlazas,
  listaPublicaHash: hex64,
  compromiso: hex64,
  semilla: hex64,
  sal: hex64,
  valorPublico: z.string(),
  valorPublicoOrigen: z.string(),
  funcion: z.string(),
  participantes: z.array(ZParticipantePublico),
  totalSorteos: z.number().int().min(0),
  sorteosConfirmados: z.number().int().min(0),
  completo: z.boolean(),
  resultados: z.array(ZSorteoDraw),
  titulares: ZListasPublicas,
  suplentes: ZListasPublicas,
  revelaciones: z.array(ZRevelacion),
  sorteosDelCiclo: z.array(ZSorteoDelCiclo),
  ancla: ZAncla.optional(),
  fuenteValorPublico: ZFuenteValorPublico.optional(),
  valoresIngresados: z.array(ZValorIngresado).optional(),
});
export type TActaPublica = z.infer<typeof ZActaPublica>;
