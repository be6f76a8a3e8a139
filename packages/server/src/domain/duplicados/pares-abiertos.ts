import type { Kysely } from 'kysely';
import type { TNinoDuplicado } from '@inscripciones/shared/duplicados/api-schema.ts';
import { MOTIVO_DUPLICADO_TEXTO } from '@inscripciones/shared/duplicados/duplicados.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import type { DB } from '../../db/schema.ts';
import { resoluciones } from '../../data/duplicados/duplicados-repository.ts';
import { alDia, enPasos, mostrar, registros } from './deteccion.ts';
import { abierto, fuente, nino, type GrupoAbierto, type ParAbierto, type Registro } from './pares.ts';

/**
 * The open groups of possible duplicates, detected from the enrolments as they are now (the
 * pure rule in packages/shared), minus those a person resolved as different children. A resolution is kept with
 * the hash of the fields the rule read (`huella`): an edit elsewhere in a record leaves the group resolved, an
 * edit of those fields (or a child joining or leaving a group of three or more) reopens it.
 */

/** Every group detected now, with its hash; resolved or not. */
async function detectados(db: Kysely<DB>): Promise<GrupoAbierto[]> {
  const e = await alDia(db);
  if (!e.grupos) await mostrar(e);
  return e.grupos!;
}

/** Groups or pairs, each with the resolution kept with the same matched fields, or null. */
async function clasificar<T extends { par: { id: string }; huella: string }>(pares: Promise<T[]>, db: Kysely<DB>) {
  const [detectadas, resueltos] = await Promise.all([pares, resoluciones(db)]);
  const porId = new Map(resueltos.map((r) => [r.id, r]));
  return detectadas.map((p) => {
    const resolucion = porId.get(p.par.id);
    return { ...p, resolucion: resolucion?.huella === p.huella ? resolucion : null };
  });
}

/** The open groups of the current cycle: detected now and not resolved with the same matched fields. */
export async function gruposAbiertos(db: Kysely<DB>): Promise<GrupoAbierto[]> {
  return (await clasificar(detectados(db), db)).filter((p) => p.resolucion === null);
}

/** The groups still detected that a person resolved as different children, with the resolution. */
export async function gruposResueltos(db: Kysely<DB>) {
  return (await clasificar(detectados(db), db)).flatMap((p) =>
    p.resolucion ? [{ par: p.par, resolucion: p.resolucion }] : [],
  );
}

/** Most warnings the form gets for one record: a record like thousands of others needs no thousand lines. */
export const MAX_AVISOS = 10;

/**
 * The open pairs of one record not saved yet (its id, or a new one), as if it were saved with `datos`: compared
 * with the enrolments that share a block with it, at most MAX_AVISOS of them.
 */
export async function paresDeCandidato(db: Kysely<DB>, id: string, datos: TInscriptoData): Promise<ParAbierto[]> {
  const [e, resueltos] = await Promise.all([alDia(db), resoluciones(db)]);
  const huellas = new Map(resueltos.map((r) => [r.id, r.huella]));
  const registro = registros(e, [{ id, numero: null, datos }]);
  const abiertos: ParAbierto[] = [];
  // Hashed one by one until enough are open: a record like thousands of others is compared, not hashed, with each.
  for (const p of e.index.pairsWith(fuente({ id, numero: null, datos }))) {
    const par = abierto(p, registro);
    if (huellas.get(par.par.id) !== par.huella) abiertos.push(par);
    if (abiertos.length === MAX_AVISOS) break;
  }
  return abiertos;
}

/** A group an import's rows are in: those rows (in order), its first stored child if any, and its reasons. */
export interface GrupoDeNuevos {
  filas: string[];
  guardado: TNinoDuplicado | null;
  motivoTexto: string;
}

/**
 * The groups that hold a row of a file being imported (`nuevos`, ids of their own), with the cycle's records or
 * each other: the index groups them with the rows added for a moment, so 20,000 look-alike rows are one group.
 */
export async function gruposDeNuevos(db: Kysely<DB>, nuevos: readonly Registro[]): Promise<GrupoDeNuevos[]> {
  if (nuevos.length === 0) return [];
  const e = await alDia(db);
  const ids = new Set(nuevos.map((n) => n.id));
  const registro = registros(e, nuevos);
  return (await enPasos(e.index.gruposConNuevos(nuevos.map(fuente)))).flatMap((g) => {
    const filas = [...new Set(g.ninos.filter((n) => ids.has(n.inscriptoId)).map((n) => n.inscriptoId))];
    if (filas.length === 0) return [];
    const guardado = g.ninos.find((n) => !ids.has(n.inscriptoId));
    return [
      {
        filas,
        guardado: guardado ? nino(registro(guardado.inscriptoId), guardado) : null,
        motivoTexto: g.motivos.map((m) => MOTIVO_DUPLICADO_TEXTO[m]).join('; '),
      },
    ];
  });
}
