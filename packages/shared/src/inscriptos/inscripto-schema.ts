import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { BARRIOS, MARCAS_AUTO } from './catalogos.ts';
import { setOwn } from './normalize.ts';
import {
  ABUELOS_VALUES,
  ESCUELA_P_VALUES,
  ESCUELA_ULTIMO_VALUES,
  MAX_HERMANOS_INSCRIBEN,
  MAX_HERMANOS_PRIMARIA,
  MENORES_VALUES,
  NIVEL_EDUCATIVO_VALUES,
  NIVEL_HERMANO_INSCRIBE_VALUES,
  OTROS_VALUES,
  PARENTESCO_VALUES,
  SEXO_HERMANO_VALUES,
  SEXO_VALUES,
  SI_NO_VALUES,
  TOTAL_INTEGRANTES_VALUES,
  TRABAJO_FUTURO_TIPO_VALUES,
  TRABAJO_FUTURO_VALUES,
  TRABAJO_VALUES,
  ULTIMO_ANIO_CENTRO_VALUES,
  VEHICULO_VALUES,
  VIVIENDA_VALUES,
  ZONA_TOLERANCIA_VALUES,
} from './options.ts';
import {
  boolean,
  choice,
  ci,
  count,
  digitsToNumber,
  email,
  hermano,
  integer,
  label,
  opt,
  phone,
  text,
  TEXT_LIMITS,
  year,
  ZFechaNacimiento,
  ZHermanoNombre,
  ZIngresos,
  ZRazones,
  ZUltimoCentro,
} from './field-schemas.ts';

/**
 * The enrolment form as stored and sent (SPEC 3, server names). Every field is optional because sections are
 * saved one at a time (SPEC 4); what a finished enrolment needs is checked by completeness.ts and what
 * "Siguiente" needs by sections.ts. Rules that depend on today's date (birth-date and centre-year windows)
 * are in sections.ts too, since a schema has no clock.
 *
 * Input is lenient where the form or an import may differ, output is normalised:
 * - '', whitespace-only text, null and [] mean "not answered" (output: undefined), except booleans;
 * - booleans accept true/false/'true'/'false'/''/null (SPEC 3 "Booleans"; '' and null are false);
 * - text is trimmed and follows the text rule (text-rule.ts: no control or bidirectional characters; tab and
 *   line breaks only in the multi-line fields); counts accept numbers (3 → '3'); years and numbers accept digit strings ('2022' → 2022);
 * - ci is stored normalised (8 digits, no dots or hyphen; formatCi displays it);
 * - phones drop spaces, hyphens, dots and parentheses, then must be digits only;
 * - ingresosAclarar drops spaces and '$', then must be digits and dots (25.000);
 * - fechaNacimiento accepts DD/MM/YYYY too and is stored as YYYY-MM-DD;
 * - ultimoCentro 'Seleccione' (the form's placeholder) means "not answered".
 */

/** One sibling enrolling this year (SPEC 3): every field optional while the row is being filled in. */
export const ZHermanoInscribe = z.strictObject({
  nombre: ZHermanoNombre,
  nivel: opt(z.enum(NIVEL_HERMANO_INSCRIBE_VALUES, { error: `${hermano('nivel')}: debe ser Inicial` })),
  ci: ci(hermano('ci')),
  sexo: opt(z.enum(SEXO_HERMANO_VALUES, { error: `${hermano('sexo')}: debe ser M o F` })),
});
export type THermanoInscribe = z.infer<typeof ZHermanoInscribe>;

/** One sibling already in primary at the centre (SPEC 3). */
export const ZHermanoPrimaria = z.strictObject({
  nombre: ZHermanoNombre,
  nivel: opt(
    z.preprocess(
      digitsToNumber,
      z
        .number({ error: `${hermano('nivel')}: debe ser un año de 1 a 6` })
        .int({ error: `${hermano('nivel')}: debe ser un año de 1 a 6` })
        .min(1, { error: `${hermano('nivel')}: debe ser un año de 1 a 6` })
        .max(6, { error: `${hermano('nivel')}: debe ser un año de 1 a 6` }),
    ),
  ),
  grupo: opt(
    safeText(hermano('grupo')).max(TEXT_LIMITS.grupo, {
      error: `${hermano('grupo')}: puede tener como máximo ${TEXT_LIMITS.grupo} caracteres`,
    }),
  ),
});
export type THermanoPrimaria = z.infer<typeof ZHermanoPrimaria>;

