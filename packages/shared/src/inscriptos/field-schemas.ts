import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { ciError, normalizeCi } from './ci.ts';
import { isIsoDate, parseDateDMY } from './dates.ts';
import { FIELD_LABELS, HERMANO_FIELD_LABELS } from './fields.ts';
import { isBlank, parseBooleanInput } from './normalize.ts';
import { RAZON_ELEGIR_VALUES, ULTIMO_CENTRO_SELECCIONE, ULTIMO_CENTRO_VALUES } from './options.ts';
import { parseIngresos } from './socioeconomic.ts';
import { destinoValido, normalizarEmail } from '../avisos/destino.ts';

/**
 * The schema of each kind of form field (inscripto-schema.ts assembles the form from them): optional with blank
 * meaning "not answered", trimmed text under the text rule and its limits, choices, counts, years, booleans,
 * phones, the CI, income, birth date, last centre and reasons. What each accepts and stores is listed at the top
 * of inscripto-schema.ts.
 */

export const TEXT_LIMITS = {
  name: 60,
  fullName: 120,
  short: 100,
  domicilio: 200,
  freeText: 500,
  observaciones: 2000,
  phoneDigits: 15,
  ingresos: 20,
  grupo: 20,
  email: 254,
} as const;

export const label = (name: string) => FIELD_LABELS[name] ?? name;

const blankToUndefined = (v: unknown) => (isBlank(v) || (Array.isArray(v) && v.length === 0) ? undefined : v);

/** Optional, with blank input meaning "not answered". */
export function opt<T extends z.ZodType>(schema: T) {
  return z.preprocess(blankToUndefined, schema.optional());
}

/** Fields typed in a textarea: tab and line breaks are part of the text. */
const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['observaciones', 'necesidadesEducativasAclarar']);

export function text(name: string, max: number) {
  return opt(
    safeText(label(name), { multiline: MULTILINE_FIELDS.has(name) }).max(max, {
      error: `${label(name)}: puede tener como máximo ${max} caracteres`,
    }),
  );
}

function oneOf<const T extends readonly string[]>(name: string, values: T) {
  return z.enum(values, { error: `${label(name)}: elegí una opción válida` });
}

export function choice<const T extends readonly string[]>(name: string, values: T) {
  return opt(oneOf(name, values));
}

/** Counts stored as text ('0'…'9', '10+', 'masde4'); a number is accepted and turned into text. */
export function count<const T extends readonly string[]>(name: string, values: T) {
  return opt(z.preprocess((v) => (typeof v === 'number' ? String(v) : v), oneOf(name, values)));
}

export const digitsToNumber = (v: unknown) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v);

export function integer(name: string, min: number, max: number, message = `debe ser un número entre ${min} y ${max}`) {
  const error = `${label(name)}: ${message}`;
  return opt(z.preprocess(digitsToNumber, z.number({ error }).int({ error }).min(min, { error }).max(max, { error })));
}

export function year(name: string) {
  return integer(name, 1900, 2100, 'debe ser un año de cuatro cifras');
}

export function boolean(name: string) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : (parseBooleanInput(v) ?? v)),
    z.boolean({ error: `${label(name)}: debe ser verdadero o falso` }).optional(),
  );
}

export function phone(name: string) {
  return opt(
    safeText(label(name))
      .transform((s) => s.replace(/[\s\-.()]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d+$/, { error: `${label(name)}: solo puede contener números` })
          .max(TEXT_LIMITS.phoneDigits, {
            error: `${label(name)}: puede tener como máximo ${TEXT_LIMITS.phoneDigits} dígitos`,
          }),
      ),
  );
}

/**
 * An e-mail address (the referring adult's, for messages about the enrolment): trimmed, one @, a dot in the
 * domain, no spaces or brackets; the same rule the outbox applies (avisos/destino.ts).
 */
export function email(name: string) {
  const error = `${label(name)}: escribí una dirección de correo válida (por ejemplo nombre@correo.com)`;
  return opt(
    safeText(label(name))
      .max(TEXT_LIMITS.email, { error: `${label(name)}: puede tener como máximo ${TEXT_LIMITS.email} caracteres` })
      .refine((s) => destinoValido('email', normalizarEmail(s)), { error }),
  );
}

/** A CI validated by the shared rule (SPEC 5) and stored normalised. */
export function ci(fieldLabel: string) {
  return opt(
    safeText(fieldLabel)
      .superRefine((value, ctx) => {
        const error = ciError(value);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      })
      .transform(normalizeCi),
  );
}

const ingresosError = `${label('ingresosAclarar')}: solo puede contener números y punto (por ejemplo 25.000)`;
export const ZIngresos = opt(
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    safeText(label('ingresosAclarar'), { error: ingresosError })
      .transform((s) => s.replace(/[\s$]/g, ''))
      .pipe(
        z
          .string()
          .max(TEXT_LIMITS.ingresos, { error: ingresosError })
          .regex(/^[\d.]+$/, { error: ingresosError })
          .refine((s) => parseIngresos(s) !== undefined, { error: ingresosError }),
      ),
  ),
);

const fechaError = `${label('fechaNacimiento')}: debe ser una fecha válida (DD/MM/AAAA)`;
export const ZFechaNacimiento = opt(
  safeText(label('fechaNacimiento'), { error: fechaError })
    .transform((s) => parseDateDMY(s) ?? s)
    .pipe(z.string().refine(isIsoDate, { error: fechaError })),
);

export const ZUltimoCentro = z.preprocess(
  (v) => (isBlank(v) || v === ULTIMO_CENTRO_SELECCIONE ? undefined : v),
  oneOf('ultimoCentro', ULTIMO_CENTRO_VALUES).optional(),
);

const razonLabel = label('razonElegirInstitucion');
export const ZRazones = opt(
  z
    .array(z.enum(RAZON_ELEGIR_VALUES, { error: `${razonLabel}: elegí razones de la lista` }), {
      error: `${razonLabel}: debe ser una lista de razones`,
    })
    .max(RAZON_ELEGIR_VALUES.length, { error: `${razonLabel}: como máximo ${RAZON_ELEGIR_VALUES.length} razones` })
    .refine((list) => new Set(list).size === list.length, { error: `${razonLabel}: hay razones repetidas` }),
);

export const hermano = (field: string) => `${HERMANO_FIELD_LABELS[field]} del hermano`;

export const ZHermanoNombre = opt(
  safeText(hermano('nombre')).max(TEXT_LIMITS.fullName, {
    error: `${hermano('nombre')}: puede tener como máximo ${TEXT_LIMITS.fullName} caracteres`,
  }),
);
