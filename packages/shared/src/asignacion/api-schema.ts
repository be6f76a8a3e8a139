import { z } from '../zod-es.ts';
import { ZFuenteValorPublico } from '../sorteo/fuente-valor-publico.ts';
import { MAX_PREFERENCIAS_TOPE } from '../escuelas/preferencias.ts';
import { ZEspera } from './schemas.ts';

/**
 * The server's endpoints of the network's assignment (docs/decisions/0039): each year's mode, the network
 * raffle (/api/red/sorteo/*) and the assignment (/api/asignacion). Shared with the web.
 */

/** 'escuela': each school raffles its own places (today's behaviour); 'red': one network assignment. */
export const MODOS_CICLO = ['escuela', 'red'] as const;
export const ZModoCiclo = z.enum(MODOS_CICLO, { error: 'El modo debe ser escuela o red' });
export type TModoCiclo = z.infer<typeof ZModoCiclo>;

const ZAnio = z
  .number({ error: 'El año debe ser un número' })
  .int({ error: 'El año debe ser un número entero' })
  .min(2000, { error: 'El año debe ser de 2000 a 2100' })
  .max(2100, { error: 'El año debe ser de 2000 a 2100' });

export const ZAnioParams = z.strictObject({ anio: z.coerce.number().pipe(ZAnio) });
export const ZAnioQuery = z.strictObject({ anio: z.coerce.number().pipe(ZAnio).optional() });

/** GET /api/red/asignacion/ciclos: one line per year the network decided (no line: 'escuela', N = 5). */
export const ZRedCiclo = z.object({
  anio: z.number().int(),
  modo: ZModoCiclo,
  maxPreferencias: z.number().int(),
  actualizadoEn: z.string(),
  actualizadoPor: z.string(),
});
export type TRedCiclo = z.infer<typeof ZRedCiclo>;
export const ZRedCiclos = z.object({ ciclos: z.array(ZRedCiclo) });

/** PUT /api/red/asignacion/ciclos/{anio}. */
export const ZRedCicloGuardar = z.strictObject({
  modo: ZModoCiclo,
  maxPreferencias: z
    .number({ error: 'La cantidad de escuelas a elegir debe ser un número' })
    .int({ error: 'La cantidad de escuelas a elegir debe ser un número entero' })
    .min(1, { error: 'La cantidad de escuelas a elegir debe ser al menos 1' })
    .max(MAX_PREFERENCIAS_TOPE, {
      error: `La cantidad de escuelas a elegir puede ser como máximo ${MAX_PREFERENCIAS_TOPE}`,
    })
    .optional(),
});
export type TRedCicloGuardar = z.infer<typeof ZRedCicloGuardar>;

/** POST /api/red/sorteo/start: the year, and the public value's source declared before any value exists (0027). */
export const ZRedSorteoStart = z.strictObject({ anio: ZAnio, fuenteValorPublico: ZFuenteValorPublico });
export type TRedSorteoStart = z.infer<typeof ZRedSorteoStart>;

/** GET /api/red/sorteo (and every step's answer): the network raffle as the room sees it. */
export const ZRedSorteoEstado = z.object({
  id: z.string(),
  anio: z.number().int(),
  estado: z.enum(['activo', 'terminado']),
  creadoEn: z.string(),
  operador: z.string(),
  /** Applications frozen, schools, children. */
  total: z.number().int(),
  escuelas: z.number().int(),
  ninos: z.number().int(),
  listaHash: z.string(),
  compromiso: z.string(),
  fuenteValorPublico: ZFuenteValorPublico,
  valorPublico: z.string().nullable(),
  valorPublicoOrigen: z.string().nullable(),
  /** The first `confirmados` positions, read aloud: the application with azar 1, 2, … */
  confirmados: z.number().int(),
  /** Revealed at the end. */
  semilla: z.string().nullable(),
  terminadoEn: z.string().nullable(),
});
export type TRedSorteoEstado = z.infer<typeof ZRedSorteoEstado>;
export const ZRedSorteoEstadoOpcional = z.object({ sorteo: ZRedSorteoEstado.nullable() });

