import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { estrato, isConditional } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import { normalizeCi } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import type { TCicloRef } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { searchKey } from '@inscripciones/shared/text.ts';
import { preferenciasDe } from '@inscripciones/shared/escuelas/preferencias.ts';
import type { InscriptoRow } from './inscriptos-repository.ts';
import { derivedColumns } from './derived-columns.ts';

export function rowData(row: Pick<InscriptoRow, 'datos'>): TInscriptoData {
  return JSON.parse(row.datos) as TInscriptoData;
}

/** The retention columns (0015) a freshly built row does not carry yet. */
type RetentionColumns =
  | 'anonimizado_en'
  | 'estrato_conservado'
  | 'condicional_conservado'
  | 'avisos_consentimiento_en'
  | 'avisos_consentimiento_por';

/**
 * Row → API shape: the form fields flat, then the system fields (with its cycle), then what is derived. An
 * anonymised record keeps the stratum and "condicional" computed before its data was removed.
 */
export function rowToInscripto(
  row: Omit<InscriptoRow, RetentionColumns> & Partial<Pick<InscriptoRow, RetentionColumns>>,
  ciclo: TCicloRef,
): TInscripto {
  const datos = rowData(row);
  const anonimizado = row.anonimizado_en ?? null;
  return {
    ...datos,
    id: row.id,
    ciclo,
    numeroInscripcion: row.numero_inscripcion,
    estado: row.estado,
    fechaInscripcion: row.fecha_inscripcion,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: { username: row.created_by },
    updatedBy: row.updated_by,
    funcionario: row.funcionario,
    version: row.version,
    preferencias: preferenciasDe(row.preferencias),
    condicional: anonimizado ? row.condicional_conservado === 1 : isConditional(datos),
    estrato: anonimizado
      ? row.estrato_conservado === 'BAJO'
        ? 'BAJO'
        : 'NORMAL'
      : estrato(datos.ingresosAclarar, datos.totalIntegrantesHogar),
    ...(anonimizado ? { anonimizadoEn: anonimizado } : {}),
    ...(row.avisos_consentimiento_en && row.avisos_consentimiento_por
      ? { consentimientoAvisos: { en: row.avisos_consentimiento_en, por: row.avisos_consentimiento_por } }
      : {}),
  };
}

/** The queried columns derived from the form document. */
export function dataColumns(datos: TInscriptoData) {
  const name = [datos.nombre1, datos.nombre2, datos.apellido1, datos.apellido2].filter(Boolean).join(' ');
  return {
    ci: datos.ci ? normalizeCi(datos.ci) : null,
    sexo: datos.sexo ?? null,
    nombre_busqueda: searchKey(name),
    hermanos_busqueda: hermanosBusqueda(datos),
    datos: JSON.stringify(datos),
    ...derivedColumns(datos),
  };
}

/** searchKey() of each sibling enrolling together, joined by " / " (a search word holds no space). */
function hermanosBusqueda(datos: TInscriptoData): string {
  return (datos.hermanosInscriben ?? [])
    .map((h) => searchKey(h.nombre ?? ''))
    .filter(Boolean)
    .join(' / ');
}

/** Normalised CIs of the siblings listed as enrolling this year. */
export function siblingCis(datos: TInscriptoData): string[] {
  return (datos.hermanosInscriben ?? []).map((h) => (h.ci ? normalizeCi(h.ci) : '')).filter((ci) => ci.length === 8);
}

/** Field-by-field differences for the audit trail. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { antes?: unknown; despues?: unknown }> {
  const changes: Record<string, { antes?: unknown; despues?: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { antes: a, despues: b };
  }
  return changes;
}
