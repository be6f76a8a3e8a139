import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { ZLista, ZResultado, ZSexoSorteo, ZSorteoStage } from './schemas.ts';
import { ZSorteoDelCiclo, ZValorIngresado } from './acta-schema.ts';
import { FUENTE_VALOR_PUBLICO_LABELS, ZFuenteValorPublico } from './fuente-valor-publico.ts';
import { ZParticipantePublico } from './lista-publica.ts';

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

/** What the public board may show once the raffle is closed: the seed (and the list's salt) are revealed. */
export const ZSorteoRevelado = z.object({
  id: z.string(),
  archivadoEn: z.string(),
  estado: z.enum(['finalizado', 'anulado']),
  motivoAnulacion: z.string().nullable(),
  compromiso: z.string(),
  semilla: z.string(),
  sal: z.string().nullable(),
  valorPublico: z.string(),
  valorPublicoOrigen: z.string(),
  /** The source declared at start and every value entered, corrections included (0027); null/empty before it. */
  fuenteValorPublico: ZFuenteValorPublico.nullable(),
  fuenteDescripcion: z.string().nullable(),
  valoresIngresados: z.array(ZValorIngresado),
  /** The hash the board showed: the public list's (lista-publica.ts); the full list's before 0013. */
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
  /** SHA-256 of the public participant list (GET /api/sorteo/participantes-publicos). */
  participantesHash: z.string().nullable(),
  valorPublico: z.string().nullable(),
  /** Where the public value came from ("dados lanzados por la escribana"). */
  valorPublicoOrigen: z.string().nullable(),
  /** The public value may still be entered (before the first draw). */
  valorPublicoAbierto: z.boolean(),
  /** The source declared at start (0027), in words too; null before any raffle and for older raffles. */
  fuenteValorPublico: ZFuenteValorPublico.nullable(),
  fuenteDescripcion: z.string().nullable(),
  /** The form the value must be typed in (the hint under the field); null when no source is declared. */
  formaValor: z.string().nullable(),
  /** Every value entered with its time and who entered it, corrections included (0027). */
  valoresIngresados: z.array(ZValorIngresado),
  sorteosArchivados: count,
  ultimoArchivado: ZSorteoRevelado.nullable(),
  /** The current cycle's raffles, annulled ones with their reason. */
  sorteosDelCiclo: z.array(ZSorteoDelCiclo),
  /** The finalised raffle whose results the board keeps showing while no raffle is active. */
  resultadosDe: z.string().nullable(),
  /**
   * The audit chain's entry of the shown raffle's latest step (start, public value, end): whoever keeps it can
   * later run `npm run auditoria:verificar -- --ancla SEQ:HASH`, which fails if anything before it was removed
   * or rewritten (docs/decisions/0020). Null before any raffle.
   */
  ancla: z.object({ seq: z.number().int().positive(), hash: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
});
export type TSorteoStatus = z.infer<typeof ZSorteoStatus>;

/**
 * POST /api/sorteo/start: every field optional (SPEC 7 sends no body) except the public value's source, which
 * must be declared before any value exists (docs/decisions/0027).
 */
export const ZSorteoStartBody = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    fuenteValorPublico: ZFuenteValorPublico,
    plazasNenas: z.number().int().min(0).max(1000).optional(),
    plazasVarones: z.number().int().min(0).max(1000).optional(),
    confirmarNuevo: z.boolean().optional(),
    /** Starts even with possible duplicates open; kept in the acta and the audit trail. */
    motivoDuplicados: safeText('Motivo para iniciar con posibles duplicados')
      .min(1, { error: 'El motivo para iniciar con posibles duplicados no puede estar vacío' })
      .max(500, { error: 'El motivo para iniciar con posibles duplicados puede tener como máximo 500 caracteres' })
      .optional(),
  }),
);
export const START_LABELS = {
  fuenteValorPublico: FUENTE_VALOR_PUBLICO_LABELS.tipo,
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
  origen: safeText('Origen del valor público', { error: 'El origen del valor público debe ser un texto' })
    .min(1, { error: 'Indicá de dónde salió el valor público' })
    .max(300, { error: 'El origen del valor público puede tener como máximo 300 caracteres' }),
});
export const VALOR_PUBLICO_LABELS = { valor: 'Valor público', origen: 'Origen del valor público' };

