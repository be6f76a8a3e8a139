import { formatDateDMY } from '@inscripciones/shared/inscriptos/dates.ts';
import { formatCi } from '@inscripciones/shared/inscriptos/ci.ts';
import type { TNinoDuplicado } from '@inscripciones/shared/duplicados/api-schema.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';

export interface FilaComparada {
  campo: string;
  a: string;
  b: string;
  /** The two records differ here (names compared as typed: an accent or a capital is a difference to see). */
  distinto: boolean;
}

/** A birth date (AAAA-MM-DD) as the screen shows it. */
export const fechaTexto = (fecha: string | null) => (fecha ? formatDateDMY(fecha) : T.noConsta);
/** A CI as the screen shows it. */
/** A child's enrolment as the duplicates page names it: its number, or that it has none, and if a listed sibling. */
export function inscripcionTexto(n: TNinoDuplicado): string {
  const numero = n.numeroInscripcion === null ? T.sinNumero : T.numero(n.numeroInscripcion);
  return n.hermano === null ? numero : `${numero}. ${T.hermanoListado}`;
}

export const ciTexto = (ci: string | null) => (ci ? formatCi(ci) : T.noConsta);

/** The fields of a pair side by side, each marked when the two records differ. */
export function compararPar(a: TNinoDuplicado, b: TNinoDuplicado): FilaComparada[] {
  const fecha = (n: TNinoDuplicado) => fechaTexto(n.fechaNacimiento);
  const ci = (n: TNinoDuplicado) => ciTexto(n.ci);
  const nombre = (n: TNinoDuplicado) => n.nombreCompleto.trim() || T.noConsta;
  const fila = (campo: string, get: (n: TNinoDuplicado) => string, key = (n: TNinoDuplicado) => get(n)) => ({
    campo,
    a: get(a),
    b: get(b),
    distinto: key(a) !== key(b),
  });
  return [
    // Spacing alone is no difference a person could see.
    fila(T.nombre, nombre, (n) => nombre(n).replace(/\s+/g, ' ')),
    fila(T.fechaNacimiento, fecha),
    fila(T.ci, ci, (n) => (n.ci ? n.ci.replace(/\D/g, '') : '')),
  ];
}
