import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { estrato, motivosCondicion } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import { normalizeBoolean } from '@inscripciones/shared/inscriptos/normalize.ts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * Columns derived from an enrolment's form document, kept beside it so the director's panel counts by
 * GROUP BY and the list filters by segment without parsing every record. Every write path goes
 * through dataColumns (inscripto-mapper.ts), which spreads these. Changing the rule means raising
 * DERIVADOS_VERSION: the server then refills older rows at start.
 */
const DERIVADOS_VERSION = 1;

export function derivedColumns(datos: TInscriptoData) {
  return {
    barrio: datos.barrio || null,
    estrato: estrato(datos.ingresosAclarar, datos.totalIntegrantesHogar),
    condicion: motivosCondicion(datos).join(','),
    hermanos: (datos.hermanosInscriben ?? []).length,
    fuera_zona: normalizeBoolean(datos.fueraDeZonaAutorizado) ? 1 : 0,
    derivados: DERIVADOS_VERSION,
  };
}

const BATCH = 500;

/** A document that does not parse counts as empty: its row still gets (empty) derived values. */
function parseDatos(datos: string): TInscriptoData {
  try {
    return JSON.parse(datos) as TInscriptoData;
  } catch {
    return {} as TInscriptoData;
  }
}

/**
 * Fills the derived columns of rows written before them (or under an older rule), in batches. Idempotent
 * and safe to run from several instances at once: each row gets the same values. Returns how many it filled.
 */
export async function refreshDerivedColumns(db: Kysely<DB>): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db
      .selectFrom('inscriptos')
      .select(['id', 'datos'])
      .where('derivados', '<', DERIVADOS_VERSION)
      // An anonymised record keeps what was derived before its data went (docs/privacy.md).
      .where('anonimizado_en', 'is', null)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return filled;
    // One transaction a batch: one commit instead of one per row.
    await db.transaction().execute(async (tx) => {
      for (const row of rows) {
        const columns = derivedColumns(parseDatos(row.datos));
        await tx.updateTable('inscriptos').set(columns).where('id', '=', row.id).execute();
      }
    });
    filled += rows.length;
  }
}
