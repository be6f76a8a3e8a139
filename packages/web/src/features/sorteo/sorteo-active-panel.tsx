import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { TSorteoNext, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { Busy } from '../../lib/busy.tsx';

/**
 * The administrator's panels while drawing (SPEC 2 "Raffle screen"): the participant on screen with
 * "Confirmar Selección", and "Sorteo Completado". Ending opens the end dialog. They only render what they are
 * given; the page owns the calls.
 */

export interface ActivePanelProps {
  status: TSorteoStatus;
  next: TSorteoNext | undefined;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  confirming: boolean;
  onConfirm: () => void;
  ending: boolean;
  /** Opens the end dialog (annulment, since draws are left). */
  onEnd: () => void;
}

/** The participant on screen and "Confirmar Selección" (SPEC 2). */
export function ActivePanel(props: ActivePanelProps) {
  const { status, next, loading, loadError, onRetry, confirming, onConfirm, ending, onEnd } = props;
  const headingId = useId();
  const participante = next?.participante ?? null;
  const ready = !!participante && !loading && !confirming && !ending;

  return (
    <section className="sorteo-panel sorteo-panel--activo" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.participanteActual}{' '}
        <small className="sorteo-panel__progreso">
          {SORTEO_MSG.progreso(Math.min(status.currentIndex, Math.max(status.total - 1, 0)), status.total)}
        </small>
      </h2>
      <div className="sorteo-actual" aria-live="polite" aria-atomic="true">
        {participante && !loading ? (
          <>
            <p className="sorteo-actual__numero">
              <span className="visually-hidden">{SORTEO_MSG.numero} </span>
              {padNumero(participante.numeroInscripcion)}
            </p>
            <p className="sorteo-actual__nombre">{participante.nombreCompleto}</p>
            {participante.esGrupo ? (
              <div className="sorteo-actual__grupo">
                <h3 className="h5">{SORTEO_MSG.hermanos}</h3>
                <ul>
                  {participante.grupo.map((h, i) => {
                    const a = next?.asignaciones[i];
                    return (
                      <li key={`${i}-${h.nombreCompleto}`}>
                        {h.nombreCompleto}
                        {a && (
                          <span className="sorteo-actual__asignacion">
                            {' '}
                            — {SORTEO_MSG.entraComo(a.resultado)}, {SORTEO_MSG.asignacion(a.lista, a.posicion)}
                          </span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : (
              next?.asignaciones[0] && (
                <p className="sorteo-actual__asignacion">
                  {SORTEO_MSG.entraComo(next.asignaciones[0].resultado)},{' '}
                  {SORTEO_MSG.asignacion(next.asignaciones[0].lista, next.asignaciones[0].posicion)}
                </p>
              )
            )}
          </>
        ) : loading ? (
          <div className="sorteo-actual__cargando">
            <Busy label={SORTEO_MSG.obteniendo} />
          </div>
        ) : null}
      </div>
      {loadError && !loading && (
        <Alert variant="danger" className="mt-3">
          {loadError}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
            {SORTEO_MSG.reintentar}
          </Button>
        </Alert>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
        <Button
          size="lg"
          variant="success"
          className="sorteo-boton"
          onClick={onConfirm}
          disabled={!ready}
          aria-busy={confirming || undefined}
        >
          {confirming ? <Busy label={SORTEO_MSG.confirmando} /> : SORTEO_MSG.confirmar}
        </Button>
        <Button variant="outline-danger" onClick={onEnd} disabled={confirming || ending}>
          {SORTEO_MSG.terminarAntes}
        </Button>
      </div>
    </section>
  );
}

/** SPEC 2: "Sorteo Completado", "No hay más participantes para sortear." and "Finalizar Sorteo". */
export function CompletedPanel({ ending, onEnd }: { ending: boolean; onEnd: () => void }) {
  const headingId = useId();
  return (
    <section className="sorteo-panel sorteo-panel--completado" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.completadoTitulo}
      </h2>
      <p className="lead">{SORTEO_MSG.completadoTexto}</p>
      <Button size="lg" variant="danger" className="sorteo-boton" onClick={onEnd} disabled={ending}>
        {ending ? <Busy label={SORTEO_MSG.finalizando} /> : SORTEO_MSG.finalizar}
      </Button>
    </section>
  );
}
