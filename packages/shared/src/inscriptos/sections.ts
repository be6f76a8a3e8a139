import { ciError } from './ci.ts';
import { CENTRES, CENTRE_LABELS, birthDateError, centreYearError, yearRangeError } from './dates.ts';
import { FIELD_LABELS, SECTION_NUMBERS, type SectionNumber } from './fields.ts';
import { INSCRIPTO_MSG } from './messages.ts';
import { normalizeBoolean } from './normalize.ts';
import { BARRIO_OTRO, MARCA_AUTO_OTRO } from './catalogos.ts';
import { ULTIMO_CENTRO_OTRO, ULTIMO_CENTRO_SELECCIONE, VEHICULOS_CON_AUTO } from './options.ts';
import { type InscriptoInput, field, isFilled, toYear } from './rules-input.ts';

/**
 * What "Siguiente" checks for each section (SPEC 5 "Per-section required fields"): sectionMissing lists the
 * labels of required fields left empty, sectionErrors the rule errors that also block advancing (CI, birth
 * date window, centre years). The form shows the first with INSCRIPTO_MSG.cannotAdvance and the second as a
 * list; sectionBlockers gives both. "Today" is always a parameter.
 */

/** Label of the education-level rule when neither parent's level nor another responsible is given. */
export const NIVEL_EDUCATIVO_RULE_LABEL = 'Nivel educativo (al menos uno: madre o padre)';

const label = (name: string) => FIELD_LABELS[name] ?? name;

/** Label of the CI of the n-th (1-based) sibling enrolling, used when it is invalid. */
export const siblingCiLabel = (n: number) => `Cédula del hermano ${n}`;

function required(data: InscriptoInput, names: readonly string[]): string[] {
  return names.filter((name) => !isFilled(field(data, name))).map(label);
}

/** SPEC 5 education-level rule (section 7, and completeness). */
export function educationLevelMissing(data: InscriptoInput): string[] {
  if (isFilled(field(data, 'otroResponsable'))) return required(data, ['otroResponsableNivel']);
  if (isFilled(field(data, 'nivelEducativoMadre')) || isFilled(field(data, 'nivelEducativoPadre'))) return [];
  return [NIVEL_EDUCATIVO_RULE_LABEL];
}

/** ultimoCentro is empty when blank or the placeholder 'Seleccione' (SPEC 5). */
export function ultimoCentroFilled(data: InscriptoInput): boolean {
  const value = field(data, 'ultimoCentro');
  return isFilled(value) && value !== ULTIMO_CENTRO_SELECCIONE;
}

function hermanosInscriben(data: InscriptoInput): { ci?: unknown }[] {
  const list = field(data, 'hermanosInscriben');
  return Array.isArray(list)
    ? list.map((item: unknown) => (typeof item === 'object' && item !== null ? item : {}))
    : [];
}

/** Index (0-based) and message of each sibling enrolling whose CI is filled and invalid. */
function invalidSiblingCis(data: InscriptoInput): { index: number; message: string }[] {
  return hermanosInscriben(data).flatMap((item, index) => {
    const message = typeof item.ci === 'string' ? ciError(item.ci) : null;
    return message ? [{ index, message }] : [];
  });
}

