import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { TSorteoNext, TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { parsePlazas } from './sorteo-view.ts';

/**
 * The administrator's panels of SPEC 2 "Raffle screen" (start, before the first draw, active, completed).
 * They only render what they are given; the page owns the calls.
 */

function Busy({ label }: { label: string }) {
  return (
    <>
      <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
      {label}
    </>
  );
}

export interface StartPanelProps {
  defaults: { nenas: number; varones: number };
  pending: boolean;
  /** The server asks to confirm a new raffle (an archived one exists): its message. */
  confirmMessage: string | null;
  onStart: (plazas: { plazasNenas: number; plazasVarones: number }, confirmarNuevo: boolean) => void;
  onCancelConfirm: () => void;
}

/** "Iniciar Sorteo", after the titular places for girls and boys (defaults: the server's configuration). */
export function StartPanel({ defaults, pending, confirmMessage, onStart, onCancelConfirm }: StartPanelProps) {
  const headingId = useId();
  const [nenas, setNenas] = useState(String(defaults.nenas));
  const [varones, setVarones] = useState(String(defaults.varones));
  const [touched, setTouched] = useState(false);
  const plazasNenas = parsePlazas(nenas);
  const plazasVarones = parsePlazas(varones);
  const valid = plazasNenas !== null && plazasVarones !== null;

  const start = (confirmarNuevo: boolean) => {
    setTouched(true);
    if (plazasNenas === null || plazasVarones === null || pending) return;
    onStart({ plazasNenas, plazasVarones }, confirmarNuevo);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start(false);
  };

  return (
    <section className="sorteo-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.inicioTitulo}
      </h2>
      <Form noValidate onSubmit={submit}>
        <div className="sorteo-plazas">
          <PlazasField
            id="sorteo-plazas-nenas"
            label={SORTEO_MSG.plazasNenas}
            value={nenas}
            onChange={setNenas}
            invalid={touched && plazasNenas === null}
            disabled={pending}
          />
          <PlazasField
            id="sorteo-plazas-varones"
            label={SORTEO_MSG.plazasVarones}
            value={varones}
            onChange={setVarones}
            invalid={touched && plazasVarones === null}
            disabled={pending}
          />
        </div>
        <Button
          type="submit"
          size="lg"
          className="sorteo-boton"
          disabled={pending || (touched && !valid) || confirmMessage !== null}
        >
          {pending && !confirmMessage ? <Busy label={SORTEO_MSG.iniciando} /> : SORTEO_MSG.iniciar}
        </Button>
      </Form>
      {confirmMessage && (
        <Alert variant="warning" role="alert" className="mt-3 mb-0">
          <p>{confirmMessage}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="warning" onClick={() => start(true)} disabled={pending}>
              {pending ? <Busy label={SORTEO_MSG.iniciando} /> : SORTEO_MSG.confirmarNuevoBoton}
            </Button>
            <Button variant="outline-secondary" onClick={onCancelConfirm} disabled={pending}>
              {SORTEO_MSG.cancelar}
            </Button>
          </div>
        </Alert>
      )}
    </section>
  );
}

export interface PreparacionPanelProps {
  status: TSorteoStatus;
  saving: boolean;
  drawing: boolean;
  onSaveValor: (valor: string) => void;
  /** Ask for the first draw; `valor` is a public value typed but not saved yet (saved first). */
  onDrawFirst: (valor: string | null) => void;
}

/** Between the start and the first draw: the public value said aloud in the room may be entered. */
export function PreparacionPanel({ status, saving, drawing, onSaveValor, onDrawFirst }: PreparacionPanelProps) {
  const headingId = useId();
  const [valor, setValor] = useState(status.valorPublico ?? '');
  const trimmed = valor.trim();
  const unsaved = trimmed !== '' && trimmed !== (status.valorPublico ?? '');
  const busy = saving || drawing;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (trimmed && !busy) onSaveValor(trimmed);
  };

  return (
    <section className="sorteo-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.preparacionTitulo}
      </h2>
      <p>{SORTEO_MSG.preparacionTexto}</p>
      <Form onSubmit={save} className="sorteo-valor">
        <Form.Group controlId="sorteo-valor-publico" className="flex-grow-1">
          <Form.Label>{SORTEO_MSG.valorPublicoCampo}</Form.Label>
          <Form.Control
            value={valor}
            maxLength={200}
            autoComplete="off"
            onChange={(e) => setValor(e.target.value)}
            disabled={busy}
          />
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={busy || !unsaved}>
          {saving ? <Busy label={SORTEO_MSG.valorPublicoGuardando} /> : SORTEO_MSG.valorPublicoGuardar}
        </Button>
      </Form>
      <Button
        size="lg"
        className="sorteo-boton mt-3"
        onClick={() => onDrawFirst(unsaved ? trimmed : null)}
        disabled={busy}
      >
        {drawing ? <Busy label={SORTEO_MSG.obteniendo} /> : SORTEO_MSG.sortearPrimero}
      </Button>
    </section>
  );
}

export interface ActivePanelProps {
  status: TSorteoStatus;
  next: TSorteoNext | undefined;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  confirming: boolean;
  onConfirm: () => void;
  ending: boolean;
  onEnd: () => void;
}

/** The participant on screen and "Confirmar Selección" (SPEC 2). */
export function ActivePanel(props: ActivePanelProps) {
  const { status, next, loading, loadError, onRetry, confirming, onConfirm, ending, onEnd } = props;
  const headingId = useId();
  const [askEnd, setAskEnd] = useState(false);
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
        {!askEnd && (
          <Button variant="outline-secondary" onClick={() => setAskEnd(true)} disabled={confirming || ending}>
            {SORTEO_MSG.terminarAntes}
          </Button>
        )}
      </div>
      {askEnd && (
        <Alert variant="warning" className="mt-3 mb-0">
          <p>{SORTEO_MSG.terminarAntesPregunta}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="danger" onClick={onEnd} disabled={ending || confirming}>
              {ending ? <Busy label={SORTEO_MSG.finalizando} /> : SORTEO_MSG.finalizar}
            </Button>
            <Button variant="outline-secondary" onClick={() => setAskEnd(false)} disabled={ending}>
              {SORTEO_MSG.cancelar}
            </Button>
          </div>
        </Alert>
      )}
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

/** A count of titular places for one pool (girls or boys). */
function PlazasField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  return (
    <Form.Group controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        step={1}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        isInvalid={props.invalid}
        disabled={props.disabled}
      />
      <Form.Control.Feedback type="invalid">{SORTEO_MSG.plazasInvalidas}</Form.Control.Feedback>
    </Form.Group>
  );
}
