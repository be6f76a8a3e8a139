import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { Executor } from '../../db/executor.ts';

/** The adult's contact on each of these enrolments (the roster after the raffle). */
export interface Contacto {
  inscriptor: string;
  telefonos: string;
}

export async function contactosDe(db: Executor, ids: readonly string[]): Promise<Map<string, Contacto>> {
  const out = new Map<string, Contacto>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('inscriptos')
      .select(['id', 'datos'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const d = JSON.parse(row.datos) as Partial<TInscriptoData>;
      out.set(row.id, {
        inscriptor: d.inscriptor ?? '',
        telefonos: [d.cel1, d.cel2, d.cel3, d.tel].filter(Boolean).join(' / '),
      });
    }
  }
  return out;
}
