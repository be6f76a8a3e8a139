import type { ConfiguracionTable } from '../../db/schema.ts';
import type { Executor } from '../../db/executor.ts';

/** The `configuracion` table (docs/decisions/0011): one JSON row per key. Kysely only. */

export type ConfiguracionRow = ConfiguracionTable;

/** The key of the school's content. */
export const CLAVE_CONTENIDO = 'contenido';
/** The key of the texts of the messages to the families (decision 0029): only the templates changed. */
export const CLAVE_AVISOS_TEXTOS = 'avisos-textos';
/** The key of the retention setting (months after a cycle closes, docs/privacy.md). */
export const CLAVE_RETENCION = 'retencion';

export function findConfiguracion(db: Executor, clave: string): Promise<ConfiguracionRow | undefined> {
  return db.selectFrom('configuracion').selectAll().where('clave', '=', clave).executeTakeFirst();
}

export async function insertConfiguracion(db: Executor, row: ConfiguracionRow): Promise<void> {
  await db.insertInto('configuracion').values(row).execute();
}

/** Updates only if the stored version is still `version`; returns whether it did. */
export async function updateConfiguracion(
  db: Executor,
  clave: string,
  version: number,
  changes: Pick<ConfiguracionRow, 'valor' | 'actualizado_por' | 'actualizado_en'>,
): Promise<boolean> {
  const result = await db
    .updateTable('configuracion')
    .set({ ...changes, version: version + 1 })
    .where('clave', '=', clave)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One row, written whole: an upsert, so two first saves at once do not collide (the retention setting). */
export async function saveConfiguracion(
  db: Executor,
  clave: string,
  valor: string,
  usuario: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('configuracion')
    .values({ clave, valor, version: 1, actualizado_por: usuario, actualizado_en: now })
    .onConflict((oc) =>
      oc.column('clave').doUpdateSet((eb) => ({
        valor,
        actualizado_por: usuario,
        actualizado_en: now,
        version: eb('configuracion.version', '+', 1),
      })),
    )
    .execute();
}
