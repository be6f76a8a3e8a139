import type { Insertable, Selectable } from 'kysely';
import type { PlazaEventosTable, PlazaOfertasTable } from '../../db/schema-sorteos.ts';
import type { Executor } from '../../db/executor.ts';
import { DIAS_ATENCION, type THorarioAtencion } from '@inscripciones/shared/sorteo/plazo-horario.ts';

/**
 * Kysely only: the season of offers of a raffle (migration 0014). The answer log is append-only; offers are
 * stored once each.
 */
export type EventoRow = Selectable<PlazaEventosTable>;
export type OfertaRow = Selectable<PlazaOfertasTable>;

export function findTemporada(db: Executor, sorteoId: string) {
  return db
    .selectFrom('plazas_temporadas')
    .select(['publicado_en', 'plazo_dias', 'horario_atencion', 'avanzada_hasta'])
    .where('sorteo_id', '=', sorteoId)
    .executeTakeFirst();
}

/** Starts the season once: a second caller (another instance) finds the row already there. */
export async function insertTemporada(
  db: Executor,
  row: {
    sorteo_id: string;
    publicado_en: string;
    plazo_dias: number;
    creado_en: string;
    horario_atencion: string | null;
  },
): Promise<void> {
  await db
    .insertInto('plazas_temporadas')
    .values(row)
    .onConflict((oc) => oc.column('sorteo_id').doNothing())
    .execute();
}

/** The stored opening hours of a season, or null (none stored, or not a valid window). */
export function horarioDeFila(valor: string | null): THorarioAtencion | null {
  if (!valor) return null;
  try {
    const h = JSON.parse(valor) as Partial<THorarioAtencion>;
    const hhmm = (v: unknown): v is string => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
    if (!hhmm(h.apertura) || !hhmm(h.cierre) || h.apertura >= h.cierre) return null;
    if (!(DIAS_ATENCION as readonly unknown[]).includes(h.dias)) return null;
    return { apertura: h.apertura, cierre: h.cierre, dias: h.dias! };
  } catch {
    return null;
  }
}

/**
 * Claims an advance of the season from `desde` (the advanced-to time read before) to `hasta`: true for one
 * caller only. The row stays locked until the transaction ends, so a second instance advancing from the same
 * time waits, then finds the time moved and stores nothing.
 */
export async function reclamarAvance(
  db: Executor,
  sorteoId: string,
  desde: string | null,
  hasta: string,
): Promise<boolean> {
  const result = await db
    .updateTable('plazas_temporadas')
    .set({ avanzada_hasta: hasta })
    .where('sorteo_id', '=', sorteoId)
    .where((eb) => (desde === null ? eb('avanzada_hasta', 'is', null) : eb('avanzada_hasta', '=', desde)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An answer recorded at `en` advanced the season to it: the time only moves forward. */
export async function avanzadaAlMenos(db: Executor, sorteoId: string, en: string): Promise<void> {
  await db
    .updateTable('plazas_temporadas')
    .set({ avanzada_hasta: en })
    .where('sorteo_id', '=', sorteoId)
    .where((eb) => eb.or([eb('avanzada_hasta', 'is', null), eb('avanzada_hasta', '<', en)]))
    .execute();
}

export function listEventos(db: Executor, sorteoId: string): Promise<EventoRow[]> {
  return db.selectFrom('plaza_eventos').selectAll().where('sorteo_id', '=', sorteoId).orderBy('seq').execute();
}

/** The log's length: what the live boards compare, with the offers' count and the advanced-to time. */
export async function counts(
  db: Executor,
  sorteoId: string,
): Promise<{ eventos: number; ofertas: number; avanzadaHasta: string | null }> {
  const [e, o, t] = await Promise.all([
    db
      .selectFrom('plaza_eventos')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sorteo_id', '=', sorteoId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('plaza_ofertas')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sorteo_id', '=', sorteoId)
      .executeTakeFirstOrThrow(),
    findTemporada(db, sorteoId),
  ]);
  return { eventos: Number(e.n), ofertas: Number(o.n), avanzadaHasta: t?.avanzada_hasta ?? null };
}

/** Appends one answer; the unique (sorteo_id, seq) index refuses a second answer computed from the same log. */
export async function insertEvento(db: Executor, row: Insertable<PlazaEventosTable>): Promise<void> {
  await db.insertInto('plaza_eventos').values(row).execute();
}

export function listOfertas(db: Executor, sorteoId: string): Promise<OfertaRow[]> {
  return db.selectFrom('plaza_ofertas').selectAll().where('sorteo_id', '=', sorteoId).execute();
}

export function findOferta(db: Executor, id: string): Promise<OfertaRow | undefined> {
  return db.selectFrom('plaza_ofertas').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Stores new offers; the unique (sorteo_id, numero, miembro) index refuses one stored by someone else meanwhile. */
export async function insertOfertas(db: Executor, rows: Insertable<PlazaOfertasTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('plaza_ofertas')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

/** An administrator changed the deadline of a unit's open offer: every child's row of it gets the new one. */
export async function updateVence(db: Executor, sorteoId: string, numero: number, vence: string): Promise<void> {
  await db
    .updateTable('plaza_ofertas')
    .set({ vence })
    .where('sorteo_id', '=', sorteoId)
    .where('numero', '=', numero)
    .execute();
}

/** The answers of a raffle with a reason still typed (not `borrado`, the text anonymisation leaves). */
export function eventosConMotivo(db: Executor, sorteoId: string, borrado: string) {
  return db
    .selectFrom('plaza_eventos')
    .select(['id', 'numero', 'miembro'])
    .where('sorteo_id', '=', sorteoId)
    .where('motivo', 'is not', null)
    .where('motivo', '!=', borrado)
    .execute();
}

/** Replaces the reasons of these answers (anonymisation, decision 0017). */
export async function replaceMotivos(db: Executor, ids: readonly string[], motivo: string): Promise<void> {
  await db
    .updateTable('plaza_eventos')
    .set({ motivo })
    .where('id', 'in', [...ids])
    .execute();
}

/** How many steps of the season's history were told to the families (0037). */
export async function contarAvisados(db: Executor, sorteoId: string): Promise<number> {
  const row = await db
    .selectFrom('plazas_avisados')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('sorteo_id', '=', sorteoId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks steps as told; a step another instance marked first fails the transaction on the key. */
export async function insertAvisados(db: Executor, sorteoId: string, indices: readonly number[], en: string) {
  if (!indices.length) return;
  await db
    .insertInto('plazas_avisados')
    .values(indices.map((indice) => ({ sorteo_id: sorteoId, indice, creado_en: en })))
    .execute();
}
