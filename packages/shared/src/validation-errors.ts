import type { z } from 'zod';
import { AppError, type FieldError } from './errors.ts';
import { VALIDATION_MSG } from './messages.ts';

/** Turns zod issues into field errors named with their Spanish labels (DESIGN "API": 400 lists fields). */
export function zodIssuesToFields(issues: readonly z.core.$ZodIssue[], labels: Record<string, string>): FieldError[] {
  const fields: FieldError[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const field = [...issue.path.map(String), key].join('.');
        fields.push({ field, label: field, message: `${VALIDATION_MSG.unknownField}: ${field}` });
      }
      continue;
    }
    const field = issue.path.map(String).join('.');
    const top = String(issue.path[0] ?? '');
    fields.push({ field, label: labels[top] ?? (field || 'Solicitud'), message: issue.message });
  }
  return fields;
}

export function validationError(issues: readonly z.core.$ZodIssue[], labels: Record<string, string>): AppError {
  const fields = zodIssuesToFields(issues, labels);
  const list = fields.map((f) => (f.message.startsWith(f.label) ? f.message : `${f.label}: ${f.message}`));
  return new AppError('VALIDATION', `${VALIDATION_MSG.summary}: ${list.join('; ')}`, fields);
}
