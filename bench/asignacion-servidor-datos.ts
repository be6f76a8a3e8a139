import { sql } from 'kysely';
import { openDatabase, type DatabaseOptions } from '../packages/server/src/db/database.ts';
import { findActual } from '../packages/server/src/data/ciclos/ciclos-repository.ts';
import { random } from '../packages/shared/src/test/plazas-random.ts';

/*
 * bench/asignacion-servidor.ts's schools, after the seed generator filled them: each finalised enrolment of the
 * current cycle ranks up to 5 schools of uneven demand (as `redGrande` does: weight 1 / (rank + 5), and half the
 * families put the school where they enrolled first), siblings enrolling together rank the same list, and the
 * cycle gets places for about as many children as the network expects.
 */

export interface Ranked {
  /** Finalised children of the current cycle. */
  ninos: number;
  /** One finalised enrolment (its id and number): the family asking for its status. */
  ejemplo: { id: string; numero: number };
  anio: number;
}

const N = 5;

export async function rankSchool(
  database: DatabaseOptions,
  codigos: readonly string[],
  school: number,
  plazasPorLista: number,
): Promise<Ranked> {
  const { db, dialect } = openDatabase(database);
  try {
    const r = random(1000 + school);
    const acumulado: number[] = [];
    const pesos = codigos.map((_, i) => 1 / (i + 5));
    const total = pesos.reduce((a, b) => a + b, 0);
    pesos.reduce((a, p, i) => (acumulado[i] = a + p / total), 0);
    const elegir = () => {
      const x = r.int(1_000_000) / 1_000_000;
      const i = acumulado.findIndex((a) => a > x);
      return codigos[i === -1 ? codigos.length - 1 : i]!;
    };
    const actual = await findActual(db);
    const rows = await db
      .selectFrom('inscriptos')
      .select(['id', 'numero_inscripcion'])
      .where('ciclo_id', '=', actual.id)
      .where('estado', '=', 'finalizado')
      .orderBy('numero_inscripcion')
      .execute();
    const porNumero = new Map<number, string>();
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('ciclos')
        .set({ plazas_nenas: plazasPorLista - 5 + r.int(11), plazas_varones: plazasPorLista - 5 + r.int(11) })
        .where('id', '=', actual.id)
        .execute();
      for (const row of rows) {
        const numero = row.numero_inscripcion!;
        let lista = porNumero.get(numero);
        if (lista === undefined) {
          const largo = r.chance(0.7) ? N : 1 + r.int(N - 1);
          const elegidas = new Set<string>(r.chance(0.5) ? [codigos[school - 1]!] : []);
          while (elegidas.size < Math.min(largo, codigos.length)) elegidas.add(elegir());
          lista = JSON.stringify([...elegidas]);
          porNumero.set(numero, lista);
        }
        await tx.updateTable('inscriptos').set({ preferencias: lista }).where('id', '=', row.id).execute();
      }
    });
    if (dialect === 'postgres') await sql`vacuum analyze inscriptos`.execute(db);
    const ejemplo = rows[0]!;
    return {
      ninos: rows.length,
      ejemplo: { id: ejemplo.id, numero: ejemplo.numero_inscripcion! },
      anio: actual.anio_ingreso,
    };
  } finally {
    await db.destroy();
  }
}

/** Forgets the year's network raffle and assignment (the network's database), so the next run starts again. */
export async function forgetYear(database: DatabaseOptions, anio: number): Promise<void> {
  const { db } = openDatabase(database);
  try {
    await db.transaction().execute(async (tx) => {
      for (const table of ['red_respuestas', 'red_asignaciones', 'red_sorteos'] as const)
        await tx.deleteFrom(table).where('anio', '=', anio).execute();
    });
  } finally {
    await db.destroy();
  }
}
