import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationError } from '@inscripciones/shared/validation-errors.ts';
import { missingTextRule } from '@inscripciones/shared/text-rule.ts';

/**
 * Fastify validator for zod schemas whose failures are AppErrors with Spanish messages that name each
 * field by its label. Routes register the labels of their entity with `labelsFor`.
 */
const labelsBySchema = new WeakMap<z.ZodType, Record<string, string>>();

export function withLabels<T extends z.ZodType>(schema: T, labels: Record<string, string>): T {
  labelsBySchema.set(schema, labels);
  return schema;
}

/**
 * Also a guard, run once per route at start-up: a route whose schema takes text without the text rule
 * (shared/text-rule.ts) stops the server, so no endpoint can let control characters into the database.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, method, url, httpPart }) => {
  const missing = missingTextRule(schema);
  if (missing.length) {
    throw new Error(
      `${method} ${url} ${httpPart ?? ''}: text without the text rule (use safeText): ${missing.join(', ')}`,
    );
  }
  return (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationError(result.error.issues, labelsBySchema.get(schema) ?? {}) };
  };
};
