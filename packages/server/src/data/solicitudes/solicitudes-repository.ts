import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SolicitudesDocumentosTable, SolicitudesTable } from '../../db/schema-solicitudes.ts';

/** The families' online applications and their documents (docs/decisions/0035): the one owner of both tables. */

export type SolicitudRow = Selectable<SolicitudesTable>;
export type DocumentoRow = Selectable<SolicitudesDocumentosTable>;
export type DocumentoMeta = Omit<DocumentoRow, 'cifrado'>;

type Db = Kysely<DB>;

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
  changes: { datos: string; actualizado_en: string; vence_en: string },
): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ ...changes, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('estado', '=', 'borrador')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a draft sent (it no longer expires); false when it was not the draft at `version`. */
export async function markSent(db: Db, id: string, version: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('solicitudes')
    .set({ estado: 'enviada', enviada_en: now, vence_en: null, actualizado_en: now, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('estado', '=', 'borrador')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Keeps a draft alive: each save or upload moves its expiry. */
export async function touchDraft(db: Db, id: string, now: string, venceEn: string): Promise<void> {
  await db
    .updateTable('solicitudes')
    .set({ actualizado_en: now, vence_en: venceEn })
    .where('id', '=', id)
    .where('estado', '=', 'borrador')
    .execute();
}

/** Deletes up to `limit` drafts expired at `now`, their documents first; returns how many. */
export async function deleteExpiredDrafts(db: Db, now: string, limit = 500): Promise<number> {
  const ids = (
    await db
      .selectFrom('solicitudes')
      .select('id')
      .where('estado', '=', 'borrador')
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
