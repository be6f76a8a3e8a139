import { z } from '../zod-es.ts';
import { isIsoDate, yearInMontevideo } from '../inscriptos/dates.ts';
import { safeText } from '../text-rule.ts';
import { DIAS_ATENCION, DIAS_ATENCION_LABELS, type THorarioAtencion } from '../sorteo/plazo-horario.ts';
import archivo from './contenido-inicial.json' with { type: 'json' };
import { DIRECCION_MSG, URL_PUBLICA_LABEL, esUrlPublicaValida, sinBarraFinal } from './direccion-publica.ts';

/**
 * The school's own content (docs/decisions/0011): its name, contact data, maps, the lottery's date, time and place,
 * the intake year and the raffle's default places. One schema for the API, the settings form and the stored
 * row; the defaults are in contenido-inicial.json, next to this file.
 */

/** Spanish labels: validation errors name fields with them, the settings form shows them. */
export const CONTENIDO_LABELS = {
  escuelaNombre: 'Nombre de la escuela',
  telefono: 'Teléfono',
  direccion: 'Dirección de la escuela',
  email: 'Email',
  contactoNombre: 'Persona de contacto para domicilios fuera de zona',
  horarios: 'Horario de atención',
  horarioApertura: 'Abre a las',
  horarioCierre: 'Cierra a las',
  diasAtencion: 'Días de atención',
  horarioInscripciones: 'Horario de inscripciones',
  mapaZonasUrl: 'Mapa de límites de zona',
  mapaCalleUrl: 'Mapa de vista de calle',
  sorteoFecha: 'Fecha del sorteo',
  sorteoHora: 'Hora del sorteo',
  sorteoLugar: 'Lugar del sorteo',
  transmisionUrl: 'Enlace de la transmisión en vivo',
  anioIngreso: 'Año de ingreso',
  plazasNenas: 'Plazas para nenas',
  plazasVarones: 'Plazas para varones',
  urlPublica: URL_PUBLICA_LABEL,
  version: 'Versión',
} as const;

export type CampoContenido = Exclude<keyof typeof CONTENIDO_LABELS, 'version'>;

const L = CONTENIDO_LABELS;
const obligatorio = (label: string) => `${label}: este campo es obligatorio`;

function texto(label: string, max: number, multiline = false) {
  return safeText(label, { error: obligatorio(label), multiline })
    .min(1, { error: obligatorio(label) })
    .max(max, { error: `${label}: como máximo ${max} caracteres` });
}