/** POST /api/red/sorteo/next: the next position and its application (its number, initials, choices). */
export const ZRedSorteoNext = z.object({
  azar: z.number().int().nullable(),
  numero: z.number().int().nullable(),
  iniciales: z.array(z.string()),
  preferencias: z.array(z.string()),
  confirmados: z.number().int(),
  total: z.number().int(),
});
export type TRedSorteoNext = z.infer<typeof ZRedSorteoNext>;

/** POST /api/red/sorteo/confirm: the position shown (`azar`), so a double click confirms nothing twice. */
export const ZRedSorteoConfirm = z.strictObject({
  azar: z.number({ error: 'Falta la posición a confirmar' }).int().min(1),
});

/** Days a family has to answer its offer when the network does not say (as a school's cycle, 0014). */
export const PLAZO_DIAS_POR_DEFECTO = 7;

/** POST /api/asignacion. */
export const ZAsignacionCorrer = z.strictObject({
  anio: ZAnio,
  plazoDias: z
    .number({ error: 'Los días para responder deben ser un número' })
    .int({ error: 'Los días para responder deben ser un número entero' })
    .min(1, { error: 'Los días para responder deben ser de 1 a 60' })
    .max(60, { error: 'Los días para responder deben ser de 1 a 60' })
    .optional(),
});
export type TAsignacionCorrer = z.infer<typeof ZAsignacionCorrer>;

/** One application in the staff's view of the result; `numeroInscripcion` only at its own school. */
export const ZAsignacionLinea = z.object({
  numero: z.number().int(),
  azar: z.number().int(),
  escuela: z.string().nullable(),
  espera: z.array(ZEspera),
  preferencias: z.array(z.string()),
  iniciales: z.array(z.string()),
  origen: z.object({ escuela: z.string(), numeroInscripcion: z.number().int().nullable() }),
  /** Where it stands now, after the answers and the roll-up (the result above is the assignment's). */
  actual: z.object({
    escuela: z.string().nullable(),
    estado: z.enum(['pendiente', 'acepta', 'acepta-y-espera', 'espera', 'rechaza', 'vence']),
    vence: z.string().nullable(),
    /** Its waitlist places now, at the schools ranked above the one it holds (as /estado shows the family). */
    espera: z.array(ZEspera),
  }),
});
export type TAsignacionLinea = z.infer<typeof ZAsignacionLinea>;

/** GET /api/asignacion: the network sees every line; a school's account, its school's part. */
export const ZAsignacionVista = z.object({
  anio: z.number().int(),
  asignadoEn: z.string(),
  /** null: the whole network; a code: the school whose part this is. */
  escuela: z.string().nullable(),
  resumen: z.object({ postulaciones: z.number().int(), asignadas: z.number().int(), sinEscuela: z.number().int() }),
  lineas: z.array(ZAsignacionLinea),
});
export type TAsignacionVista = z.infer<typeof ZAsignacionVista>;

/** SAE's three answers (0028); `vence` is the deadline's, never a family's or staff's. */
export const RESPUESTAS_RED = ['acepta', 'acepta-y-espera', 'rechaza'] as const;
export type TRespuestaRed = (typeof RESPUESTAS_RED)[number];

/** POST /api/asignacion/respuesta: staff record a family's answer, at any school of the network. */
export const ZRespuestaRedStaff = z.strictObject({
  anio: ZAnio.optional(),
  /** The application's network number (GET /api/asignacion). */
  numero: z.number({ error: 'Falta el número de la postulación' }).int().positive(),
  respuesta: z.enum(RESPUESTAS_RED, { error: 'Respuesta: elegí «acepta», «acepta-y-espera» o «rechaza»' }),
  /** A child of a group declining alone (its index in member order). */
  miembro: z.number().int().min(0).optional(),
});
export type TRespuestaRedStaff = z.infer<typeof ZRespuestaRedStaff>;

