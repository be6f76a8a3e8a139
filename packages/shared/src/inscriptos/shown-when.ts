import { BARRIO_OTRO, MARCA_AUTO_OTRO } from './catalogos.ts';
import { CENTRES } from './dates.ts';
import { normalizeBoolean, setOwn } from './normalize.ts';
import { ULTIMO_CENTRO_OTRO, VEHICULOS_CON_AUTO } from './options.ts';
import { field, isFilled, type InscriptoInput } from './rules-input.ts';

/**
 * Follow-up fields that exist only under a condition on another answer (the "Aclaración" of an "otro"
 * choice, the car's details, a ticked centre's years, the siblings in primary when "Sí"). One rule for the
 * form, which shows the field only then, and for the server, which stores it only then (every write path,
 * the import included), so a changed answer never leaves a stale detail behind. The rules accept the
 * form's raw state and a parsed record alike (InscriptoInput). Which fields are required stays in
 * sections.ts / completeness.ts.
 */

const is = (name: string, value: string) => (d: InscriptoInput) => field(d, name) === value;
const car = (d: InscriptoInput) => VEHICULOS_CON_AUTO.includes(String(field(d, 'vehiculo') ?? ''));
/** A count answered and not zero (counts are stored as text: '0', '1', ... ; a number is accepted too). */
const someOf = (name: string) => (d: InscriptoInput) => isFilled(field(d, name)) && String(field(d, name)) !== '0';
const ticked = (name: string) => (d: InscriptoInput) => normalizeBoolean(field(d, name));

const CENTRE_YEARS = Object.fromEntries(
  CENTRES.flatMap((c) => [
    [`${c}Inicio`, ticked(c)],
    [`${c}Fin`, ticked(c)],
  ]),
) as Record<`${(typeof CENTRES)[number]}${'Inicio' | 'Fin'}`, (d: InscriptoInput) => boolean>;

export const SHOWN_WHEN = {
  barrioOtro: is('barrio', BARRIO_OTRO),
  centroOtroAclarar: is('ultimoCentro', ULTIMO_CENTRO_OTRO),
  necesidadesEducativasAclarar: is('necesidadesEducativas', 'SI'),
  ...CENTRE_YEARS,
  otrosAdultosAclarar: someOf('otrosAdultos'),
  otrosMenoresAclarar: someOf('otrosMenores'),
  trabajoOtroAclarar: is('trabajo', 'otro'),
  viviendaOtroAclarar: is('vivienda', 'viviendaOtro'),
  vehiculoOtroAclarar: is('vehiculo', 'vehiculoOtro'),
  marcaAuto: car,
  marcaAutoOtroAclarar: (d: InscriptoInput) => car(d) && field(d, 'marcaAuto') === MARCA_AUTO_OTRO,
  modeloAuto: car,
  anioAuto: car,
  razonElegirInstitucionOtra: (d: InscriptoInput) => {
    const razones = field(d, 'razonElegirInstitucion');
    return Array.isArray(razones) && razones.includes('otra');
  },
  trabajoFuturoTipoOtro: is('trabajoFuturoTipo', 'otro'),
  hermanosPrimaria: ticked('tieneHermanosPrimaria'),
} as const satisfies Record<string, (d: InscriptoInput) => boolean>;

export type ConditionalField = keyof typeof SHOWN_WHEN;

/** Every field that is shown only under a condition. */
export const CONDITIONAL_FIELDS = Object.keys(SHOWN_WHEN) as ConditionalField[];

/** True unless the field is a follow-up whose condition does not hold in this data. */
export function isShown(name: string, data: InscriptoInput): boolean {
  return Object.hasOwn(SHOWN_WHEN, name) ? SHOWN_WHEN[name as ConditionalField](data) : true;
}

/** The follow-up fields this data hides (whether or not they hold a value). */
export function hiddenFields(data: InscriptoInput): ConditionalField[] {
  return CONDITIONAL_FIELDS.filter((name) => !SHOWN_WHEN[name](data));
}

/** The data without the values of its hidden follow-ups: what the server stores. Returns a new object. */
export function withoutHidden<T extends InscriptoInput>(data: T): T {
  const hidden = new Set<string>(hiddenFields(data));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!hidden.has(key)) setOwn(out, key, value);
  return out as T;
}
