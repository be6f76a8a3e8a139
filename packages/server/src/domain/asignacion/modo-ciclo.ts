import type { Kysely } from 'kysely';
import { MAX_PREFERENCIAS_POR_DEFECTO } from '@inscripciones/shared/asignacion/schemas.ts';
import type { DB } from '../../db/schema.ts';

/** The network's N for a cycle's year: how many schools a family may rank. */
export async function maxPreferenciasDelAnio(_redDb: Kysely<DB>, _anio: number): Promise<number> {
  return MAX_PREFERENCIAS_POR_DEFECTO;
}
