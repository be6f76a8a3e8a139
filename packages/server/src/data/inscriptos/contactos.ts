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

/** Where messages about an enrolment may go (decision 0029): only with the family's consent. */
export interface DestinosAvisos {
  id: string;
  cicloId: string;
  numero: number | null;
  /** The child's name parts, for initials only: never put whole into a message. */
  nombre: string;
  /** The answer to "¿Acepta recibir avisos…?" was Sí. */
  consiente: boolean;
  email: string | null;
  celular: string | null;
}

/** The destinations of these enrolments, and whether the family said yes to messages. */
export async function destinosDeAvisos(db: Executor, ids: readonly string[]): Promise<DestinosAvisos[]> {
  const out: DestinosAvisos[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('inscriptos')
      .select(['id', 'ciclo_id', 'numero_inscripcion', 'datos'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      const d = JSON.parse(row.datos) as Partial<TInscriptoData>;
      out.push({
        id: row.id,
        cicloId: row.ciclo_id,
        numero: row.numero_inscripcion === null ? null : Number(row.numero_inscripcion),
        consiente: d.avisosConsentimiento === 'SI',
        nombre: [d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter(Boolean).join(' '),
        email: d.email ?? null,
        celular: d.cel1 ?? null,
      });
    }
  }
  // The order asked for: a sibling group's messages go with its first child's record.
  const order = new Map(ids.map((id, i) => [id, i]));
  return out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}
