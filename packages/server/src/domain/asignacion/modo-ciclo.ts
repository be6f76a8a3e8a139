import type { Kysely } from 'kysely';
import { MAX_PREFERENCIAS_POR_DEFECTO } from '@inscripciones/shared/asignacion/schemas.ts';
import type { TModoCiclo } from '@inscripciones/shared/asignacion/api-schema.ts';
import type { DB } from '../../db/schema.ts';
import { findCiclo } from '../../data/asignacion/asignacion-repository.ts';

/*
 * An intake year's choice (docs/decisions/0039): separate school raffles ('escuela', also with no row: today's
 * behaviour) or the network's assignment ('red'), and the network's N. Read from the network's database.
 */

export async function modoDelAnio(redDb: Kysely<DB>, anio: number): Promise<TModoCiclo> {
  return (await findCiclo(redDb, anio))?.modo ?? 'escuela';
}

/** The network's N for a cycle's year: how many schools a family may rank. */
export async function maxPreferenciasDelAnio(redDb: Kysely<DB>, anio: number): Promise<number> {
  return (await findCiclo(redDb, anio))?.max_preferencias ?? MAX_PREFERENCIAS_POR_DEFECTO;
}
