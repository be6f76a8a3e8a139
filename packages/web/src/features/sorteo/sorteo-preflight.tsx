import Alert from 'react-bootstrap/Alert';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import Form from 'react-bootstrap/Form';
import type { TPreflight } from '@inscripciones/shared/sorteo/api-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { Busy } from '../../lib/busy.tsx';

/**
 * The pre-flight of the raffle: who takes part, and who is left out and why, first of all the
 * records that were finalised and are pendiente now; siblings taking part without a record of their own; open
 * possible duplicates. The operator ticks that it was reviewed before "Iniciar Sorteo".
 */
export function PreflightResumen(props: {
  preflight: TPreflight | undefined;
  error: string | null;
  revisado: boolean;
  onRevisado: (value: boolean) => void;
  disabled: boolean;
}) {
  const { preflight: p, error, revisado, onRevisado, disabled } = props;
  if (error) return <Alert variant="danger">{error}</Alert>;
  if (!p) return <Busy label={SORTEO_MSG.preflightCargando} />;
  return (
    <div className="sorteo-preflight">
      <h3 className="h6">{SORTEO_MSG.preflightTitulo}</h3>
      <p className="mb-2">{SORTEO_MSG.preflightParticipan(p.unidades, p.estadisticas.total)}</p>
      {p.desfinalizados.length > 0 && (
        <Alert variant="warning" className="py-2" role="note">
          <strong>{SORTEO_MSG.preflightDesfinalizados(p.desfinalizados.length)}</strong>
          <ul className="mb-0">
            {p.desfinalizados.map((d) => (
              <li key={d.inscriptoId}>
                {SORTEO_MSG.preflightDesfinalizado(
                  d.nombreCompleto,
                  d.numeroInscripcion === null ? '' : padNumero(d.numeroInscripcion),
                  d.modificadoPor,
                  fechaHoraTexto(d.modificadoEn),
                )}
              </li>
            ))}
          </ul>
        </Alert>
      )}
      <ul className="sorteo-preflight__datos">
        {p.pendientes > 0 && <li>{SORTEO_MSG.preflightPendientes(p.pendientes)}</li>}
        {p.hermanosSinInscripcion.length > 0 && (
          <li>
            {SORTEO_MSG.preflightHermanos(p.hermanosSinInscripcion.length)}
            <ul>
              {p.hermanosSinInscripcion.map((h) => (
                <li key={`${h.numeroInscripcion}-${h.nombreCompleto}`}>
                  {SORTEO_MSG.preflightHermano(h.nombreCompleto, padNumero(h.numeroInscripcion), h.deQuien)}
                </li>
              ))}
            </ul>
          </li>
        )}
        <li className={p.duplicadosAbiertos > 0 ? 'text-danger fw-semibold' : undefined}>
          {SORTEO_MSG.preflightDuplicados(p.duplicadosAbiertos)}
        </li>
      </ul>
      <Form.Check
        id="sorteo-preflight-revisado"
        type="checkbox"
        label={SORTEO_MSG.preflightRevisado}
        checked={revisado}
        disabled={disabled}
        onChange={(e) => onRevisado(e.target.checked)}
      />
    </div>
  );
}
