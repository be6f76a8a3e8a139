import type { Kysely } from 'kysely';
import type { TParDuplicado } from '@inscripciones/shared/duplicados/duplicados.ts';
import { DuplicadosIndex } from '@inscripciones/shared/duplicados/duplicados-index.ts';
import type { TParDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { DB } from '../../db/schema.ts';
import { resoluciones } from '../../data/duplicados/duplicados-repository.ts';
import { alDia, enTurnos, mostrar, registros } from './deteccion.ts';
import { abierto, fuente, type ParAbierto, type Registro } from './pares.ts';

/**
 * The open pairs of possible duplicates (issue 24), detected from the enrolments as they are now (the pure rule
 * in packages/shared), minus the pairs a person resolved as two children. A resolution is kept
 * with the hash of the fields the rule read (`huella`): an edit elsewhere in either record leaves the pair
 * resolved, an edit of those fields reopens it.
 */

/** Every pair detected now, with its hash; resolved or not. */
async function detectados(db: Kysely<DB>): Promise<ParAbierto[]> {
  const e = await alDia(db);
  if (!e.pares) await mostrar(e);
  return e.pares!;
}

/** The pairs, split into open ones and those resolved with the same matched fields. */
async function clasificar(pares: Promise<ParAbierto[]>, db: Kysely<DB>) {
  const [detectadas, resueltos] = await Promise.all([pares, resoluciones(db)]);
  const porId = new Map(resueltos.map((r) => [r.id, r]));
  return detectadas.map((p) => {
    const resolucion = porId.get(p.par.id);
    return { ...p, resolucion: resolucion?.huella === p.huella ? resolucion : null };
  });
}

/** The open pairs of the current cycle: detected now and not resolved with the same matched fields. */
export async function paresAbiertos(db: Kysely<DB>): Promise<ParAbierto[]> {
  return (await clasificar(detectados(db), db)).filter((p) => p.resolucion === null);
}

/** The pairs still detected that a person resolved as two children, with the resolution. */
export async function paresResueltos(db: Kysely<DB>) {
  return (await clasificar(detectados(db), db)).flatMap((p) =>
    p.resolucion ? [{ par: p.par, resolucion: p.resolucion }] : [],
  );
}

/**
 * The pairs `candidatos` (records not saved: the form's, an import's rows) would have if they were saved, each
 * replacing the stored record with its id: compared with the index, not a detection of the whole cycle.
 */
async function paresDe(db: Kysely<DB>, candidatos: readonly Registro[]): Promise<ParAbierto[]> {
  const e = await alDia(db);
  const fuentes = candidatos.map(fuente);
  // An import's rows are compared in turns: thousands of them take a while.
  const pares = new Map<string, TParDuplicado>();
  await enTurnos(fuentes, (f) => {
    for (const p of e.index.pairsWith([f])) pares.set(p.clave, p);
  });
  if (fuentes.length > 1) {
    const entreEllos = new DuplicadosIndex();
    await enTurnos(fuentes, (f) => entreEllos.set(f));
    for (const p of entreEllos.pairs()) pares.set(p.clave, p);
  }
  const registro = registros(e, candidatos);
  return [...pares.values()].sort((p, q) => (p.clave < q.clave ? -1 : 1)).map((p) => abierto(p, registro));
}

/** The open pairs of one record not saved yet (its id, or a new one), as if it were saved with `datos`. */
export async function paresDeCandidato(db: Kysely<DB>, id: string, datos: TInscriptoData): Promise<ParAbierto[]> {
  return (await clasificar(paresDe(db, [{ id, numero: null, datos }]), db)).filter((p) => p.resolucion === null);
}

/** The pairs that involve a row of a file being imported (`nuevos`, ids of their own), against the cycle or each other. */
export async function paresDeNuevos(
  db: Kysely<DB>,
  nuevos: readonly { id: string; datos: TInscriptoData }[],
): Promise<TParDuplicadoApi[]> {
  if (nuevos.length === 0) return [];
  return (
    await paresDe(
      db,
      nuevos.map((n) => ({ ...n, numero: null })),
    )
  ).map((p) => p.par);
}
