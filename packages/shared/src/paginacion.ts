import { z } from './zod-es.ts';

/**
 * `?page=&pageSize=` of every paged list (1-based pages, 1 to 100 a page), with the list's own default page
 * size: one rule and one set of Spanish messages for the list of enrolments, duplicates, messages and accesses.
 */
export function paginacion(porPagina: number) {
  const tamano = 'El tamaño de página debe ser entre 1 y 100';
  return {
    page: z.coerce.number({ error: 'La página debe ser un número' }).int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce
      .number({ error: 'El tamaño de página debe ser un número' })
      .int()
      .min(1, { error: tamano })
      .max(100, { error: tamano })
      .default(porPagina),
  };
}
