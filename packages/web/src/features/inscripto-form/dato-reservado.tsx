import type { ReactNode } from 'react';
import { DATO_RESERVADO } from '@inscripciones/shared/inscriptos/reserved-fields.ts';

/**
 * In place of a field the server withheld from this reader (camposReservados): its label and "Dato
 * reservado", never an empty input that would look like "not answered".
 */
export function DatoReservado({ id, label, className = 'mb-3' }: { id: string; label: ReactNode; className?: string }) {
  return (
    <div className={className} role="group" aria-labelledby={`${id}-etiqueta`}>
      <div id={`${id}-etiqueta`} className="form-label">
        {label}
      </div>
      <div className="form-control-plaintext text-body-secondary fst-italic" data-dato-reservado="">
        {DATO_RESERVADO}
      </div>
    </div>
  );
}
