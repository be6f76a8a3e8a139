import { z } from 'zod';
import { ERROR_STATUS } from '@inscripciones/shared/errors.ts';

/** The error body every endpoint may answer with (documented in OpenAPI). */
export const ZErrorBody = z.object({
  message: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS]),
  fields: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});

interface DocumentoOpenApi {
  paths?: Record<string, Record<string, { parameters?: unknown[] }>>;
  components?: { parameters?: Record<string, unknown> };
}

/**
 * Every path of the API takes an optional `escuela`, the school's code (decision 0036): the dispatch reads it
 * before any route does, so the document adds it to each operation here.
 */
export function conParametroEscuela(documento: { openapiObject: object } | { swaggerObject: object }) {
  const doc = ('openapiObject' in documento ? documento.openapiObject : documento.swaggerObject) as DocumentoOpenApi;
  for (const [path, operaciones] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const op of Object.values(operaciones)) {
      op.parameters = [
        ...(op.parameters ?? []),
        {
          in: 'query',
          name: 'escuela',
          required: false,
          description:
            'Código de la escuela de la red; sin él, la única escuela de la cuenta (o la primera, sin sesión)',
          schema: { type: 'string' },
        },
      ];
    }
  }
  return doc as Record<string, unknown>;
}
