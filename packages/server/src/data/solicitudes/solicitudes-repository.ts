import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SolicitudesDocumentosTable, SolicitudesTable } from '../../db/schema-solicitudes.ts';

/** The families' online applications and their documents (docs/decisions/0035): the one owner of both tables. */

export type SolicitudRow = Selectable<SolicitudesTable>;
export type DocumentoRow = Selectable<SolicitudesDocumentosTable>;
export type DocumentoMeta = Omit<DocumentoRow, 'cifrado'>;

type Db = Kysely<DB>;

/** The states in which the family may still change the application (and in which it expires). */
export const EDITABLES = ['borrador', 'devuelta'] as const;

export async function insertSolicitud(db: Db, row: SolicitudRow): Promise<void> {
  await db.insertInto('solicitudes').values(row).execute();
}

export async function findSolicitud(db: Db, id: string): Promise<SolicitudRow | undefined> {
  return db.selectFrom('solicitudes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Drafts of one contact still alive at `now` (sent applications do not count). */
export async function countDraftsOfContact(db: Db, huella: string, now: string): Promise<number> {
  const row = await db
    .selectFrom('solicitudes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('contacto_huella', '=', huella)
    .where('estado', '=', 'borrador')
    .where('vence_en', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Saves a draft's form if it is still the draft at `version`; false otherwise (sent, or saved meanwhile). */
export async function saveDraft(
  db: Db,
  id: string,
  version: number,
  changes: { datos: string; preferencias?: string | null; actualizado_en: string; vence_en: string },
): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('estado', 'in', EDITABLES)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a draft (or a returned one) sent (it no longer expires); false when it was not so at `version`. */
export async function markSent(db: Db, id: string, version: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ estado: 'enviada', enviada_en: now, vence_en: null, actualizado_en: now, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('estado', 'in', EDITABLES)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps a draft alive: each save or upload moves its expiry. */
export async function touchDraft(db: Db, id: string, now: string, venceEn: string): Promise<void> {
  await db
    .updateTable('solicitudes')
    .set({ actualizado_en: now, vence_en: venceEn })
    .where('id', '=', id)
    .where('estado', 'in', EDITABLES)
    .execute();
}

/** Deletes up to `limit` drafts (and returned ones) expired at `now`, their documents first; returns how many. */
export async function deleteExpiredDrafts(db: Db, now: string, limit = 500): Promise<number> {
  const ids = (
    await db
      .selectFrom('solicitudes')
      .select('id')
      .where('estado', 'in', EDITABLES)
      .where('vence_en', '<=', now)
      .limit(limit)
      .execute()
  ).map((r) => r.id);
  if (!ids.length) return 0;
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('solicitudes_documentos').where('solicitud_id', 'in', ids).execute();
    await tx.deleteFrom('solicitudes').where('id', 'in', ids).execute();
  });
  return ids.length;
}

/** The documents of an application, without their content. */
export async function listDocumentos(db: Db, solicitudId: string): Promise<DocumentoMeta[]> {
  return db
    .selectFrom('solicitudes_documentos')
    .select(['id', 'solicitud_id', 'clase', 'tipo', 'bytes', 'subido_en'])
    .where('solicitud_id', '=', solicitudId)
    .orderBy('clase')
    .execute();
}

/** Stores a document, replacing the application's earlier one of the same kind. */
export async function replaceDocumento(db: Db, row: DocumentoRow): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('solicitudes_documentos')
      .where('solicitud_id', '=', row.solicitud_id)
      .where('clase', '=', row.clase)
      .execute();
    await tx.insertInto('solicitudes_documentos').values(row).execute();
  });
}

/** A stored document with its encrypted content (for staff, and for the tests of encryption at rest). */
export async function findDocumento(db: Db, id: string): Promise<DocumentoRow | undefined> {
  return db.selectFrom('solicitudes_documentos').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Applications in one state, oldest sent first, with how many documents each has. */
export async function listByEstado(db: Db, estado: SolicitudRow['estado'], limit = 500) {
  return db
    .selectFrom('solicitudes as s')
    .leftJoin('solicitudes_documentos as d', 'd.solicitud_id', 's.id')
    .select((eb) => [
      's.id',
      's.estado',
      's.datos',
      's.enviada_en',
      's.inscripto_id',
      's.verificada_por',
      eb.fn.count<number | string>('d.id').as('documentos'),
    ])
    .where('s.estado', '=', estado)
    .groupBy(['s.id', 's.estado', 's.datos', 's.enviada_en', 's.inscripto_id', 's.verificada_por'])
    .orderBy('s.enviada_en')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}

/** Returns a sent application to the family with the school's note; it expires again like a draft. */
export async function markReturned(
  db: Db,
  id: string,
  version: number,
  changes: { nota: string; verificada_por: string; verificada_en: string; vence_en: string },
): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ ...changes, estado: 'devuelta', actualizado_en: changes.verificada_en, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('estado', '=', 'enviada')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Marks a sent application finalised as the enrolment `inscriptoId`: its form is emptied (the enrolment holds
 * the data now) and its documents stay until that enrolment is deleted or anonymised.
 */
export async function markFinalised(
  db: Db,
  id: string,
  changes: { inscripto_id: string; verificada_por: string; verificada_en: string },
): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ ...changes, estado: 'finalizada', datos: '{}', nota: null, actualizado_en: changes.verificada_en })
    .where('id', '=', id)
    .where('estado', '=', 'enviada')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes the applications (and their documents) that became these enrolments: with the record they go. */
export async function borrarSolicitudesDeInscriptos(db: Db, inscriptoIds: readonly string[]): Promise<void> {
  if (!inscriptoIds.length) return;
  const ids = db.selectFrom('solicitudes').select('id').where('inscripto_id', 'in', inscriptoIds);
  await db.deleteFrom('solicitudes_documentos').where('solicitud_id', 'in', ids).execute();
  await db.deleteFrom('solicitudes').where('inscripto_id', 'in', inscriptoIds).execute();
}