/**
 * POST /api/sorteo/end. Before the last draw `motivo` is required (the raffle is annulled); at the end the
 * names of the notary and the witnesses go into the acta.
 */
export const ZSorteoEndBody = z.preprocess(
  (v) => v ?? {},
  z.strictObject({
    motivo: safeText('Motivo de la anulación')
      .min(1, { error: 'El motivo de la anulación no puede estar vacío' })
      .max(500, { error: 'El motivo de la anulación puede tener como máximo 500 caracteres' })
      .optional(),
    escuela: safeText('Escuela')
      .max(200, { error: 'El nombre de la escuela puede tener como máximo 200 caracteres' })
      .optional(),
    escribano: safeText('Escribano/a')
      .max(120, { error: 'El nombre puede tener como máximo 120 caracteres' })
      .optional(),
    testigos: z
      .array(safeText('Testigo').min(1).max(120, { error: 'El nombre puede tener como máximo 120 caracteres' }))
      .max(6, { error: 'Como máximo seis testigos' })
      .optional(),
  }),
);
export type TSorteoEndBody = z.infer<typeof ZSorteoEndBody>;
export const END_LABELS = {
  motivo: 'Motivo de la anulación',
  escuela: 'Escuela',
  escribano: 'Escribano/a',
  testigos: 'Testigos',
};

/** GET /api/sorteo/participantes-publicos (no login): the frozen list, in the order whose hash the board shows. */
export const ZParticipantesPublicos = z.object({
  /** Where its JSON Schema is served (esquemas-publicos.ts). */
  $schema: z.string().optional(),
  hash: z.string(),
  participantes: z.array(ZParticipantePublico),
});
export type TParticipantesPublicos = z.infer<typeof ZParticipantesPublicos>;

/** GET /api/sorteo/preflight (administrador): who takes part if the raffle starts now, and who not and why. */
export const ZPreflight = z.object({
  estadisticas: ZEstadisticas,
  unidades: count,
  /** Finalised once, pendiente now: they do not take part. */
  desfinalizados: z.array(
    z.object({
      inscriptoId: z.string(),
      numeroInscripcion: z.number().int().nullable(),
      nombreCompleto: z.string(),
      modificadoPor: z.string(),
      modificadoEn: z.string(),
    }),
  ),
  /** Never finalised. */
  pendientes: count,
  /** Siblings listed in section 9 without an enrolment of their own: they take part in their sibling's unit. */
  hermanosSinInscripcion: z.array(
    z.object({ numeroInscripcion: z.number().int(), nombreCompleto: z.string(), deQuien: z.string() }),
  ),
  duplicadosAbiertos: count,
});
export type TPreflight = z.infer<typeof ZPreflight>;

/** Where each child of the drawn unit goes (administrador only: POST next is). */
export const ZAsignacionApi = z.object({
  nombreCompleto: z.string(),
  sexo: ZSexoSorteo,
  lista: ZLista,
  resultado: ZResultado,
  posicion: z.number().int().positive(),
});

/** POST /api/sorteo/next. participante null when every draw is confirmed. */
export const ZSorteoNext = z.object({
  participante: ZSorteoParticipante.nullable(),
  stage: ZSorteoStage.nullable(),
  index: count,
  total: count,
  resultado: ZResultado.nullable(),
  asignaciones: z.array(ZAsignacionApi),
});
export type TSorteoNext = z.infer<typeof ZSorteoNext>;

/** POST /api/sorteo/confirm: the participant as POST next returned it (only its number is read). */
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
  estado: z.enum(['finalizado', 'anulado']),
  motivoAnulacion: z.string().nullable(),
});
export const ZActaIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador no es válido' }) });
