import type { Kysely } from 'kysely';
import type { AccesosTable, DB } from '../../db/schema.ts';

export interface AccesosFilters {
  usuario: string | null;
  inscriptoId: string | null;
  accion: AccesosTable['accion'] | null;
  /** ISO instants, from included, to excluded. */
  desde: string | null;
  hasta: string | null;
}

export async function insertAcceso(db: Kysely<DB>, row: AccesosTable): Promise<void> {
  await db.insertInto('accesos').values(row).execute();
}

function filtered(db: Kysely<DB>, f: AccesosFilters) {
  let q = db.selectFrom('accesos');
  if (f.usuario) q = q.where('usuario', '=', f.usuario);
  if (f.inscriptoId) q = q.where('inscripto_id', '=', f.inscriptoId);
  if (f.accion) q = q.where('accion', '=', f.accion);
  if (f.desde) q = q.where('fecha', '>=', f.desde);
  if (f.hasta) q = q.where('fecha', '<', f.hasta);
  return q;
}

/** Newest first; ids are UUIDv7, so they break ties in time order. */
export async function listAccesos(db: Kysely<DB>, f: AccesosFilters, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('fecha', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * Everything the log says about one enrolment, oldest first: its own reads, and the bulk exports made since it
 * was created (they held every enrolment of a cycle, or all of them, and name none).
 */
export function accesosDeInscripto(db: Kysely<DB>, inscriptoId: string, desde: string) {
  return db
    .selectFrom('accesos')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('inscripto_id', '=', inscriptoId),
        eb.and([eb('accion', '=', 'exportar'), eb('inscripto_id', 'is', null), eb('fecha', '>=', desde)]),
      ]),
    )
    .orderBy('fecha')
    .orderBy('id')
    .execute();
}
