import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { ZLista } from '../sorteo/schemas.ts';

/**
 * Shapes of the places API after the raffle (docs/decisions/0015): the state per list, each child's
 * offer, the suplentes queue, each child's history, and the answer staff record. Offers are per child: a
 * sibling group's children share one offer time and deadline, and answer as a unit unless `individual`.
 */

const count = z.number().int().min(0);

export const ESTADOS_PLAZA = ['ofrecida', 'aceptada', 'rechazada', 'vencida'] as const;
export const ZEstadoPlaza = z.enum(ESTADOS_PLAZA);
export type TEstadoPlaza = z.infer<typeof ZEstadoPlaza>;

export const ZResumenLista = z.object({ plazas: count, aceptadas: count, ofrecidas: count, libres: count });
export type TResumenListaApi = z.infer<typeof ZResumenLista>;

export const ZPlazaOferta = z.object({
  /** The offer's id (UUIDv7): POST /api/plazas/{id}/respuesta. */
  id: z.string(),
  numeroInscripcion: z.number().int(),
  /** The child's index in the sibling group (0 for a lone child). */
  miembro: count,
  nombreCompleto: z.string(),
  lista: ZLista,
  estado: ZEstadoPlaza,
  /** `titular` from the raffle; `suplente` for a place passed on by the roll-up. */
  origen: z.enum(['titular', 'suplente']),
  ofrecidaEn: z.string(),
  vence: z.string(),
  /** Children of the same group (same number), 1 for a lone child. */
  integrantes: z.number().int().positive(),
});
export type TPlazaOferta = z.infer<typeof ZPlazaOferta>;

export const ZEnCola = z.object({
  numeroInscripcion: z.number().int(),
  miembro: count,
  nombreCompleto: z.string(),
  posicionPublicada: z.number().int().positive(),
  posicionActual: z.number().int().positive(),
});
export type TEnColaApi = z.infer<typeof ZEnCola>;

export const CAUSAS_CAMBIO = ['sorteo', 'corrimiento', 'respuesta', 'plazo'] as const;
export const ZCambio = z.object({
  en: z.string(),
  numeroInscripcion: z.number().int(),
  miembro: count,
  nombreCompleto: z.string(),
  lista: ZLista,
  estado: ZEstadoPlaza,
  causa: z.enum(CAUSAS_CAMBIO),
  motivo: z.string().optional(),
  /** Who recorded the answer (causa `respuesta`): name and user, as the adenda prints them. */
  registradoPor: z.string().optional(),
  registradoPorUsuario: z.string().optional(),
});
export type TCambio = z.infer<typeof ZCambio>;

/** A cycle the Plazas screen can show; `abierta`: its season still has open offers or suplentes waiting. */
export const ZPlazasCiclo = z.object({
  id: z.string(),
  nombre: z.string(),
  actual: z.boolean(),
  abierta: z.boolean(),
});
export type TPlazasCiclo = z.infer<typeof ZPlazasCiclo>;

/** `?ciclo=<id>`: the season of that cycle; without it, the one still open (the current cycle's first). */
export const ZPlazasQuery = z.strictObject({ ciclo: z.uuid({ error: 'El ciclo no es válido' }).optional() });

/**
 * GET /api/plazas. `sorteo` null while the cycle shown has no finished raffle (everything else empty);
 * its `plazoDias` is what an offer made now gets (the cycle's setting may change during the season).
 */
export const ZPlazasEstado = z.object({
  /** The cycle shown, and every cycle the selector offers (newest first). */
  ciclo: ZPlazasCiclo,
  ciclos: z.array(ZPlazasCiclo),
  sorteo: z
    .object({ id: z.string(), anio: z.number().int(), publicadoEn: z.string(), plazoDias: z.number().int() })
    .nullable(),
  /** When the state was computed (the server's clock). */
  en: z.string(),
  listas: z.object({ nenas: ZResumenLista, varones: ZResumenLista }),
  ofertas: z.array(ZPlazaOferta),
  cola: z.object({ nenas: z.array(ZEnCola), varones: z.array(ZEnCola) }),
  historial: z.array(ZCambio),
});
export type TPlazasEstado = z.infer<typeof ZPlazasEstado>;

export const MOTIVO_MAX = 500;