/** https://host[:port][/path]: no spaces, quotes or angle brackets, so an origin is always safe in a header. */
const HTTPS_URL =
  /^https:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?(?:[/?#][^\s"'<>\\`]*)?$/i;

/** The origin of an https URL (`https://host[:port]`, lower case), or null when it is not one. */
export function origenHttps(url: string): string | null {
  const m = HTTPS_URL.exec(url.trim());
  if (!m) return null;
  const port = m[2] && m[2] !== '443' ? `:${Number(m[2])}` : '';
  return `https://${m[1]!.toLowerCase()}${port}`;
}

/**
 * Map providers hand out an `<iframe src="…">` snippet ("Insertar mapa"): an administrator may paste it whole
 * and the address is taken from it.
 */
export function srcDeIframe(value: string): string {
  if (!/<iframe/i.test(value)) return value;
  const m = /\ssrc\s*=\s*(["'])(.*?)\1/i.exec(value);
  return m ? m[2]!.replace(/&amp;/g, '&').trim() : value;
}

function urlOpcional(label: string) {
  return safeText(label, { error: `${label}: tiene que ser un texto` })
    .overwrite(srcDeIframe)
    .refine((v) => v.length <= 2000, { error: `${label}: como máximo 2000 caracteres` })
    .refine((v) => v === '' || origenHttps(v) !== null, {
      error: `${label}: tiene que ser una dirección que empiece con https:// (o quedar vacío)`,
    });
}

function entero(label: string, min: number, max: number) {
  const rango = `${label}: tiene que ser un número entero entre ${min} y ${max}`;
  return z.number({ error: rango }).int({ error: rango }).min(min, { error: rango }).max(max, { error: rango });
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
function hora(label: string) {
  return safeText(label, { error: obligatorio(label) }).regex(HHMM, {
    error: `${label}: ingresá una hora válida (HH:MM, de 00:00 a 23:59)`,
  });
}

/** Without the checks across fields: `.pick` and `.omit` need a schema without refinements. */
export const ZContenidoCampos = z.strictObject({
  escuelaNombre: texto(L.escuelaNombre, 150),
  telefono: texto(L.telefono, 40)
    .regex(/^[0-9+()\s./-]+$/, { error: `${L.telefono}: solo números, espacios y los signos + - ( ) / .` })
    .refine((v) => v.replace(/\D/g, '').length >= 6, { error: `${L.telefono}: tiene que tener al menos 6 dígitos` }),
  direccion: texto(L.direccion, 200),
  email: texto(L.email, 254).pipe(z.email({ error: `${L.email}: no tiene un formato válido` })),
  contactoNombre: texto(L.contactoNombre, 120),
  horarios: texto(L.horarios, 300, true),
  horarioApertura: hora(L.horarioApertura),
  horarioCierre: hora(L.horarioCierre),
  diasAtencion: z.enum(DIAS_ATENCION, {
    error: `${L.diasAtencion}: elegí una opción (${Object.values(DIAS_ATENCION_LABELS).join(', ')})`,
  }),
  horarioInscripciones: texto(L.horarioInscripciones, 300, true),
  mapaZonasUrl: urlOpcional(L.mapaZonasUrl),
  mapaCalleUrl: urlOpcional(L.mapaCalleUrl),
  sorteoFecha: safeText(L.sorteoFecha, { error: obligatorio(L.sorteoFecha) }).refine(isIsoDate, {
    error: `${L.sorteoFecha}: ingresá una fecha válida`,
  }),
  sorteoHora: hora(L.sorteoHora),
  sorteoLugar: texto(L.sorteoLugar, 150),
  transmisionUrl: urlOpcional(L.transmisionUrl),
  anioIngreso: entero(L.anioIngreso, 2000, 2200),
  plazasNenas: entero(L.plazasNenas, 0, 1000),
  plazasVarones: entero(L.plazasVarones, 0, 1000),
  /** Where families reach the app (the constancia's link); PUBLIC_URL wins over it. '' while not set. */
  urlPublica: safeText(L.urlPublica, { error: DIRECCION_MSG.invalida })
    .max(300, { error: `${L.urlPublica}: como máximo 300 caracteres` })
    .refine((v) => v.trim() === '' || esUrlPublicaValida(v.trim()), { error: DIRECCION_MSG.invalida })
    .overwrite(sinBarraFinal)
    .default(''),
});

/** The opening hours bound the offers' deadlines (decision 0031): the school has to open before it closes. */
export const ZContenido = ZContenidoCampos.superRefine((c, ctx) => {
  if (HHMM.test(c.horarioApertura) && HHMM.test(c.horarioCierre) && c.horarioApertura >= c.horarioCierre) {
    ctx.addIssue({
      code: 'custom',
      path: ['horarioCierre'],
      message: `${L.horarioCierre}: tiene que ser después de la hora de apertura (${c.horarioApertura})`,
    });
  }
});
export type TContenido = z.output<typeof ZContenido>;
export type TContenidoInput = z.input<typeof ZContenido>;

/** PUT /api/configuracion/contenido: the whole content plus the version that was read (0: never saved). */
export const ZContenidoUpdate = ZContenido.extend({
  version: z
    .number({ error: `${L.version}: falta la versión que se leyó` })
    .int()
    .min(0),
});
export type TContenidoUpdate = z.output<typeof ZContenidoUpdate>;

/** GET /api/configuracion/contenido: the content in force and who saved it last (version 0: the defaults). */
export const ZContenidoEstado = z.object({
  contenido: ZContenido,
  version: z.number().int(),
  actualizadoPor: z.string().nullable(),
  actualizadoEn: z.string().nullable(),
});
export type TContenidoEstado = z.output<typeof ZContenidoEstado>;

/** GET /api/configuracion/publico (no session): what the public raffle screen may show. */
export const ZContenidoPublico = ZContenidoCampos.pick({
  escuelaNombre: true,
  sorteoFecha: true,
  sorteoHora: true,
  sorteoLugar: true,
  transmisionUrl: true,
  anioIngreso: true,
});
export type TContenidoPublico = z.output<typeof ZContenidoPublico>;

// ---------------------------------------------------------------- the data file

const ZArchivo = z.object({
  comentario: z.array(z.string()).optional(),
  porCambiar: z.array(z.enum(Object.keys(ZContenido.shape) as [CampoContenido, ...CampoContenido[]])),
  sorteoDiaMes: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    error: 'contenido-inicial.json: "sorteoDiaMes" tiene que ser MM-DD',
  }),
  contenido: ZContenidoCampos.omit({ sorteoFecha: true, anioIngreso: true, urlPublica: true }),
});

/** Validates the data file; throws an Error listing every problem (a broken file stops start-up). */
export function parseArchivoContenido(input: unknown): z.output<typeof ZArchivo> {
  const result = ZArchivo.safeParse(input);
  if (!result.success) {
    throw new Error(
      'contenido-inicial.json no es válido: ' +
        result.error.issues.map((i) => `${i.path.join('.') || '(raíz)'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

const inicial = parseArchivoContenido(archivo);

/** Fields whose default is an example value that must be replaced (listed in the data file). */
export const CAMPOS_POR_CAMBIAR: readonly CampoContenido[] = Object.freeze([...inicial.porCambiar]);

/**
 * The defaults of the data file for `hoy`: the lottery on sorteoDiaMes of the current year and the intake
 * year the next one, in Montevideo (SPEC 9: "Lottery: 31 October at 14:00").
 */
export function contenidoPorDefecto(hoy: Date): TContenido {
  const anio = yearInMontevideo(hoy);
  return {
    ...inicial.contenido,
    sorteoFecha: `${anio}-${inicial.sorteoDiaMes}`,
    anioIngreso: anio + 1,
    urlPublica: '',
  };
}

/** The opening hours the offers' deadlines fall in (decision 0031). */
export function horarioDeAtencion(c: TContenido): THorarioAtencion {
  return { apertura: c.horarioApertura, cierre: c.horarioCierre, dias: c.diasAtencion };
}

/** The fields that still hold the data file's example value. */
export function camposDeEjemplo(contenido: TContenido): CampoContenido[] {
  return CAMPOS_POR_CAMBIAR.filter(
    (campo) => contenido[campo] === (inicial.contenido as Record<string, unknown>)[campo],
  );
}

/** The origins the page may frame (CSP frame-src): those of the configured maps, without repeats. */
export function origenesDeMapas(contenido: Pick<TContenido, 'mapaZonasUrl' | 'mapaCalleUrl'>): string[] {
  const origenes = [contenido.mapaZonasUrl, contenido.mapaCalleUrl]
    .map((url) => (url ? origenHttps(url) : null))
    .filter((o): o is string => o !== null);
  return [...new Set(origenes)];
}

/**
 * Stored content read back: unknown keys dropped, missing or no-longer-valid fields (a later version of the
 * schema) taken from `base`, so an old row never breaks the screens.
 */
export function contenidoDesdeGuardado(valor: unknown, base: TContenido): TContenido {
  const guardado = typeof valor === 'object' && valor !== null ? (valor as Record<string, unknown>) : {};
  const campos = Object.keys(ZContenido.shape) as CampoContenido[];
  const merged: Record<string, unknown> = { ...base };
  for (const campo of campos) if (campo in guardado) merged[campo] = guardado[campo];
  const first = ZContenido.safeParse(merged);
  if (first.success) return first.data;
  for (const issue of first.error.issues) {
    const campo = String(issue.path[0] ?? '');
    if (campo in base) merged[campo] = base[campo as CampoContenido];
  }
  const second = ZContenido.safeParse(merged);
  return second.success ? second.data : base;
}
