import { z } from 'zod';
import { ZErrorBody } from '../../lib/openapi.ts';

/** What the raffle's routes (sorteo-routes.ts, sorteo-actas-routes.ts) share in their schemas. */

/** The ZErrorBody plus SPEC 7's `error` (same text), added by sorteo-routes.ts' onSend hook. */
export const ZSorteoError = ZErrorBody.extend({ error: z.string().optional() });
export const errors = { 400: ZSorteoError, 401: ZSorteoError, 403: ZSorteoError, 404: ZSorteoError, 409: ZSorteoError };
export const publicCommon = { tags: ['sorteo'] };
export const adminCommon = { tags: ['sorteo'], security: [{ bearerAuth: [] }] };
export const file = z.any().describe('archivo');
