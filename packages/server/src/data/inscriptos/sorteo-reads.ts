import { sql, type Expression } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';

/** What the raffle reads of the enrolments (the `inscriptos` table belongs here, not to the raffle). */

/** The form fields a raffle reads. */
const EXTRACTO = ['nombre1', 'nombre2', 'apellido1', 'apellido2', 'tieneHermanosPrimaria', 'hermanosInscriben'];

/**
 * The finalised enrolments (they all have a number, docs/decisions/0006) with the columns the raffle reads.
 * SQLite extracts the EXTRACTO fields of `datos` itself (`extracto`, a JSON array in that order), which saves
 * moving and parsing every whole form. PostgreSQL returns `datos`: measured here, its
 * jsonb parsing is slower than sending the text and parsing it in Node.
 */
export function finalisedEnrolments(db: Executor, dialect: Dialect, cicloId: string) {
  const q = db
    .selectFrom('inscriptos')
    .select(['id', 'numero_inscripcion', 'ci', 'sexo'])
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'finalizado')
    .where('numero_inscripcion', 'is not', null)
    .orderBy('numero_inscripcion')
    .orderBy('id');
  return dialect === 'sqlite'
    ? q
        .select([
          sql<string>`json_extract(datos, ${sql.join(EXTRACTO.map((f) => sql.lit(`$.${f}`)))})`.as('extracto'),
          sql<null>`null`.as('datos'),
        ])
        .execute()
    : q.select([sql<null>`null`.as('extracto'), 'datos']).execute();
}

/** The CIs of the cycle's enrolments, in any state: a listed sibling with one of them has a record of their own. */
export async function enrolledCis(db: Executor, cicloId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('inscriptos')
    .select('ci')
    .where('ciclo_id', '=', cicloId)
    .where('ci', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.ci!));
}

/**
 * The raffle's pre-flight: enrolments that were finalised once (the audit chain has their
 * 'finalizar': `finalizada`, data/auditoria's subquery for one record's id) and are pendiente now, so they would
 * not take part; with who saved them last and when.
 */
export function desfinalizados(
  db: Executor,
  cicloId: string,
  finalizada: (inscriptoId: Expression<string>) => Expression<unknown>,
) {
  return db
    .selectFrom('inscriptos')
    .select(['id', 'numero_inscripcion', 'updated_by', 'updated_at', 'datos'])
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'pendiente')
    .where((eb) => eb.exists(finalizada(eb.ref('inscriptos.id'))))
    .orderBy('updated_at', 'desc')
    .execute();
}

/** How many of the cycle's enrolments are pendiente. */
export async function countPendientes(db: Executor, cicloId: string): Promise<number> {
  const row = await db
    .selectFrom('inscriptos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'pendiente')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each finalised enrolment's ranked schools for the network's assignment (0039): JSON text, null when none. */
export async function preferenciasDelCiclo(db: Executor, cicloId: string): Promise<Map<string, string | null>> {
  const rows = await db
    .selectFrom('inscriptos')
    .select(['id', 'preferencias'])
    .where('ciclo_id', '=', cicloId)
    .where('estado', '=', 'finalizado')
    .execute();
  return new Map(rows.map((r) => [r.id, r.preferencias ?? null]));
}
