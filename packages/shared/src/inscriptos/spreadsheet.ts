import { searchKey } from '../text.ts';
import { HERMANO_FIELD_LABELS, INSCRIPTO_FIELDS } from './fields.ts';
import { INSCRIPTO_FIELD_ALIASES } from './inscripto-schema.ts';
import { formatCi } from './ci.ts';

/**
 * The spreadsheet layout shared by the Excel export and the import, so an exported file imports back:
 * one column per form field headed by its Spanish label, plus the system columns below. Sibling lists
 * are one cell each, "Nombre completo: Ana, Nivel: Inicial, Cédula: 6.123.456-7, Sexo: F | ...".
 */
export const SYSTEM_COLUMNS = {
  numeroInscripcion: 'N° Inscripción',
  estado: 'Estado',
  fechaInscripcion: 'Fecha de inscripción',
  funcionario: 'Inscripción realizada por',
  createdBy: 'Creada por',
  condicional: 'Inscripción condicional',
  estrato: 'Estrato socioeconómico',
} as const;

export const SIBLING_COLUMNS = {
  hermanosInscriben: ['nombre', 'nivel', 'ci', 'sexo'],
  hermanosPrimaria: ['nombre', 'nivel', 'grupo'],
} as const;

const HEADER_TO_FIELD: ReadonlyMap<string, string> = new Map([
  ...INSCRIPTO_FIELDS.flatMap((f) => [[searchKey(f.label), f.name] as const, [searchKey(f.name), f.name] as const]),
  ...Object.entries(INSCRIPTO_FIELD_ALIASES).map(([form, server]) => [searchKey(form), server] as const),
  ...Object.entries(SYSTEM_COLUMNS).flatMap(([name, label]) => [
    [searchKey(label), name] as const,
    [searchKey(name), name] as const,
  ]),
  [searchKey('N° de inscripción'), 'numeroInscripcion'],
  [searchKey('Nº Inscripción'), 'numeroInscripcion'],
]);

/** The field a column header stands for: a label, a server name or a form name, in any case or accent. */
export function columnField(header: string): string | undefined {
  return HEADER_TO_FIELD.get(searchKey(header));
}

const LABEL_TO_SIBLING_KEY = new Map(
  Object.entries(HERMANO_FIELD_LABELS).map(([key, label]) => [searchKey(label), key]),
);

export function siblingsToText(list: unknown, keys: readonly string[]): string {
  if (!Array.isArray(list)) return '';
  return (list as Record<string, unknown>[])
    .map((h) =>
      keys
        .map(
          (k) =>
            `${HERMANO_FIELD_LABELS[k] ?? k}: ${k === 'ci' && typeof h[k] === 'string' ? formatCi(h[k]) : (h[k] ?? '')}`,
        )
        .join(', '),
    )
    .join(' | ');
}

/** The reverse of siblingsToText; unknown labels are ignored, the schema validates the values. */
export function siblingsFromText(text: string): Record<string, string>[] {
  return text
    .split('|')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const sibling: Record<string, string> = {};
      for (const pair of part.split(',')) {
        const i = pair.indexOf(':');
        if (i < 0) continue;
        const key = LABEL_TO_SIBLING_KEY.get(searchKey(pair.slice(0, i)));
        const value = pair.slice(i + 1).trim();
        if (key && value) sibling[key] = value;
      }
      return sibling;
    });
}