/** Labels of the fields that block "Siguiente" in this section because they are empty (SPEC 5). */
export function sectionMissing(section: SectionNumber, data: InscriptoInput, _today?: Date): string[] {
  switch (section) {
    case 1:
      return required(data, ['nombre1', 'apellido1', 'fechaNacimiento', 'sexo', 'ci']);
    case 2:
      return required(data, [
        'domicilio',
        'barrio',
        ...(field(data, 'barrio') === BARRIO_OTRO ? ['barrioOtro'] : []),
        ...(normalizeBoolean(field(data, 'fueraDeZonaAutorizado')) ? [] : ['zonaTolerancia']),
        'cel1',
        'inscriptor',
        'parentesco',
      ]);
    case 3: {
      const missing = required(data, ['escuelaAnioActual', 'escuelaAnioActualExtendido', 'escuelaUltimo']);
      if (!ultimoCentroFilled(data)) missing.push(label('ultimoCentro'));
      return [
        ...missing,
        ...required(data, [
          ...(field(data, 'ultimoCentro') === ULTIMO_CENTRO_OTRO ? ['centroOtroAclarar'] : []),
          'escuelaP',
          'necesidadesEducativas',
          ...(field(data, 'necesidadesEducativas') === 'SI' ? ['necesidadesEducativasAclarar'] : []),
          ...CENTRES.filter((c) => normalizeBoolean(field(data, c))).flatMap((c) => [`${c}Inicio`, `${c}Fin`]),
        ]),
      ];
    }
    case 4:
      return required(data, ['menores', 'totalIntegrantesHogar', 'monoparental']);
    case 5:
      return required(data, ['ingresosAclarar']);
    case 6: {
      const car = VEHICULOS_CON_AUTO.includes(String(field(data, 'vehiculo')));
      return required(data, [
        'trabajo',
        'vivienda',
        'vehiculo',
        ...(car ? ['marcaAuto'] : []),
        ...(car && field(data, 'marcaAuto') === MARCA_AUTO_OTRO ? ['marcaAutoOtroAclarar'] : []),
        ...(car ? ['modeloAuto', 'anioAuto'] : []),
      ]);
    }
    case 7:
      return educationLevelMissing(data);
    case 8:
      return required(data, ['razonElegirInstitucion']);
    case 9:
      // An invalid sibling CI blocks advancing (SPEC 5): its label here, the reason in sectionErrors.
      return invalidSiblingCis(data).map(({ index }) => siblingCiLabel(index + 1));
    case 10:
    case 11:
      return [];
  }
}

/**
 * Rule errors that block "Siguiente" in this section: the CI (section 1; an empty CI is reported by
 * sectionMissing), the birth-date window (section 1), the year range and the year window of each ticked
 * centre (section 3; years of unticked centres are ignored, as the form hides them), and the CIs of the
 * siblings enrolling (section 9, "Hermano N: ..."). The CI check digit is never an error (see
 * ciCheckDigitWarning).
 */
export function sectionErrors(section: SectionNumber, data: InscriptoInput, today: Date): string[] {
  switch (section) {
    case 1: {
      const ci = field(data, 'ci');
      const fecha = field(data, 'fechaNacimiento');
      return [
        typeof ci === 'string' ? ciError(ci) : null,
        typeof fecha === 'string' ? birthDateError(fecha, today) : null,
      ].filter((e): e is string => e !== null);
    }
    case 3:
      return CENTRES.filter((c) => normalizeBoolean(field(data, c))).flatMap((c) => {
        const start = toYear(field(data, `${c}Inicio`));
        const end = toYear(field(data, `${c}Fin`));
        return [
          centreYearError(c, 'inicio', start, today),
          centreYearError(c, 'fin', end, today),
          yearRangeError(CENTRE_LABELS[c], start, end),
        ].filter((e): e is string => e !== null);
      });
    case 9:
      return invalidSiblingCis(data).map(({ index, message }) => INSCRIPTO_MSG.siblingCi(index + 1, message));
    default:
      return [];
  }
}

/** Both lists of one section; advancing is allowed when both are empty. */
export function sectionBlockers(
  section: SectionNumber,
  data: InscriptoInput,
  today: Date,
): { missing: string[]; errors: string[] } {
  return { missing: sectionMissing(section, data, today), errors: sectionErrors(section, data, today) };
}

/** The rule errors of every section, in section order (for finalising and for the server). */
export function ruleErrors(data: InscriptoInput, today: Date): string[] {
  return SECTION_NUMBERS.flatMap((section) => sectionErrors(section, data, today));
}
