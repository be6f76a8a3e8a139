import { sql, type SelectQueryBuilder } from 'kysely';
import { SIN_DATO, type Segmento } from '@inscripciones/shared/inscriptos/segmento.ts';
import type { DB } from '../../db/schema.ts';

/**
 * The list's WHERE for a segment of the director's panel, on the derived columns
 * (derived-columns.ts). It must count exactly what panel-reads.ts counts for the same bar.
 */
export function whereSegmento<O>(
  q: SelectQueryBuilder<DB, 'inscriptos', O>,
  s: Segmento,
): SelectQueryBuilder<DB, 'inscriptos', O> {
  let out = q;
  if (s.barrio !== undefined)
    out = s.barrio === SIN_DATO ? out.where('barrio', 'is', null) : out.where('barrio', '=', s.barrio);
  if (s.estrato !== undefined) out = out.where('estrato', '=', s.estrato);
  if (s.condicion === 'cualquiera') out = out.where('condicion', '!=', '');
  else if (s.condicion !== undefined)
    out = out.where(sql<boolean>`(',' || condicion || ',') like ${`%,${s.condicion},%`}`);
  if (s.sexo !== undefined) out = s.sexo === SIN_DATO ? out.where('sexo', 'is', null) : out.where('sexo', '=', s.sexo);
  if (s.hermanos === '3+') out = out.where('hermanos', '>=', 3);
  else if (s.hermanos !== undefined) out = out.where('hermanos', '=', Number(s.hermanos));
  if (s.funcionario !== undefined) {
    out = out.where((eb) => eb(eb.fn.coalesce('funcionario', 'created_by'), '=', s.funcionario!));
  }
  if (s.fueraDeZona) out = out.where('fuera_zona', '=', 1);
  return out;
}
