import { INSCRIPTO_DATA_KEYS, type TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { normalizeBoolean, stripEmpty } from '@inscripciones/shared/inscriptos/normalize.ts';
import { hiddenFields } from '@inscripciones/shared/inscriptos/shown-when.ts';
import { BOOLEAN_FIELDS, type BooleanField } from '@inscripciones/shared/inscriptos/field-options.ts';
import type { InscriptoInput } from '@inscripciones/shared/inscriptos/rules-input.ts';

/**
 * The form's state: every field of the enrolment by its SERVER name (SPEC 3), as the inputs hold it —
 * text for text, selects, radios, counts and years ('' = not answered), booleans for the check boxes, lists
 * for the reasons and the siblings. The shared rules accept this raw shape (InscriptoInput), and the API
 * body is built from it by toPayload (the whole form, every section).
 */

type ListField = 'razonElegirInstitucion' | 'hermanosInscriben' | 'hermanosPrimaria';
export type TextField = Exclude<keyof TInscriptoData, BooleanField | ListField>;

export interface HermanoInscribeValues {
  nombre: string;
  nivel: string;
  ci: string;
  sexo: string;
}

export interface HermanoPrimariaValues {
  nombre: string;
  nivel: string;
  grupo: string;
}

export type FormValues = { [K in TextField]: string } & { [K in BooleanField]: boolean } & {
  razonElegirInstitucion: string[];
  hermanosInscriben: HermanoInscribeValues[];
  hermanosPrimaria: HermanoPrimariaValues[];
  /** System field, chosen by administrators (SPEC 2); '' until known. */
  funcionario: string;
  /**
   * The schools ranked for the network's assignment, first choice first (docs/decisions/0028); absent until the
   * record has some or the control is used, so a form that never showed it sends nothing (the list stays).
   */
  preferencias?: string[];
};

const BOOLEAN_SET: ReadonlySet<string> = new Set(BOOLEAN_FIELDS);
const LIST_FIELDS: ReadonlySet<string> = new Set<ListField>([
  'razonElegirInstitucion',
  'hermanosInscriben',
  'hermanosPrimaria',
]);

const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

export const emptyHermanoInscribe = (): HermanoInscribeValues => ({ nombre: '', nivel: '', ci: '', sexo: '' });
export const emptyHermanoPrimaria = (): HermanoPrimariaValues => ({ nombre: '', nivel: '', grupo: '' });

function hermanosInscriben(value: unknown): HermanoInscribeValues[] {
  if (!Array.isArray(value)) return [];
  return value.map((row: Record<string, unknown> | null) => ({
    nombre: text(row?.nombre),
    nivel: text(row?.nivel),
    ci: text(row?.ci),
    sexo: text(row?.sexo),
  }));
}

function hermanosPrimaria(value: unknown): HermanoPrimariaValues[] {
  if (!Array.isArray(value)) return [];
  return value.map((row: Record<string, unknown> | null) => ({
    nombre: text(row?.nombre),
    nivel: text(row?.nivel),
    grupo: text(row?.grupo),
  }));
}

/** The form state of a stored record (or of a new, empty one). */
export function toFormValues(record: Readonly<Record<string, unknown>> | null, funcionario = ''): FormValues {
  const values: Record<string, unknown> = {};
  const get = (name: string) => (record && Object.hasOwn(record, name) ? record[name] : undefined);
  for (const name of INSCRIPTO_DATA_KEYS) {
    if (LIST_FIELDS.has(name)) continue;
    values[name] = BOOLEAN_SET.has(name) ? normalizeBoolean(get(name)) : text(get(name));
  }
  const razones = get('razonElegirInstitucion');
  values.razonElegirInstitucion = Array.isArray(razones) ? razones.map(String) : [];
  // The rows shown follow the number enrolling; empty rows are not stored, so they are added back.
  const rows = hermanosInscriben(get('hermanosInscriben'));
  const cantidad = Number(values.cantidadHermanosInscriben) || 0;
  while (rows.length < cantidad) rows.push(emptyHermanoInscribe());
  values.hermanosInscriben = rows;
  values.hermanosPrimaria = hermanosPrimaria(get('hermanosPrimaria'));
  values.funcionario = text(get('funcionario')) || funcionario;
  const preferencias = get('preferencias');
  if (Array.isArray(preferencias)) values.preferencias = preferencias.map(String);
  return values as FormValues;
}

/**
 * The form data as the rules and the API see it: hidden follow-ups blanked (the shared rule, so a changed
 * answer leaves no stale detail behind) and the sibling list cut to the number enrolling. `funcionario` is
 * kept (completeness counts it).
 */
function formData(values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const name of hiddenFields(values)) {
    if (name === 'hermanosPrimaria') out.hermanosPrimaria = [];
    else out[name] = '';
  }
  const cantidad = Number(values.cantidadHermanosInscriben) || 0;
  out.hermanosInscriben = values.hermanosInscriben.slice(0, cantidad);
  return out;
}

/** What the shared rules take (an InscriptoInput plus funcionario). */
export function rulesInput(values: FormValues): FormValues & InscriptoInput {
  return formData(values);
}

/**
 * The API body (POST, PUT, finalizar): the whole form with server names, empties removed (SPEC 4).
 * `funcionario` only when the user may choose it (administrators; the server fixes it for others).
 */
export function toPayload(values: FormValues, withFuncionario: boolean): Record<string, unknown> {
  const { funcionario, preferencias, ...data } = formData(values);
  const body = stripEmpty(data as Record<string, unknown>);
  if (withFuncionario && funcionario) body.funcionario = funcionario;
  // An emptied list is sent as such: the server then stores none.
  if (preferencias !== undefined) body.preferencias = preferencias;
  return body;
}
