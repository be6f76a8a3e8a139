import type { TAuditEntry } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { fieldLabelFor } from '@inscripciones/shared/inscriptos/fields.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { cuenta } from '@inscripciones/shared/plural.ts';

/**
 * The record's audit entries (GET /api/inscriptos/{id}/historial) as timeline items, newest first. The
 * trail keeps which fields changed, not their values (docs/privacy.md: values are keyed digests), so a
 * change names its fields by label; a sibling row ("hermanosInscriben.0.ci") counts as its list.
 */
export interface HistoryItem {
  seq: number;
  when: string;
  /** ISO instant, for <time dateTime>. */
  fecha: string;
  usuario: string;
  accion: string;
  campos: string[];
  /** A creation names every field typed: the timeline counts them instead of listing them. */
  creation: boolean;
}

const ACCION_TEXT: Readonly<Record<TAuditEntry['accion'], string>> = {
  crear: 'Creó la inscripción',
  editar: 'Guardó cambios',
  finalizar: 'Finalizó la inscripción',
  eliminar: 'Eliminó la inscripción',
  anonimizar: 'Anonimizó la inscripción al vencer el plazo de conservación',
};

/** `anioIngreso`: the record's cycle, for the label that names a year ("Educación Inicial …"). */
export function historyItems(entries: readonly TAuditEntry[], anioIngreso: number | null = null): HistoryItem[] {
  return [...entries]
    .sort((a, b) => b.seq - a.seq)
    .map((e) => ({
      seq: e.seq,
      when: fechaHoraTexto(e.fecha),
      fecha: e.fecha,
      usuario: e.usuario,
      accion: ACCION_TEXT[e.accion],
      campos: [...new Set(Object.keys(e.cambios).map((k) => fieldLabelFor(k.split('.')[0] ?? k, anioIngreso)))],
      creation: e.accion === 'crear',
    }));
}

/** "Campos: a, b" (at most `shown` labels, then "y N más"), or "68 campos cargados" for a creation. */
export function camposText({ campos, creation }: Pick<HistoryItem, 'campos' | 'creation'>): string {
  if (creation) return cuenta(campos.length, 'campo cargado', 'campos cargados');
  return `Campos: ${camposSummary(campos)}`;
}

export function camposSummary(campos: readonly string[], shown = 6): string {
  const head = campos.slice(0, shown).join(', ');
  return campos.length > shown ? `${head} y ${campos.length - shown} más` : head;
}
