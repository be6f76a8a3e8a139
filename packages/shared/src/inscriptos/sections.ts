import type { FieldError } from '../errors.ts';
import { ciError, normalizeCi } from './ci.ts';
import { CENTRES, CENTRE_LABELS, birthDateError, centreYearError, yearRangeError } from './dates.ts';
import {
  EDUCACION_INICIAL_FIELD,
  FIELD_LABELS,
  SECTION_NUMBERS,
  educacionInicialLabel,
  type SectionNumber,
} from './fields.ts';
import { INSCRIPTO_MSG } from './messages.ts';
import { normalizeBoolean } from './normalize.ts';
import { BARRIO_OTRO, MARCA_AUTO_OTRO } from './catalogos.ts';
import { ULTIMO_CENTRO_OTRO, ULTIMO_CENTRO_SELECCIONE, VEHICULOS_CON_AUTO } from './options.ts';
import { type InscriptoInput, field, isFilled, toYear } from './rules-input.ts';
import { VALIDATION_MSG } from '../messages.ts';

/**
 * What "Siguiente" checks for each section (SPEC 5 "Per-section required fields"): sectionMissing lists the
 * required fields left empty, sectionErrors the rule errors that also block advancing (CI, birth date
 * window, centre years). The form shows the labels of the first with INSCRIPTO_MSG.cannotAdvance and the
 * messages of the second as a list; sectionBlockers gives both. "Today" is always a parameter.
 *
 * Every finding is data, { field, label, message } (FieldError): `field` is the server's field name or path
 * (`hermanosInscriben.1.ci`), so the API lists it in a 400's `fields` and the form marks that input.
 */

/** Label of the education-level rule when neither parent's level nor another responsible is given. */
export const NIVEL_EDUCATIVO_RULE_LABEL = 'Nivel educativo (al menos uno: madre o padre)';

/** The inputs the education-level rule asks for (either one); its finding is named by the first. */
const EDUCATION_LEVEL_FIELDS = ['nivelEducativoMadre', 'nivelEducativoPadre'] as const;

const label = (name: string) => FIELD_LABELS[name] ?? name;

/** Label of the CI of the n-th (1-based) sibling enrolling, used when it is invalid. */
const siblingCiLabel = (n: number) => `Cédula del hermano ${n}`;

/** A finding about one field, labelled for display. */
export const finding = (name: string, message: string): FieldError => ({ field: name, label: label(name), message });

/**
 * The labels of a list of findings (what the messages list, in order); with the cycle's intake year, the
 * label that names a year names that cycle's (fields.ts `educacionInicialLabel`).
 */
export const labelsOf = (findings: readonly FieldError[], anioIngreso?: number | null): string[] =>
  findings.map((f) =>
    f.field === EDUCACION_INICIAL_FIELD && anioIngreso ? educacionInicialLabel(anioIngreso) : f.label,
  );

/**
 * The inputs a finding is about: its field, or both parents' levels for the education-level rule (either
 * one satisfies it, so neither alone is required).
 */
export function inputsOf(found: FieldError): readonly string[] {
  return found.field === EDUCATION_LEVEL_FIELDS[0] ? EDUCATION_LEVEL_FIELDS : [found.field];
}

function required(data: InscriptoInput, names: readonly string[]): FieldError[] {
  return names.filter((name) => !isFilled(field(data, name))).map((name) => finding(name, VALIDATION_MSG.required));
}