/** The answer as recorded: its place in the public log and where the application stands now. */
export const ZRespuestaRegistrada = z.object({
  anio: z.number().int(),
  seq: z.number().int(),
  hash: z.string(),
  en: z.string(),
  numero: z.number().int(),
  respuesta: z.enum(RESPUESTAS_RED),
  escuela: z.string().nullable(),
  estado: z.string(),
  vence: z.string().nullable(),
});
export type TRespuestaRegistrada = z.infer<typeof ZRespuestaRegistrada>;

export const ASIGNACION_API_MSG = {
  cicloEnRed: (anio: number) =>
    `En ${anio} la red asigna las plazas de todas sus escuelas con un solo sorteo de la red: esta escuela no sortea por su cuenta.`,
  modoCerrado: (anio: number) => `El sorteo de la red de ${anio} ya empezó: el modo del ciclo ya no se puede cambiar.`,
  noEsRed: (anio: number) => `En ${anio} la red no eligió la asignación en red: cada escuela sortea por su cuenta.`,
  sorteoYaExiste: (anio: number) => `El sorteo de la red de ${anio} ya se hizo o está en curso.`,
  sorteoActivoOtro: 'Ya hay un sorteo de la red en curso.',
  sinPostulaciones: (anio: number) =>
    `Ninguna inscripción finalizada de ${anio} eligió escuelas de la red: no hay a quién sortear.`,
  sinSorteo: 'No hay un sorteo de la red en curso.',
  sinValorPublico: 'Ingresá el valor público antes de mostrar el primer número.',
  valorCerrado: 'El valor público ya no se puede cambiar: ya se mostró el primer número.',
  confirmarOtro: (esperado: number) => `La posición a confirmar es la ${esperado}: mostrala primero.`,
  sorteoNoTerminado: (anio: number) => `El sorteo de la red de ${anio} no terminó: la asignación corre después.`,
  yaAsignado: (anio: number) => `La asignación de ${anio} ya se hizo.`,
  sinAsignacion: 'Todavía no hay una asignación de la red.',
  redCambio: 'Las escuelas de la red cambiaron desde que empezó el sorteo: no se puede asignar con la lista congelada.',
  elegirEscuela: 'Tu cuenta es de varias escuelas: indicá de cuál con el parámetro escuela.',
  postulacionDesconocida: (numero: number) => `El N° ${numero} no está en la asignación de la red.`,
  plazoVencido: 'El plazo para responder ya venció. Comunicate con la escuela.',
  otraRespuesta: 'Otra respuesta se registró en el mismo momento: volvé a intentarlo.',
  noEstaEnLaAsignacion: 'Esta inscripción no está en la asignación de la red.',
} as const;

/** GET /api/asignacion/registro-publico.json (no login): the answers and the roll-up's moves, numbers only. */
export const ZRegistroAsignacion = z.object({
  anio: z.number().int(),
  actaId: z.string(),
  publicadoEn: z.string(),
  plazoDias: z.number().int(),
  respuestas: z.array(
    z.object({
      seq: z.number().int(),
      en: z.string(),
      numero: z.number().int(),
      respuesta: z.string(),
      escuela: z.string().nullable(),
      miembro: z.number().int().nullable(),
      canal: z.string().nullable(),
      hash: z.string(),
    }),
  ),
  historial: z.array(
    z.object({
      en: z.string(),
      numero: z.number().int(),
      de: z.string().nullable(),
      a: z.string().nullable(),
      estado: z.string(),
      causa: z.enum(['respuesta', 'corrimiento']),
      evento: z.number().int().optional(),
      miembro: z.number().int().optional(),
    }),
  ),
  escuelas: z.array(z.object({ codigo: z.string(), listas: z.record(z.string(), z.unknown()) })),
});

/** GET /api/asignacion/opciones (no session): what a family may rank, the network's schools and its N for a year. */
export const ZOpcionesRed = z.object({
  anio: z.number().int(),
  maxPreferencias: z.number().int().min(1),
  escuelas: z.array(z.object({ codigo: z.string(), nombre: z.string() })),
});
export type TOpcionesRed = z.infer<typeof ZOpcionesRed>;