export const ZInscriptoData = z.strictObject({
  // 1. Datos personales del estudiante.
  nombre1: text('nombre1', TEXT_LIMITS.name),
  nombre2: text('nombre2', TEXT_LIMITS.name),
  apellido1: text('apellido1', TEXT_LIMITS.name),
  apellido2: text('apellido2', TEXT_LIMITS.name),
  fechaNacimiento: ZFechaNacimiento,
  sexo: choice('sexo', SEXO_VALUES),
  ci: ci(label('ci')),

  // 2. Domicilio y contacto.
  domicilio: text('domicilio', TEXT_LIMITS.domicilio),
  barrio: choice('barrio', BARRIOS),
  barrioOtro: text('barrioOtro', TEXT_LIMITS.short),
  zonaTolerancia: choice('zonaTolerancia', ZONA_TOLERANCIA_VALUES),
  fueraDeZonaAutorizado: boolean('fueraDeZonaAutorizado'),
  tel: phone('tel'),
  cel1: phone('cel1'),
  cel2: phone('cel2'),
  cel3: phone('cel3'),
  email: email('email'),
  avisosConsentimiento: choice('avisosConsentimiento', SI_NO_VALUES),
  inscriptor: text('inscriptor', TEXT_LIMITS.fullName),
  parentesco: choice('parentesco', PARENTESCO_VALUES),

  // 3. Trayectoria educativa.
  escuelaAnioActual: choice('escuelaAnioActual', SI_NO_VALUES),
  escuelaAnioActualExtendido: choice('escuelaAnioActualExtendido', SI_NO_VALUES),
  escuelaUltimo: choice('escuelaUltimo', ESCUELA_ULTIMO_VALUES),
  ultimoCentro: ZUltimoCentro,
  centroOtroAclarar: text('centroOtroAclarar', TEXT_LIMITS.freeText),
  escuelaP: choice('escuelaP', ESCUELA_P_VALUES),
  repitio: choice('repitio', SI_NO_VALUES),
  necesidadesEducativas: choice('necesidadesEducativas', SI_NO_VALUES),
  necesidadesEducativasAclarar: text('necesidadesEducativasAclarar', TEXT_LIMITS.freeText),
  caif: boolean('caif'),
  caifInicio: year('caifInicio'),
  caifFin: year('caifFin'),
  clubNinos: boolean('clubNinos'),
  clubNinosInicio: year('clubNinosInicio'),
  clubNinosFin: year('clubNinosFin'),
  clubDeportivo: boolean('clubDeportivo'),
  clubDeportivoInicio: year('clubDeportivoInicio'),
  clubDeportivoFin: year('clubDeportivoFin'),
  centroEducativoRecreativo: boolean('centroEducativoRecreativo'),
  centroEducativoRecreativoInicio: year('centroEducativoRecreativoInicio'),
  centroEducativoRecreativoFin: year('centroEducativoRecreativoFin'),

  // 4. Composición y situación del hogar.
  monoparental: choice('monoparental', SI_NO_VALUES),
  madre: boolean('madre'),
  padre: boolean('padre'),
  madrastra: boolean('madrastra'),
  padrastro: boolean('padrastro'),
  abuelos: count('abuelos', ABUELOS_VALUES),
  abuelas: count('abuelas', ABUELOS_VALUES),
  otrosAdultos: count('otrosAdultos', OTROS_VALUES),
  otrosAdultosAclarar: text('otrosAdultosAclarar', TEXT_LIMITS.freeText),
  hermanos: count('hermanos', OTROS_VALUES),
  hermanas: count('hermanas', OTROS_VALUES),
  otrosMenores: count('otrosMenores', OTROS_VALUES),
  otrosMenoresAclarar: text('otrosMenoresAclarar', TEXT_LIMITS.freeText),
  discapacidad: choice('discapacidad', SI_NO_VALUES),
  menores: count('menores', MENORES_VALUES),
  totalIntegrantesHogar: count('totalIntegrantesHogar', TOTAL_INTEGRANTES_VALUES),

  // 5. Ingresos y beneficios.
  ingresos: text('ingresos', TEXT_LIMITS.freeText),
  ingresosAclarar: ZIngresos,
  planEquidad: boolean('planEquidad'),
  tarjetaUruguaySocial: boolean('tarjetaUruguaySocial'),
  asignacionFamiliar: boolean('asignacionFamiliar'),

  // 6. Vivienda, trabajo y bienes.
  trabajo: choice('trabajo', TRABAJO_VALUES),
  trabajoOtroAclarar: text('trabajoOtroAclarar', TEXT_LIMITS.freeText),
  vivienda: choice('vivienda', VIVIENDA_VALUES),
  viviendaOtroAclarar: text('viviendaOtroAclarar', TEXT_LIMITS.freeText),
  vehiculo: choice('vehiculo', VEHICULO_VALUES),
  vehiculoOtroAclarar: text('vehiculoOtroAclarar', TEXT_LIMITS.freeText),
  marcaAuto: choice('marcaAuto', MARCAS_AUTO),
  marcaAutoOtroAclarar: text('marcaAutoOtroAclarar', TEXT_LIMITS.short),
  modeloAuto: text('modeloAuto', TEXT_LIMITS.name),
  anioAuto: year('anioAuto'),

  // 7. Nivel educativo de los responsables.
  nivelEducativoMadre: choice('nivelEducativoMadre', NIVEL_EDUCATIVO_VALUES),
  nivelEducativoPadre: choice('nivelEducativoPadre', NIVEL_EDUCATIVO_VALUES),
  otroResponsable: text('otroResponsable', TEXT_LIMITS.fullName),
  otroResponsableNivel: choice('otroResponsableNivel', NIVEL_EDUCATIVO_VALUES),
  otroResponsableAclarar: text('otroResponsableAclarar', TEXT_LIMITS.freeText),

  // 8. Motivaciones y expectativas.
  razonElegirInstitucion: ZRazones,
  razonElegirInstitucionOtra: text('razonElegirInstitucionOtra', TEXT_LIMITS.freeText),
  ultimoAnioCentroEstudios: choice('ultimoAnioCentroEstudios', ULTIMO_ANIO_CENTRO_VALUES),
  trabajoFuturo: choice('trabajoFuturo', TRABAJO_FUTURO_VALUES),
  trabajoFuturoTipo: choice('trabajoFuturoTipo', TRABAJO_FUTURO_TIPO_VALUES),
  trabajoFuturoTipoOtro: text('trabajoFuturoTipoOtro', TEXT_LIMITS.freeText),

  // 9. Hermanos que se inscriben este año.
  cantidadHermanosInscriben: integer('cantidadHermanosInscriben', 0, MAX_HERMANOS_INSCRIBEN),
  hermanosInscriben: opt(
    z
      .array(ZHermanoInscribe, { error: `${label('hermanosInscriben')}: debe ser una lista` })
      .max(MAX_HERMANOS_INSCRIBEN, {
        error: `${label('hermanosInscriben')}: como máximo ${MAX_HERMANOS_INSCRIBEN} hermanos`,
      }),
  ),

  // 10. Hermanos ya en primaria del centro.
  tieneHermanosPrimaria: boolean('tieneHermanosPrimaria'),
  hermanosPrimaria: opt(
    z
      .array(ZHermanoPrimaria, { error: `${label('hermanosPrimaria')}: debe ser una lista` })
      .max(MAX_HERMANOS_PRIMARIA, {
        error: `${label('hermanosPrimaria')}: como máximo ${MAX_HERMANOS_PRIMARIA} hermanos`,
      }),
  ),

  // 11. Observaciones.
  observaciones: text('observaciones', TEXT_LIMITS.observaciones),
});
export type TInscriptoData = z.infer<typeof ZInscriptoData>;

