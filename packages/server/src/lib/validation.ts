import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validationError } from '@inscripciones/shared/validation-errors.ts';

/**
 * Fastify validator for zod schemas whose failures are AppErrors with Spanish messages that name each
 * field by its label. Routes register the labels of their entity with `labelsFor`.
 */
const labelsBySchema = new WeakMap<z.ZodType, Record<string, string>>();

export function withLabels<T extends z.ZodType>(schema: T, labels: Record<string, string>): T {
  labelsBySchema.set(schema, labels);
  return schema;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationError(result.error.issues, labelsBySchema.get(schema) ?? {}) };
  };
