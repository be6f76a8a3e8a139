import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/** The enrolments retention reads and anonymisation rewrites (docs/privacy.md, decision 0017). */

export function rowsOfCiclo(db: Executor, cicloId: string) {
  return db.selectFrom('inscriptos').selectAll().where('ciclo_id', '=', cicloId).orderBy('id').execute();
}

export interface Anonimizada {
  id: string;
  datos: string;
  estrato: string;
  condicional: number;
}

/**
 * Rewrites the records and returns the ids it rewrote: no CI, no searchable name, only the kept fields, the
 * derived values frozen. Their sibling CIs go; their audit keys are the audit's (domain/anonimizacion).
 */
export async function anonymise(
  tx: Transaction<DB>,
  rows: readonly Anonimizada[],
  usuario: string,
  now: string,
): Promise<string[]> {
  const done: string[] = [];
  for (const r of rows) {
    const result = await tx
      .updateTable('inscriptos')
      .set((eb) => ({
        ci: null,
        nombre_busqueda: '',
        hermanos_busqueda: '',
        datos: r.datos,
        anonimizado_en: now,
        estrato_conservado: r.estrato,
        condicional_conservado: r.condicional,
        updated_by: usuario,
        updated_at: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', r.id)
      // A concurrent anonymisation that got there first: this one leaves the record alone.
      .where('anonimizado_en', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) done.push(r.id);
  }
  for (let i = 0; i < done.length; i += 500) {
    await tx
      .deleteFrom('inscripto_hermanos')
      .where('inscripto_id', 'in', done.slice(i, i + 500))
      .execute();
  }
  return done;
}