/** POST /api/plazas/{id}/respuesta. */
export const ZRespuestaBody = z.strictObject({
  respuesta: z.enum(['aceptada', 'rechazada'], { error: 'La respuesta debe ser «aceptada» o «rechazada»' }),
  motivo: safeText('Motivo')
    .min(1, { error: 'El motivo no puede estar vacío' })
    .max(MOTIVO_MAX, { error: `El motivo puede tener como máximo ${MOTIVO_MAX} caracteres` })
    .optional(),
  /** This child alone, not the whole sibling group (decision 0015). */
  individual: z.boolean().optional(),
  /** Changes an answer already recorded: needs a reason; without it a different answer is a conflict. */
  correccion: z.boolean().optional(),
});
export type TRespuestaBody = z.infer<typeof ZRespuestaBody>;
export const RESPUESTA_LABELS = {
  respuesta: 'Respuesta',
  motivo: 'Motivo',
  individual: 'Solo este niño o niña',
  correccion: 'Corrección',
};

/** A place passed on by an answer: the child offered it, and until when. */
export const ZPasoA = z.object({
  numeroInscripcion: z.number().int(),
  miembro: count,
  nombreCompleto: z.string(),
  lista: ZLista,
  vence: z.string(),
});
export type TPasoA = z.infer<typeof ZPasoA>;

export const ZRespuestaResponse = ZPlazaOferta.extend({
  /** The same answer was already recorded: nothing changed. */
  repetida: z.boolean(),
  /** The offers this answer caused (the roll-up passed the freed places on); empty when none. */
  pasoA: z.array(ZPasoA),
});
export type TRespuestaResponse = z.infer<typeof ZRespuestaResponse>;

/**
 * PUT /api/plazas/{id}/plazo: an administrator gives one open offer a new deadline (more time for a family, or
 * an earlier one), with the reason; recorded in the log and the public register.
 */
export const ZPlazoBody = z.strictObject({
  vence: z.iso.datetime({ offset: true, error: 'El nuevo plazo debe ser una fecha y hora válida' }),
  motivo: safeText('Motivo')
    .min(1, { error: 'Escribí el motivo del cambio de plazo' })
    .max(MOTIVO_MAX, { error: `El motivo puede tener como máximo ${MOTIVO_MAX} caracteres` }),
});
export type TPlazoBody = z.infer<typeof ZPlazoBody>;
export const PLAZO_LABELS = { vence: 'Nuevo plazo', motivo: 'Motivo' };

export const ZOfertaIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador de la oferta no es válido' }) });

/**
 * One offer's history on the public board: when it was made, and when and how it ended
 * (`respuesta` recorded by staff, or `plazo` when nobody answered by the deadline); null while it is open.
 */
export const ZOfertaPublica = z.object({
  numeroInscripcion: z.number().int(),
  iniciales: z.string(),
  lista: ZLista,
  origen: z.enum(['titular', 'suplente']),
  ofrecidaEn: z.string(),
  vence: z.string(),
  estado: ZEstadoPlaza,
  respondida: z
    .object({
      en: z.string(),
      estado: z.enum(['aceptada', 'rechazada', 'vencida']),
      causa: z.enum(['respuesta', 'plazo']),
    })
    .nullable(),
});
export type TOfertaPublica = z.infer<typeof ZOfertaPublica>;

/** The public board after the raffle: who holds a place, who accepted, the queue, and the free places. */
export const ZPlazasTablero = z.object({
  activo: z.boolean(),
  anio: z.number().int().nullable(),
  /** The raffle whose season this is: its public acta and the public register verify the board. */
  sorteoId: z.string().nullable(),
  /** Every offer of the season in the order made, with its history. */
  ofertas: z.array(ZOfertaPublica),
  libres: count,
  listas: z.object({
    nenas: z.object({
      libres: count,
      titulares: z.array(
        z.object({ numeroInscripcion: z.number().int(), nombreCompleto: z.string(), estado: ZEstadoPlaza }),
      ),
      suplentes: z.array(
        z.object({ numeroInscripcion: z.number().int(), nombreCompleto: z.string(), posicion: count }),
      ),
    }),
    varones: z.object({
      libres: count,
      titulares: z.array(
        z.object({ numeroInscripcion: z.number().int(), nombreCompleto: z.string(), estado: ZEstadoPlaza }),
      ),
      suplentes: z.array(
        z.object({ numeroInscripcion: z.number().int(), nombreCompleto: z.string(), posicion: count }),
      ),
    }),
  }),
});
export type TPlazasTablero = z.infer<typeof ZPlazasTablero>;
