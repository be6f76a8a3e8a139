import type { Executor } from '../../db/executor.ts';

/** One counter of `panel_conteos`: the dimension, the value ('' when empty) and how many records have it. */
export interface PanelConteo {
  dimension: string;
  clave: string;
  n: number;
}

/**
 * The director's panel's counts of one cycle (issue 21): the counters the triggers of migration 0018 keep,
 * a few hundred rows whatever the number of enrolments. segmento-filter.ts filters the list by the same
 * derived columns, so a bar and its list agree.
 */
export async function panelCounts(db: Executor, cicloId: string): Promise<PanelConteo[]> {
  const rows = await db
    .selectFrom('panel_conteos')
    .select(['dimension', 'clave', 'n'])
    .where('ciclo_id', '=', cicloId)
    .where('n', '>', 0)
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}