/** The form fields by server name, in the schema's order. */
export const INSCRIPTO_DATA_KEYS = Object.keys(ZInscriptoData.shape) as (keyof TInscriptoData)[];

/** SPEC 3 "Name translation": form name → server name. Accepted as aliases on input and import (DESIGN). */
export const INSCRIPTO_FIELD_ALIASES: Readonly<Record<string, string>> = {
  cantMenores: 'menores',
  cantAbuelos: 'abuelos',
  cantAbuelas: 'abuelas',
  cantHermanos: 'hermanos',
  cantHermanas: 'hermanas',
  cantOtrosAdultos: 'otrosAdultos',
  cantOtrosMenores: 'otrosMenores',
  barrioAclarar: 'barrioOtro',
  telFijo: 'tel',
  viviendaAclarar: 'viviendaOtroAclarar',
  ultimoCentroAclarar: 'centroOtroAclarar',
};

/** Server name → form name. */
export const INSCRIPTO_FORM_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(INSCRIPTO_FIELD_ALIASES).map(([form, server]) => [server, form]),
);

function rename(input: Record<string, unknown>, table: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!Object.hasOwn(table, key)) setOwn(out, key, value);
  }
  for (const [key, value] of Object.entries(input)) {
    const target = Object.hasOwn(table, key) ? table[key] : undefined;
    if (target !== undefined && out[target] === undefined) setOwn(out, target, value);
  }
  return out;
}

/**
 * Renames the form names of SPEC 3 to server names; everything else is kept as is (the schema then rejects
 * unknown fields). When both names are present, the server name wins. Returns a new object.
 */
export function applyAliases(input: Record<string, unknown>): Record<string, unknown> {
  return rename(input, INSCRIPTO_FIELD_ALIASES);
}

/** The reverse, for the form: server names → form names. When both are present, the server name's value wins. */
export function toFormNames(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!Object.hasOwn(INSCRIPTO_FORM_NAMES, key)) setOwn(out, key, value);
  }
  for (const [key, value] of Object.entries(data)) {
    const target = Object.hasOwn(INSCRIPTO_FORM_NAMES, key) ? INSCRIPTO_FORM_NAMES[key] : undefined;
    if (target !== undefined && value !== undefined) setOwn(out, target, value);
  }
  return out;
}