/** SPEC 5 education-level rule (section 7, and completeness). */
export function educationLevelMissing(data: InscriptoInput): FieldError[] {
  if (isFilled(field(data, 'otroResponsable'))) return required(data, ['otroResponsableNivel']);
  if (isFilled(field(data, 'nivelEducativoMadre')) || isFilled(field(data, 'nivelEducativoPadre'))) return [];
  return [{ field: EDUCATION_LEVEL_FIELDS[0], label: NIVEL_EDUCATIVO_RULE_LABEL, message: NIVEL_EDUCATIVO_RULE_LABEL }];
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

/** Path of the CI of a sibling enrolling (0-based index), as the API names it. */
const siblingCiField = (index: number) => `hermanosInscriben.${index}.ci`;

/** Index (0-based) and message of each sibling enrolling whose CI is filled and invalid. */
function invalidSiblingCis(data: InscriptoInput): { index: number; message: string }[] {
  return hermanosInscriben(data).flatMap((item, index) => {
    const message = typeof item.ci === 'string' ? ciError(item.ci) : null;
    return message ? [{ index, message }] : [];
  });
}

/** Index (0-based) of each sibling enrolling whose valid CI is the child's own (one person, two records). */
function siblingCisOfChild(data: InscriptoInput): number[] {
  const own = field(data, 'ci');
  if (typeof own !== 'string' || !isFilled(own) || ciError(own)) return [];
  return hermanosInscriben(data).flatMap((item, index) =>
    typeof item.ci === 'string' && !ciError(item.ci) && normalizeCi(item.ci) === normalizeCi(own) ? [index] : [],
  );
}

/** A row with at least one field filled; an untouched row is dropped before a save (stripEmpty). */
const isFilledRow = (row: unknown) =>
  typeof row === 'object' && row !== null && Object.values(row).some((value) => isFilled(value));

/** Section 10 answered "Sí" must name at least one sibling, or "Sí" says nothing the raffle can use. */
function primariaWithoutSibling(data: InscriptoInput): boolean {
  if (!normalizeBoolean(field(data, 'tieneHermanosPrimaria'))) return false;
  const list = field(data, 'hermanosPrimaria');
  return !(Array.isArray(list) && list.some(isFilledRow));
}

/**
 * The consent to messages (Ley 18.331) is asked whenever there is somewhere to send them: an e-mail or the
 * first mobile, the phone channel's number.
 */
export function consentimientoRequerido(data: InscriptoInput): boolean {
  return isFilled(field(data, 'email')) || isFilled(field(data, 'cel1'));
}

/** The fields that block "Siguiente" in this section because they are empty (SPEC 5). */
export function sectionMissing(section: SectionNumber, data: InscriptoInput, _today?: Date): FieldError[] {
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
        ...(consentimientoRequerido(data) ? ['avisosConsentimiento'] : []),
        'inscriptor',
        'parentesco',
      ]);
    case 3: {
      const missing = required(data, ['escuelaAnioActual', 'escuelaAnioActualExtendido', 'escuelaUltimo']);
      if (!ultimoCentroFilled(data)) missing.push(finding('ultimoCentro', VALIDATION_MSG.required));
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
      // An invalid sibling CI blocks advancing (SPEC 5): named here, and with "Hermano N: ..." in sectionErrors.
      return invalidSiblingCis(data).map(({ index, message }) => ({
        field: siblingCiField(index),
        label: siblingCiLabel(index + 1),
        message,
      }));
    case 10:
    case 11:
      return [];
  }
}

/**
 * Rule errors that block "Siguiente" in this section: the CI (section 1; an empty CI is reported by
 * sectionMissing), the birth-date window (section 1), the year range and the year window of each ticked
 * centre (section 3; years of unticked centres are ignored, as the form hides them), the CIs of the
 * siblings enrolling (section 9, "Hermano N: ...": invalid, or the child's own), and "Sí" to siblings in
 * primary with no sibling named (section 10). The CI check digit is never an error (see ciCheckDigitWarning).
 */
export function sectionErrors(section: SectionNumber, data: InscriptoInput, today: Date): FieldError[] {
  switch (section) {
    case 1: {
      const ci = field(data, 'ci');
      const fecha = field(data, 'fechaNacimiento');
      return found([
        ['ci', typeof ci === 'string' ? ciError(ci) : null],
        ['fechaNacimiento', typeof fecha === 'string' ? birthDateError(fecha, today) : null],
      ]);
    }
    case 3:
      return CENTRES.filter((c) => normalizeBoolean(field(data, c))).flatMap((c) => {
        const start = toYear(field(data, `${c}Inicio`));
        const end = toYear(field(data, `${c}Fin`));
        return found([
          [`${c}Inicio`, centreYearError(c, 'inicio', start, today)],
          [`${c}Fin`, centreYearError(c, 'fin', end, today)],
          [`${c}Fin`, yearRangeError(CENTRE_LABELS[c], start, end)],
        ]);
      });
    case 9:
      return [
        ...invalidSiblingCis(data),
        ...siblingCisOfChild(data).map((index) => ({ index, message: INSCRIPTO_MSG.siblingCiIsChild })),
      ]
        .sort((a, b) => a.index - b.index)
        .map(({ index, message }) => ({
          field: siblingCiField(index),
          label: siblingCiLabel(index + 1),
          message: INSCRIPTO_MSG.siblingCi(index + 1, message),
        }));
    case 10:
      // Named by the "Sí/No" question: with no row left there is no sibling input to mark.
      return primariaWithoutSibling(data)
        ? [finding('tieneHermanosPrimaria', INSCRIPTO_MSG.siblingPrimariaRequired)]
        : [];
    default:
      return [];
  }
}

/** The findings of [field, error or null] pairs, in order. */
function found(checks: readonly (readonly [string, string | null])[]): FieldError[] {
  return checks.flatMap(([name, message]) => (message === null ? [] : [finding(name, message)]));
}

/** Both lists of one section; advancing is allowed when both are empty. */
export function sectionBlockers(
  section: SectionNumber,
  data: InscriptoInput,
  today: Date,
): { missing: FieldError[]; errors: FieldError[] } {
  return { missing: sectionMissing(section, data, today), errors: sectionErrors(section, data, today) };
}

/** The rule errors of every section, in section order (for finalising and for the server). */
export function ruleErrors(data: InscriptoInput, today: Date): FieldError[] {
  return SECTION_NUMBERS.flatMap((section) => sectionErrors(section, data, today));
}
