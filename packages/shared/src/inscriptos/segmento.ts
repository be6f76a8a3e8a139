import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { MOTIVOS_CONDICION, type Estrato, type MotivoCondicion } from './socioeconomic.ts';
import { SEXO, SEXO_VALUES } from './options.ts';

/**
 * A segment of a cycle's enrolments, as the director's panel counts them and the list filters
 * them: a click on a bar opens the list with the same segment. The values are the derived columns the
 * server keeps beside each record (server: data/inscriptos/derived-columns.ts).
 */

/** Records with no value for the dimension (no barrio or sex yet): a real, filterable segment. */
export const SIN_DATO = 'sin-dato';

/** How many siblings enrol together with the child (hermanosInscriben), grouped. */
export const GRUPOS_HERMANOS = ['0', '1', '2', '3+'] as const;
export type GrupoHermanos = (typeof GRUPOS_HERMANOS)[number];

export function grupoHermanos(cantidad: number): GrupoHermanos {
  return cantidad >= 3 ? '3+' : (String(cantidad) as GrupoHermanos);
}

export const CONDICIONES = [...MOTIVOS_CONDICION, 'cualquiera'] as const;
export type Condicion = (typeof CONDICIONES)[number];

/** The list's query parameters of a segment (all optional; several combine with AND). */
export const ZSegmentoQuery = {
  barrio: safeText('Barrio').max(100, { error: 'El barrio puede tener como máximo 100 caracteres' }).optional(),
  estrato: z.enum(['BAJO', 'NORMAL'], { error: 'El estrato debe ser BAJO o NORMAL' }).optional(),
  condicion: z.enum(CONDICIONES, { error: 'La condición debe ser zona, ingresos, beneficio o cualquiera' }).optional(),
  sexo: z.enum([...SEXO_VALUES, SIN_DATO], { error: 'El sexo debe ser M, F, Otro o sin-dato' }).optional(),
  hermanos: z.enum(GRUPOS_HERMANOS, { error: 'Los hermanos deben ser 0, 1, 2 o 3+' }).optional(),
  funcionario: safeText('Funcionario')
    .max(50, { error: 'El funcionario puede tener como máximo 50 caracteres' })
    .optional(),
  fueraDeZona: z
    .enum(['true', '1'], { error: 'fueraDeZona solo admite true' })
    .optional()
    .transform((v) => v !== undefined),
};

export interface Segmento {
  barrio?: string | undefined;
  estrato?: Estrato | undefined;
  condicion?: Condicion | undefined;
  sexo?: (typeof SEXO_VALUES)[number] | typeof SIN_DATO | undefined;
  hermanos?: GrupoHermanos | undefined;
  /** Username: the official of the record, or its creator when it names none. */
  funcionario?: string | undefined;
  fueraDeZona?: boolean | undefined;
}

export const SEGMENTO_KEYS = [
  'barrio',
  'estrato',
  'condicion',
  'sexo',
  'hermanos',
  'funcionario',
  'fueraDeZona',
] as const;

/** No filter at all (absent, or every key unset). */
export function segmentoVacio(s: Segmento | undefined): boolean {
  return !s || segmentoParams(s).length === 0;
}

/** The segment's parameters, for a URL (only what is set). */
export function segmentoParams(s: Segmento): [string, string][] {
  const out: [string, string][] = [];
  for (const key of SEGMENTO_KEYS) {
    const v = s[key];
    if (v === undefined || v === false || v === '') continue;
    out.push([key, v === true ? 'true' : v]);
  }
  return out;
}

/** The segment a URL names; anything the API would refuse is dropped (links must not break the list). */
export function parseSegmento(params: URLSearchParams): Segmento {
  const out: Segmento = {};
  for (const key of SEGMENTO_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const parsed = ZSegmentoQuery[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined && parsed.data !== false) {
      (out as Record<string, unknown>)[key] = parsed.data;
    }
  }
  return out;
}

export const MOTIVO_LABELS: Readonly<Record<MotivoCondicion, string>> = {
  zona: 'Zona de tolerancia',
  ingresos: 'Ingresos (estrato BAJO)',
  beneficio: 'Beneficio social',
};

export const HERMANOS_LABELS: Readonly<Record<GrupoHermanos, string>> = {
  '0': 'Sin hermanos',
  '1': '1 hermano',
  '2': '2 hermanos',
  '3+': '3 o más',
};

export const SIN_DATO_LABEL = 'Sin dato';

const sexoLabel = (v: string) => (v === SIN_DATO ? SIN_DATO_LABEL : (SEXO.find((o) => o.value === v)?.label ?? v));

/** Each filter of a segment as people read it ("Barrio: Malvín"), for the list's removable chips. */
export function segmentoEtiquetas(s: Segmento): { key: (typeof SEGMENTO_KEYS)[number]; texto: string }[] {
  const texto: Record<(typeof SEGMENTO_KEYS)[number], (v: string) => string> = {
    barrio: (v) => `Barrio: ${v === SIN_DATO ? SIN_DATO_LABEL : v}`,
    estrato: (v) => `Estrato: ${v}`,
    condicion: (v) =>
      v === 'cualquiera' ? 'Condicionales' : `Condicional por ${MOTIVO_LABELS[v as MotivoCondicion].toLowerCase()}`,
    sexo: (v) => `Sexo: ${sexoLabel(v)}`,
    hermanos: (v) => `Hermanos: ${HERMANOS_LABELS[v as GrupoHermanos]}`,
    funcionario: (v) => `Inscripción realizada por: ${v}`,
    fueraDeZona: () => 'Fuera de zona autorizados',
  };
  return segmentoParams(s).map(([key, value]) => {
    const k = key as (typeof SEGMENTO_KEYS)[number];
    return { key: k, texto: texto[k](value) };
  });
}

/**
 * Segments computed from reserved data (income and benefits, docs/privacy.md): filtering the list by them
 * would tell a reader which children are poor, so only administrators, who may read every record in full,
 * filter by them. The panel still counts them for everyone (aggregates only).
 */
export const SEGMENTOS_RESERVADOS = ['estrato', 'condicion'] as const satisfies readonly (keyof Segmento)[];

export function segmentoReservado(s: Partial<Record<keyof Segmento, unknown>>): boolean {
  return SEGMENTOS_RESERVADOS.some((key) => s[key] !== undefined);
}
