import Badge from 'react-bootstrap/Badge';
import type { Estado } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** SPEC 2: up to 3 missing fields are listed, then "y N más...". */
const MISSING_SHOWN = 3;

function missingSummary(missing: readonly string[]): string {
  const shown = missing.slice(0, MISSING_SHOWN).join(', ');
  return missing.length > MISSING_SHOWN ? `${shown} ${INSCRIPTO_MSG.andMore(missing.length - MISSING_SHOWN)}` : shown;
}

interface ProgressHeaderProps {
  percent: number;
  estado: Estado;
  missing: readonly string[];
  numeroInscripcion: number | null;
  conditional: boolean;
  id: string;
}

/** The completion bar, the FINALIZADO / PENDIENTE badge and the first missing fields. */
export function ProgressHeader({ percent, estado, missing, numeroInscripcion, conditional, id }: ProgressHeaderProps) {
  const finalizado = estado === 'finalizado';
  return (
    <section className="card mb-3" aria-labelledby={`${id}-titulo`}>
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 id={`${id}-titulo`} className="h6 mb-0 me-auto">
            Completitud de la inscripción
          </h2>
          {numeroInscripcion !== null && (
            <span className="text-body-secondary">N° Inscripción: {numeroInscripcion}</span>
          )}
          {conditional && (
            <Badge bg="info" text="dark">
              {INSCRIPTO_MSG.conditional}
            </Badge>
          )}
          <Badge bg={finalizado ? 'success' : 'warning'} text={finalizado ? undefined : 'dark'}>
            {finalizado ? INSCRIPTO_MSG.badgeFinalized : INSCRIPTO_MSG.badgePending}
          </Badge>
        </div>
        <div
          className="progress"
          role="progressbar"
          aria-label="Completitud de la inscripción"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={`progress-bar${percent === 100 ? ' bg-success' : ''}`} style={{ width: `${percent}%` }}>
            {percent}%
          </div>
        </div>
        {missing.length > 0 && (
          <p id={`${id}-faltan`} className="small text-body-secondary mt-2 mb-0">
            Faltan: {missingSummary(missing)}
          </p>
        )}
      </div>
    </section>
  );
}
