import { normalizeBoolean } from './normalize.ts';

/**
 * SPEC 9: the monthly household income below which the stratum is BAJO, by household size. Households of
 * 7 or more ('7', 'masde7') have no threshold: always NORMAL.
 */
export const INCOME_THRESHOLDS: Readonly<Record<1 | 2 | 3 | 4 | 5 | 6, number>> = {
  1: 19706,
  2: 35696,
  3: 50623,
  4: 65550,
  5: 80477,
  6: 95404,
};

export type Estrato = 'BAJO' | 'NORMAL';

/**
 * The amount of ingresosAclarar (digits and dot only, SPEC 2). In Uruguay the dot separates thousands, so
 * "25.000" is 25000; a dot followed by one or two digits is a decimal point ("25000.50"). Blank or anything
 * else → undefined.
 */
export function parseIngresos(value: string | number | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  const v = value.trim();
  if (/^\d{1,3}(\.\d{3})+$/.test(v)) return Number(v.replace(/\./g, ''));
  if (/^\d+(\.\d{1,2})?$/.test(v)) return Number(v);
  return undefined;
}

/** '1'..'6' → 1..6; '7', 'masde7' or more → 7; blank or unknown → undefined. */
export function householdSize(value: string | number | null | undefined): number | undefined {
  if (value === undefined || value === null) return undefined;
  const v = String(value).trim();
  if (v === 'masde7') return 7;
  if (!/^\d+$/.test(v) || Number(v) < 1) return undefined;
  return Math.min(Number(v), 7);
}

/**
 * SPEC 9 socioeconomic stratum: BAJO when the income is strictly below the threshold of the household size;
 * NORMAL at or above it, for 7 or more members, and when the income or the size is missing.
 */
export function estrato(
  ingresos: string | number | null | undefined,
  totalIntegrantesHogar: string | number | null | undefined,
): Estrato {
  const amount = parseIngresos(ingresos);
  const size = householdSize(totalIntegrantesHogar);
  if (amount === undefined || size === undefined || size >= 7) return 'NORMAL';
  return amount < INCOME_THRESHOLDS[size as 1 | 2 | 3 | 4 | 5 | 6] ? 'BAJO' : 'NORMAL';
}

export interface SocioeconomicInput {
  zonaTolerancia?: string | null;
  ingresosAclarar?: string | number | null;
  totalIntegrantesHogar?: string | number | null;
  planEquidad?: unknown;
  tarjetaUruguaySocial?: unknown;
  asignacionFamiliar?: unknown;
}

/** Why an enrolment is conditional (SPEC 9): a tolerance zone, a BAJO stratum, a social benefit. */
export const MOTIVOS_CONDICION = ['zona', 'ingresos', 'beneficio'] as const;
export type MotivoCondicion = (typeof MOTIVOS_CONDICION)[number];

/** Every reason that makes this enrolment conditional, in MOTIVOS_CONDICION order; empty: not conditional. */
export function motivosCondicion(data: SocioeconomicInput): MotivoCondicion[] {
  const motivos: MotivoCondicion[] = [];
  if (data.zonaTolerancia === 'Sí') motivos.push('zona');
  if (estrato(data.ingresosAclarar, data.totalIntegrantesHogar) === 'BAJO') motivos.push('ingresos');
  if (
    normalizeBoolean(data.planEquidad) ||
    normalizeBoolean(data.tarjetaUruguaySocial) ||
    normalizeBoolean(data.asignacionFamiliar)
  ) {
    motivos.push('beneficio');
  }
  return motivos;
}

/**
 * SPEC 9 "Inscripción condicional": the household is in a tolerance zone (zonaTolerancia 'Sí'), or the
 * stratum is BAJO (income = ingresosAclarar, the monthly household income), or any social benefit is ticked.
 */
export function isConditional(data: SocioeconomicInput): boolean {
  return motivosCondicion(data).length > 0;
}
