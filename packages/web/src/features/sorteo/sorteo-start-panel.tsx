import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useQuery } from '@tanstack/react-query';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fetchPreflight, type StartInput } from './sorteo-api.ts';
import { Busy } from '../../lib/busy.tsx';
import { PreflightResumen } from './sorteo-preflight.tsx';
import { parsePlazas, sorteoErrorMessage } from './sorteo-view.ts';
import { FuenteField, fuenteDe, fuenteDraftInicial } from '../../lib/fuente-valor-field.tsx';

export interface StartPanelProps {
  defaults: { nenas: number; varones: number };
  pending: boolean;
  /** The server asks to confirm a new raffle (the cycle's last one was annulled): its message, with the reason. */
  confirmMessage: string | null;
  /** The server refused the start because possible duplicates are open: a written reason may override it. */
  askMotivoDuplicados: boolean;
  onStart: (input: Omit<StartInput, 'confirmarNuevo'>, confirmarNuevo: boolean) => void;
  onCancelConfirm: () => void;
}

/**
 * "Iniciar Sorteo" (SPEC 2), after the titular places and the reviewed pre-flight. When the
 * start answers that duplicates are open, the written override reason is asked for here.
 */
export function StartPanel(props: StartPanelProps) {
  const { defaults, pending, confirmMessage, askMotivoDuplicados, onStart, onCancelConfirm } = props;
  const headingId = useId();
  const [nenas, setNenas] = useState(String(defaults.nenas));
  const [varones, setVarones] = useState(String(defaults.varones));
  const [touched, setTouched] = useState(false);
  const [revisado, setRevisado] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [fuenteDraft, setFuenteDraft] = useState(() => fuenteDraftInicial());
  const fuente = fuenteDe(fuenteDraft);
  const preflight = useQuery({
    queryKey: queryKeys.sorteo.preflight,
    queryFn: ({ signal }) => fetchPreflight(signal),
    staleTime: 0,
  });
  const plazasNenas = parsePlazas(nenas);
  const plazasVarones = parsePlazas(varones);
  const valid = plazasNenas !== null && plazasVarones !== null && fuente !== null;

  const start = (confirmarNuevo: boolean, conMotivo = false) => {
    setTouched(true);
    if (plazasNenas === null || plazasVarones === null || fuente === null || pending || !revisado) return;
    const extra = conMotivo && motivo.trim() ? { motivoDuplicados: motivo.trim() } : {};
    onStart({ plazasNenas, plazasVarones, fuenteValorPublico: fuente, ...extra }, confirmarNuevo);
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
        <FuenteField draft={fuenteDraft} onChange={setFuenteDraft} invalid={touched} disabled={pending} />
        <PreflightResumen
          preflight={preflight.data}
          error={preflight.isError ? sorteoErrorMessage(preflight.error, SORTEO_MSG.errorConexion) : null}
          revisado={revisado}
          onRevisado={setRevisado}
          disabled={pending}
        />
        <Button
          type="submit"
          size="lg"
          className="sorteo-boton mt-3"
          disabled={pending || !revisado || (touched && !valid) || confirmMessage !== null}
        >
          {pending && !confirmMessage ? <Busy label={SORTEO_MSG.iniciando} /> : SORTEO_MSG.iniciar}
        </Button>
      </Form>
      {askMotivoDuplicados && (
        <Form
          className="mt-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (motivo.trim()) start(false, true);
          }}
        >
          <Form.Group controlId="sorteo-motivo-duplicados">
            <Form.Label>{SORTEO_MSG.motivoDuplicados}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={motivo}
              onChange={(e) => setMotivo(e.target.value)}
              disabled={pending}
            />
            <Form.Text>{SORTEO_MSG.motivoDuplicadosAyuda}</Form.Text>
          </Form.Group>
          <Button type="submit" variant="warning" className="mt-2" disabled={pending || !motivo.trim() || !revisado}>
            {SORTEO_MSG.iniciarIgual}
          </Button>
        </Form>
      )}
      {confirmMessage && (
        <Alert variant="warning" role="alert" className="mt-3 mb-0">
          <p>{confirmMessage}</p>
          <div className="d-flex flex-wrap gap-2">
            <Button variant="warning" onClick={() => start(true, askMotivoDuplicados)} disabled={pending}>
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
