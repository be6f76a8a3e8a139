import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { DB, InscriptoHermanosTable, InscriptosTable } from '../../db/schema.ts';
import { dataColumns, siblingCis } from '../../data/inscriptos/inscripto-mapper.ts';
import { generateFamilies, type SeedFamily } from './generate.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { allocateNumbers } from '../../data/ciclos/numeracion.ts';
import { cisInUse, insertAtOnce } from '../../data/inscriptos/inscriptos-repository.ts';

/**
 * Fills a database with synthetic enrolments (`npm run seed`, the end-to-end tests, benchmarks), with the
 * columns the API writes (dataColumns, inscripto_hermanos). Seeded rows get no audit entries: they are
 * synthetic, not anyone's work, and the audit chain should only vouch for real writes.
 */

export interface SeedOptions {
  count: number;
  today: Date;
  usernames: readonly string[];
  seed: number;
  /** The cycle to fill (docs/decisions/0014); the current one when left out. */
  cicloId?: string;
}

export interface SeedResult {
  inserted: number;
  finalizados: number;
  pendientes: number;
  /** Sibling groups (2–3 children enrolled together, sharing a number once finalised). */
  grupos: number;
}

/** Records per transaction; each is also at most one multi-row INSERT (15 columns → 7,500 parameters). */
const BATCH_SIZE = 500;

export async function seedInscriptos(db: Kysely<DB>, options: SeedOptions): Promise<SeedResult> {
  const cicloId = options.cicloId ?? (await findActual(db)).id;
  const taken = await cisInUse(db, cicloId);
  const result: SeedResult = { inserted: 0, finalizados: 0, pendientes: 0, grupos: 0 };
  let batch: SeedFamily[] = [];
  let size = 0;
  // A batch ends between families, so siblings are numbered in the same transaction.
  for (const family of generateFamilies({ ...options, isCiTaken: (ci) => taken.has(ci) })) {
    batch.push(family);
    size += family.length;
    if (size >= BATCH_SIZE) {
      await insertBatch(db, cicloId, batch, result);
      batch = [];
      size = 0;
    }
  }
  if (batch.length) await insertBatch(db, cicloId, batch, result);
  return result;
}

async function insertBatch(db: Kysely<DB>, cicloId: string, families: SeedFamily[], result: SeedResult): Promise<void> {
  const finalised = families.filter((f) => f[0]!.estado === 'finalizado').length;
  await db.transaction().execute(async (tx) => {
    let numero = finalised ? await allocateNumbers(tx, cicloId, finalised) : 0;
    const rows: Insertable<InscriptosTable>[] = [];
    const hermanos: Insertable<InscriptoHermanosTable>[] = [];
    for (const family of families) {
      // Siblings enrolled together share one number (docs/decisions/0006).
      const shared = family[0]!.estado === 'finalizado' ? numero++ : null;
      for (const r of family) {
        // UUIDv7 from the creation time, as if the API had created the record then.
        const id = uuidv7({ msecs: Date.parse(r.createdAt) });
        rows.push({
          id,
          ciclo_id: cicloId,
          numero_inscripcion: shared,
          estado: r.estado,
          ...dataColumns(r.datos),
          created_by: r.createdBy,
          funcionario: r.funcionario,
          updated_by: r.updatedBy,
          fecha_inscripcion: r.createdAt,
          created_at: r.createdAt,
          updated_at: r.updatedAt,
          version: r.version,
        });
        for (const ci of new Set(siblingCis(r.datos))) hermanos.push({ inscripto_id: id, ci });
      }
    }
    await insertAtOnce(tx, rows, hermanos, BATCH_SIZE);
  });
  for (const family of families) {
    result.inserted += family.length;
    if (family[0]!.estado === 'finalizado') result.finalizados += family.length;
    else result.pendientes += family.length;
    if (family.length > 1) result.grupos += 1;
  }
}
