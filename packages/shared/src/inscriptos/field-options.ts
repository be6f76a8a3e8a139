import { normalizeBoolean } from './normalize.ts';
import {
  SEXO,
  SEXO_HERMANO,
  SI_NO,
  ZONA_TOLERANCIA,
  ESCUELA_P,
  ESCUELA_ULTIMO,
  ULTIMO_CENTRO,
  PARENTESCO,
  TRABAJO,
  VIVIENDA,
  VEHICULO,
  NIVEL_EDUCATIVO,
  ULTIMO_ANIO_CENTRO,
  TRABAJO_FUTURO,
  TRABAJO_FUTURO_TIPO,
  RAZON_ELEGIR,
  ABUELOS,
  OTROS,
  MENORES,
  TOTAL_INTEGRANTES,
  CANTIDAD_HERMANOS_INSCRIBEN,
  NIVEL_HERMANO_INSCRIBE,
  NIVEL_HERMANO_PRIMARIA,
  BARRIO,
  MARCA_AUTO,
  type Option,
} from './options.ts';

/**
 * The options of each field (FIELD_OPTIONS, by server name) and the fields stored as booleans, with the lookups
 * exports and imports make for every cell: a value's label, and the value a label (or loose spelling) names.
 */

/** Fields stored as booleans (SPEC 3); the schema normalises them (SPEC 3 "Booleans"). */
export const BOOLEAN_FIELDS = [
  'fueraDeZonaAutorizado',
  'caif',
  'clubNinos',
  'clubDeportivo',
  'centroEducativoRecreativo',
  'madre',
  'padre',
  'madrastra',
  'padrastro',
  'planEquidad',
  'tarjetaUruguaySocial',
  'asignacionFamiliar',
  'tieneHermanosPrimaria',
] as const;
export type BooleanField = (typeof BOOLEAN_FIELDS)[number];

/** The option list of each field (server names); sibling fields as "list.field". */
export const FIELD_OPTIONS: Readonly<Record<string, readonly Option[]>> = {
  sexo: SEXO,
  barrio: BARRIO,
  zonaTolerancia: ZONA_TOLERANCIA,
  parentesco: PARENTESCO,
  escuelaAnioActual: SI_NO,
  escuelaAnioActualExtendido: SI_NO,
  escuelaUltimo: ESCUELA_ULTIMO,
  ultimoCentro: ULTIMO_CENTRO,
  escuelaP: ESCUELA_P,
  repitio: SI_NO,
  necesidadesEducativas: SI_NO,
  monoparental: SI_NO,
  avisosConsentimiento: SI_NO,
  abuelos: ABUELOS,
  abuelas: ABUELOS,
  otrosAdultos: OTROS,
  hermanos: OTROS,
  hermanas: OTROS,
  otrosMenores: OTROS,
  discapacidad: SI_NO,
  menores: MENORES,
  totalIntegrantesHogar: TOTAL_INTEGRANTES,
  trabajo: TRABAJO,
  vivienda: VIVIENDA,
  vehiculo: VEHICULO,
  marcaAuto: MARCA_AUTO,
  nivelEducativoMadre: NIVEL_EDUCATIVO,
  nivelEducativoPadre: NIVEL_EDUCATIVO,
  otroResponsableNivel: NIVEL_EDUCATIVO,
  razonElegirInstitucion: RAZON_ELEGIR,
  ultimoAnioCentroEstudios: ULTIMO_ANIO_CENTRO,
  trabajoFuturo: TRABAJO_FUTURO,
  trabajoFuturoTipo: TRABAJO_FUTURO_TIPO,
  cantidadHermanosInscriben: CANTIDAD_HERMANOS_INSCRIBEN,
  'hermanosInscriben.nivel': NIVEL_HERMANO_INSCRIBE,
  'hermanosInscriben.sexo': SEXO_HERMANO,
  'hermanosPrimaria.nivel': NIVEL_HERMANO_PRIMARIA,
};

const BOOLEAN_FIELD_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS);

/** Case-, accent- and space-insensitive form of an option's value or label, as imports match them. */
const looseKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/**
 * Each field's options as lookups, built once: exports and imports call these for every cell of every row.
 * `loose` keeps the first option whose value or label has the key, as a scan in list order would.
 */
const OPTION_INDEX = new Map(
  Object.entries(FIELD_OPTIONS).map(([field, options]) => {
    const labels = new Map<string, string>();
    const byLabel = new Map<string, string>();
    const loose = new Map<string, string>();
    for (const o of options) {
      if (!labels.has(o.value)) labels.set(o.value, o.label);
      if (!byLabel.has(o.label)) byLabel.set(o.label, o.value);
      for (const k of [looseKey(o.value), looseKey(o.label)]) if (!loose.has(k)) loose.set(k, o.value);
    }
    return [field, { labels, byLabel, loose }] as const;
  }),
);

/**
 * The human label of a stored value, for PDFs and Excel: the option's label; 'Sí'/'No' for booleans (and
 * for any boolean field, whatever form the value has); lists joined with ', '; '' for blank; any value not
 * in the field's list is returned as text (old data stays readable).
 */
export function optionLabel(field: string, value: unknown): string {
  if (value === undefined || value === null) return BOOLEAN_FIELD_SET.has(field) ? 'No' : '';
  if (typeof value === 'boolean' || BOOLEAN_FIELD_SET.has(field)) return normalizeBoolean(value) ? 'Sí' : 'No';
  if (Array.isArray(value)) return value.map((v) => optionLabel(field, v)).join(', ');
  const text = String(value);
  return OPTION_INDEX.get(field)?.labels.get(text) ?? text;
}

/**
 * The reverse, for imports: the stored value for a label or a value (case- and accent-insensitive, trimmed),
 * or undefined when the field has no list or nothing matches.
 */
export function optionValue(field: string, labelOrValue: string): string | undefined {
  const index = OPTION_INDEX.get(field);
  if (!index) return undefined;
  if (index.labels.has(labelOrValue)) return labelOrValue;
  return index.byLabel.get(labelOrValue) ?? index.loose.get(looseKey(labelOrValue));
}
