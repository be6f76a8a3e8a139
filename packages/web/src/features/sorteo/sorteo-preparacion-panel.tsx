import { useId, useState, type FormEvent } from 'react';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { Busy } from '../../lib/busy.tsx';
import { FUENTE_VALOR_PUBLICO_LABELS } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';

export interface ValorPublico {
  valor: string;
  origen: string;
}

export interface PreparacionPanelProps {
  status: TSorteoStatus;
  saving: boolean;
  drawing: boolean;
  downloading: boolean;
  onSaveValor: (valor: ValorPublico) => void;
  /** Ask for the first draw; `valor` is a public value typed but not saved yet (saved first). */
  onDrawFirst: (valor: ValorPublico | null) => void;
  onDownloadLista: () => void;
}

/**
 * Between the start and the first draw: the printable participant list for the witnesses, then
 * the public value said aloud in the room and where it came from, both required before any draw.
 */
export function PreparacionPanel(props: PreparacionPanelProps) {
  const { status, saving, drawing, downloading, onSaveValor, onDrawFirst, onDownloadLista } = props;
  const headingId = useId();
  // The value as last typed (the status's valorPublico is its canonical form, 0027).
  const lastTyped = status.valoresIngresados.at(-1)?.valor ?? status.valorPublico;
  const [valor, setValor] = useState(lastTyped ?? '');
  const [origen, setOrigen] = useState(status.valorPublicoOrigen ?? '');
  const typed = { valor: valor.trim(), origen: origen.trim() };
  const complete = typed.valor !== '' && typed.origen !== '';
  const unsaved = complete && (typed.valor !== lastTyped || typed.origen !== status.valorPublicoOrigen);
  const saved = !!status.valorPublico && !!status.valorPublicoOrigen;
  const busy = saving || drawing;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (complete && !busy) onSaveValor(typed);
  };

  return (
    <section className="sorteo-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.preparacionTitulo}
      </h2>
      <div className="sorteo-lista-pdf">
        <Button variant="outline-secondary" onClick={onDownloadLista} disabled={downloading}>
          {downloading ? <Busy label={SORTEO_MSG.descargando} /> : SORTEO_MSG.listaPdf}
        </Button>
        <small className="text-body-secondary">{SORTEO_MSG.listaPdfAyuda}</small>
      </div>
      <p className="mt-3">{SORTEO_MSG.preparacionTexto}</p>
      {status.fuenteDescripcion && (
        <p>
          <strong>{FUENTE_VALOR_PUBLICO_LABELS.tipo}:</strong> {status.fuenteDescripcion}
        </p>
      )}
      <Form onSubmit={save} className="sorteo-valor">
        <Form.Group controlId="sorteo-valor-publico" className="flex-grow-1">
          <Form.Label>{SORTEO_MSG.valorPublicoCampo}</Form.Label>
          <Form.Control
            value={valor}
            maxLength={200}
            autoComplete="off"
            required
            onChange={(e) => setValor(e.target.value)}
            disabled={busy}
            aria-describedby={status.formaValor ? 'sorteo-valor-forma' : undefined}
          />
          {status.formaValor && <Form.Text id="sorteo-valor-forma">{status.formaValor}</Form.Text>}
        </Form.Group>
        <Form.Group controlId="sorteo-valor-origen" className="flex-grow-1">
          <Form.Label>{SORTEO_MSG.valorPublicoOrigenCampo}</Form.Label>
          <Form.Control
            value={origen}
            maxLength={300}
            autoComplete="off"
            required
            onChange={(e) => setOrigen(e.target.value)}
            disabled={busy}
          />
        </Form.Group>
        <Button type="submit" variant="outline-primary" disabled={busy || !unsaved}>
          {saving ? <Busy label={SORTEO_MSG.valorPublicoGuardando} /> : SORTEO_MSG.valorPublicoGuardar}
        </Button>
      </Form>
      {!complete && !saved && <p className="small text-body-secondary mt-2">{SORTEO_MSG.valorPublicoObligatorio}</p>}
      <Button
        size="lg"
        className="sorteo-boton mt-3"
        onClick={() => onDrawFirst(unsaved ? typed : null)}
        disabled={busy || !(saved || complete)}
      >
        {drawing ? <Busy label={SORTEO_MSG.obteniendo} /> : SORTEO_MSG.sortearPrimero}
      </Button>
    </section>
  );
}
