import { HERMANO_FIELD_LABELS } from './fields.ts';
import { optionLabel } from './field-options.ts';
import { formatCi } from './ci.ts';
import { formatDateDMY } from './dates.ts';

/** What a PDF or a report prints for a field without a value. */
export const EMPTY_VALUE = '—';

/** The human-readable value of a field: option labels, Sí/No, DD/MM/YYYY, X.XXX.XXX-X. */
export function displayValue(field: string, value: unknown): string {
  if (field === 'ci' && typeof value === 'string') return formatCi(value);
  if (field === 'fechaNacimiento' && typeof value === 'string') return formatDateDMY(value) || value;
  const text = optionLabel(field, value);
  return text === '' ? EMPTY_VALUE : text;
}

/** A sibling's field as the form shows it: "Femenino", "3° año", X.XXX.XXX-X. */
export function siblingValue(listName: string, field: string, value: unknown): string {
  if (field === 'ci' && typeof value === 'string') return formatCi(value);
  const text = optionLabel(`${listName}.${field}`, value);
  return text === '' ? EMPTY_VALUE : text;
}

/** A list of siblings, one per line: "Nombre completo: Ana Pérez; Cédula: 1.234.567-8". */
export function siblingsText(listName: string, list: unknown): string {
  const items = Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
  return items
    .map((h) =>
      Object.entries(h)
        .filter(([, v]) => v !== undefined && v !== null && v !== '')
        .map(([k, v]) => `${HERMANO_FIELD_LABELS[k] ?? k}: ${siblingValue(listName, k, v)}`)
        .join('; '),
    )
    .join('\n');
}
