import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { ZLista, ZResultado, ZSexoSorteo, ZSorteoStage } from './schemas.ts';

/**
 * Shapes of the raffle API (SPEC 3 "Raffle entities", SPEC 7 "Raffle"), plus the fields this product adds
 * (docs/decisions/0008). Fields marked "administrador" are present only when the request carries an
 * administrator's session.
 */

const ZSexoLista = z.enum(['F', 'M']);
const count = z.number().int().min(0);
const ZPlazasApi = z.object({ nenas: count, varones: count });

/** SPEC 3 Participant: one child, or a sibling group (esGrupo, grupo lists every sibling). */
export const ZSorteoParticipante = z.object({
  numeroInscripcion: z.number().int(),
  nombreCompleto: z.string(),
  sexo: ZSexoLista,
  esGrupo: z.boolean(),
  grupo: z.array(z.object({ nombreCompleto: z.string(), sexo: ZSexoLista })),
});
export type TSorteoParticipante = z.infer<typeof ZSorteoParticipante>;

export const ZEstadisticas = z.object({
  gruposHermanos: count,
  hermanosPrimaria: count,
  comunes: count,
  total: count,
});

/** What the public board may show once the raffle is archived: the seed is revealed. */
export const ZSorteoRevelado = z.object({
  id: z.string(),
  archivadoEn: z.string(),
  compromiso: z.string(),
  semilla: z.string(),
  valorPublico: z.string(),
  participantesHash: z.string(),
});

/** GET /api/sorteo/status: SPEC 3 Status plus the commitment and what the board needs. */
export const ZSorteoStatus = z.object({
  isActive: z.boolean(),
  currentStage: ZSorteoStage.nullable(),
  currentIndex: count,
  selectedCount: count,
  suplentesCount: count,
  id: z.string().nullable(),
  /** Every draw confirmed: the screen shows "Sorteo Completado". */
  completado: z.boolean(),
  /** Draws in this raffle (units: groups count once). */
  total: count,
  /** Children taking part. */
  participantesTotal: count,
  estadisticas: ZEstadisticas.nullable(),
  plazas: ZPlazasApi,
  anio: z.number().int(),
  iniciadoEn: z.string().nullable(),
  compromiso: z.string().nullable(),
  participantesHash: z.string().nullable(),
  valorPublico: z.string().nullable(),
  /** The public value may still be entered (before the first draw). */
  valorPublicoAbierto: z.boolean(),
  soloIniciales: z.boolean(),
  sorteosArchivados: count,
  ultimoArchivado: ZSorteoRevelado.nullable(),
});
export type TSorteoStatus = z.infer<typeof ZSorteoStatus>;

/** POST /api/sorteo/start: every field optional (SPEC 7 sends no body). */
export const ZSorteoStartBody = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    plazasNenas: z.number().int().min(0).max(1000).optional(),
    plazasVarones: z.number().int().min(0).max(1000).optional(),
    confirmarNuevo: z.boolean().optional(),
    /** Starts even with possible duplicates open (issue 24); kept in the acta and the audit trail. */
    motivoDuplicados: safeText('Motivo para iniciar con posibles duplicados')
      .min(1, { error: 'El motivo para iniciar con posibles duplicados no puede estar vacío' })
      .max(500, { error: 'El motivo para iniciar con posibles duplicados puede tener como máximo 500 caracteres' })
      .optional(),
  }),
);
export const START_LABELS = {
  plazasNenas: 'Plazas para nenas',
  plazasVarones: 'Plazas para varones',
  confirmarNuevo: 'Confirmar sorteo nuevo',
  motivoDuplicados: 'Motivo para iniciar con posibles duplicados',
};

export const ZSorteoStartResponse = z.object({
  estadisticas: ZEstadisticas,
  id: z.string(),
  plazas: ZPlazasApi,
  compromiso: z.string(),
  participantesHash: z.string(),
  total: count,
});

