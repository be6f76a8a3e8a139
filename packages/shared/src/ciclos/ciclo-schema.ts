import { z } from '../zod-es.ts';
import { isIsoDate } from '../inscriptos/dates.ts';
import { ZContenido } from '../configuracion/contenido-schema.ts';
import { safeText } from '../text-rule.ts';
import { CICLO_MSG } from './messages.ts';

/**
 * Admission cycles (docs/decisions/0014): one season ("Ingresos 2027") with its intake year, its enrolment
 * dates, its lottery texts and places, and its state. Exactly one is current; a closed one is read-only.
 */
export const ESTADOS_CICLO = ['abierto', 'cerrado'] as const;
export type EstadoCiclo = (typeof ESTADOS_CICLO)[number];

export const CICLO_LABELS = {
  nombre: 'Nombre',
  anioIngreso: 'Año de ingreso',
  inscripcionDesde: 'Inscripciones desde',
  inscripcionHasta: 'Inscripciones hasta',
  sorteoFecha: 'Fecha del sorteo',
  sorteoHora: 'Hora del sorteo',
  sorteoLugar: 'Lugar del sorteo',
  transmisionUrl: 'Enlace de la transmisión en vivo',
  plazasNenas: 'Plazas para nenas',
  plazasVarones: 'Plazas para varones',
  plazoOfertaDias: 'Plazo para responder una oferta (días)',
  estado: 'Estado',
  actual: 'Ciclo actual',
  confirmarOfertasAbiertas: 'Confirmar con ofertas abiertas',
  ciclo: 'Ciclo',
} as const;

/** The seasonal part of the school's content (0011): it belongs to a cycle, not to the school. */
export const CAMPOS_DE_CICLO = [
  'anioIngreso',
  'sorteoFecha',
  'sorteoHora',
  'sorteoLugar',
  'transmisionUrl',
  'plazasNenas',
  'plazasVarones',
] as const;
export type CampoDeCiclo = (typeof CAMPOS_DE_CICLO)[number];

const L = CICLO_LABELS;
const fechaOpcional = (label: string) =>
  safeText(label, { error: `${label}: tiene que ser una fecha` })
    .refine((v) => isIsoDate(v), { error: `${label}: ingresá una fecha válida` })
    .nullable();

/** The editable data of a cycle; the lottery fields keep the school content's rules. */
const ZCicloDatos = z.strictObject({
  nombre: safeText(L.nombre, { error: `${L.nombre}: este campo es obligatorio` })
    .min(1, { error: `${L.nombre}: este campo es obligatorio` })
    .max(60, { error: `${L.nombre}: como máximo 60 caracteres` }),
  anioIngreso: ZContenido.shape.anioIngreso,
  inscripcionDesde: fechaOpcional(L.inscripcionDesde),
  inscripcionHasta: fechaOpcional(L.inscripcionHasta),
  sorteoFecha: ZContenido.shape.sorteoFecha,
  sorteoHora: ZContenido.shape.sorteoHora,
  sorteoLugar: ZContenido.shape.sorteoLugar,
  transmisionUrl: ZContenido.shape.transmisionUrl,
  plazasNenas: ZContenido.shape.plazasNenas,
  plazasVarones: ZContenido.shape.plazasVarones,
  /** Days a family has to answer an offer after the raffle; a change applies to offers made after it (0015). */
  plazoOfertaDias: z
    .number({ error: CICLO_MSG.plazoOferta })
    .int({ error: CICLO_MSG.plazoOferta })
    .min(1, { error: CICLO_MSG.plazoOferta })
    .max(60, { error: CICLO_MSG.plazoOferta }),
});

export const ZCiclo = ZCicloDatos.extend({
  id: z.string(),
  estado: z.enum(ESTADOS_CICLO),
  actual: z.boolean(),
  creadoEn: z.string(),
  /** When it was closed (retention counts from here); null while open. */
  cerradoEn: z.string().nullable(),
  /** When its non-admitted children were anonymised (docs/privacy.md); null if not yet. */
  anonimizadoEn: z.string().nullable(),
});
export type TCiclo = z.output<typeof ZCiclo>;

export const ZCicloList = z.object({ items: z.array(ZCiclo) });
export type TCicloList = z.output<typeof ZCicloList>;

/** POST /api/ciclos: the next cycle. Whatever is left out is copied from the current one (year + 1). */
export const ZCicloCreate = ZCicloDatos.partial();
export type TCicloCreate = z.output<typeof ZCicloCreate>;

/** PUT /api/ciclos/{id}: any of the data, the state, or `actual: true` to make it the current cycle. */
export const ZCicloUpdate = ZCicloDatos.partial().extend({
  estado: z.enum(ESTADOS_CICLO, { error: `${L.estado}: tiene que ser abierto o cerrado` }).optional(),
  actual: z.literal(true, { error: `${L.actual}: solo se puede marcar como actual (true)` }).optional(),
  /** Making another cycle current, or closing this one, while its offers are open: 409 unless given. */
  confirmarOfertasAbiertas: z
    .boolean({ error: `${L.confirmarOfertasAbiertas}: tiene que ser true o false` })
    .optional(),
});
export type TCicloUpdate = z.output<typeof ZCicloUpdate>;

export const ZCicloIdParams = z.strictObject({ id: z.uuid({ error: 'El identificador del ciclo no es válido' }) });

/** `?ciclo=<id>` on the list and the exports; without it, the current cycle. */
export const ZCicloQuery = z.uuid({ error: 'El ciclo no es válido' }).optional();

/** What an enrolment says about its cycle. */
export const ZCicloRef = z.object({ id: z.string(), nombre: z.string(), estado: z.enum(ESTADOS_CICLO) });
export type TCicloRef = z.output<typeof ZCicloRef>;

export const nombreDeCiclo = (anioIngreso: number) => `Ingresos ${anioIngreso}`;
