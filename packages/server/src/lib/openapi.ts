import { z } from 'zod';
import { ERROR_STATUS } from '@inscripciones/shared/errors.ts';

/** The error body every endpoint may answer with (documented in OpenAPI). */
export const ZErrorBody = z.object({
  message: z.string(),
  code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS]),
  fields: z.array(z.object({ field: z.string(), label: z.string(), message: z.string() })).optional(),
});