export const ZValorPublicoBody = z.strictObject({
  valor: safeText('Valor público', { error: 'El valor público debe ser un texto' })
    .min(1, { error: 'El valor público es obligatorio' })
    .max(200, { error: 'El valor público puede tener como máximo 200 caracteres' }),
});
export const VALOR_PUBLICO_LABELS = { valor: 'Valor público' };

/** Where each child of the drawn unit goes (administrador only: GET next is). */
export const ZAsignacionApi = z.object({
  nombreCompleto: z.string(),
  sexo: ZSexoSorteo,
  lista: ZLista,
  resultado: ZResultado,
  posicion: z.number().int().positive(),
});

/** GET /api/sorteo/next. participante null when every draw is confirmed. */
export const ZSorteoNext = z.object({
  participante: ZSorteoParticipante.nullable(),
  stage: ZSorteoStage.nullable(),
  index: count,
  total: count,
  resultado: ZResultado.nullable(),
  asignaciones: z.array(ZAsignacionApi),
});
export type TSorteoNext = z.infer<typeof ZSorteoNext>;

/** POST /api/sorteo/confirm: the participant as GET next returned it (only its number is read). */
export const ZSorteoConfirmBody = z.strictObject({
  participante: z.object({ numeroInscripcion: z.number().int().positive() }),
  index: z.number().int().min(0).optional(),
});
export const CONFIRM_LABELS = { participante: 'Participante', index: 'Índice' };

export const ZSorteoConfirmResponse = z.object({
  selectedCount: count,
  suplentesCount: count,
  /** Draws confirmed after this one. */
  currentIndex: count,
  /** This draw had already been confirmed (double click, another browser): nothing changed. */
  duplicado: z.boolean(),
  completado: z.boolean(),
});

export const ZSorteoEndResponse = z.object({ message: z.string(), actaId: z.string().nullable() });

/** One line of a board list: a child, with the unit it was drawn in. */
export const ZSorteoLinea = ZSorteoParticipante.extend({
  index: count,
  lista: ZLista,
  resultado: ZResultado,
  /** administrador only. */
  etapa: ZSorteoStage.optional(),
  /** administrador only: position in its list (the public lists are already in this order). */
  posicion: z.number().int().positive().optional(),
});
export type TSorteoLinea = z.infer<typeof ZSorteoLinea>;

export const ZSorteoSorteado = z.object({
  index: count,
  resultado: ZResultado,
  participante: ZSorteoParticipante,
  etapa: ZSorteoStage.optional(),
});

/** GET /api/sorteo/participants: SPEC 3 Participants response, plus titulares split by list. */
export const ZSorteoParticipants = z.object({
  principales: z.array(ZSorteoLinea),
  titulares: z.object({ nenas: z.array(ZSorteoLinea), varones: z.array(ZSorteoLinea) }),
  suplentes: z.object({ varones: z.array(ZSorteoLinea), nenas: z.array(ZSorteoLinea) }),
  totales: z.object({ principales: count, suplentes: count, total: count }),
  /** The confirmed draws in order. */
  participantes: z.array(ZSorteoSorteado),
});
export type TSorteoParticipants = z.infer<typeof ZSorteoParticipants>;

/** Each server-sent event `tablero` of GET /api/sorteo/eventos carries this. */
export const ZSorteoTablero = z.object({ status: ZSorteoStatus, participants: ZSorteoParticipants });
export type TSorteoTablero = z.infer<typeof ZSorteoTablero>;

export const ZActaResumen = z.object({
  id: z.string(),
  anio: z.number().int(),
  iniciadoEn: z.string(),
  archivadoEn: z.string(),
  operador: z.string(),
  plazas: ZPlazasApi,
  titulares: count,
  suplentes: count,
  sorteosConfirmados: count,
  totalSorteos: count,
  completo: z.boolean(),
});
export const ZActaIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });
