import { DATO_RESERVADO } from './reserved-fields.ts';

/**
 * What every document of an enrolment shows for the values the server derives (record PDF, mass PDF, ZIP,
 * Excel): exactly what the API gives for the stored record (`condicional`, `estrato`; an anonymised record's
 * frozen ones, data/inscriptos/inscripto-mapper.ts), never a value worked out again from the form fields,
 * which an anonymised record no longer holds. "Dato reservado" when withheld from this reader.
 */
export interface DerivedForDocuments {
  condicional?: boolean;
  estrato?: string;
  camposReservados?: readonly string[];
}

export function documentDerived(r: DerivedForDocuments): { condicional: string; estrato: string } {
  const reserved = (name: string) => Array.isArray(r.camposReservados) && r.camposReservados.includes(name);
  return {
    condicional: reserved('condicional') ? DATO_RESERVADO : r.condicional ? 'Sí' : 'No',
    estrato: reserved('estrato') ? DATO_RESERVADO : (r.estrato ?? ''),
  };
}
