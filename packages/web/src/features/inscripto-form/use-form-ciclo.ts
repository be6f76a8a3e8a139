import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { useCiclos } from '../../lib/use-ciclos.ts';

/**
 * The admission cycle the form is in: the record's, or the current one for a new enrolment. A closed cycle
 * makes the form read-only (docs/decisions/0014); its intake year names the year of "Educación Inicial …"
 * (null while the cycles are unknown: the labels keep SPEC 5's wording).
 */
export function useFormCiclo(record: TInscripto | null) {
  const { actual, ciclos } = useCiclos();
  const ciclo = record ? record.ciclo : actual;
  return {
    cicloCerrado: ciclo?.estado === 'cerrado' ? ciclo.nombre : null,
    anioIngreso: ciclos.find((c) => c.id === ciclo?.id)?.anioIngreso ?? null,
  };
}
