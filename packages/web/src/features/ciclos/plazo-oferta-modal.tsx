import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { CICLO_LABELS, ZCicloUpdate, type TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useModificarCiclo } from '../../lib/use-ciclos.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

const ZPlazo = ZCicloUpdate.pick({ plazoOfertaDias: true }).required();

/**
 * The cycle's offer deadline (docs/decisions/0015): the days a family has to answer an offer after
 * the raffle. Offers already made keep their deadline; the help text says so before saving.
 */
export function PlazoOfertaModal({
  ciclo,
  onClose,
  onSaved,
}: {
  ciclo: TCiclo;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const modificar = useModificarCiclo();
  const [dias, setDias] = useState(String(ciclo.plazoOfertaDias));
  const [invalido, setInvalido] = useState<string | null>(null);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ZPlazo.safeParse({ plazoOfertaDias: dias.trim() === '' ? undefined : Number(dias) });
    if (!parsed.success) {
      setInvalido(parsed.error.issues[0]!.message);
      input.current?.focus();
      return;
    }
    setInvalido(null);
    modificar.mutate(
      { id: ciclo.id, ...parsed.data },
      { onSuccess: (c) => onSaved(CICLO_MSG.plazoOfertaGuardado(c.nombre, c.plazoOfertaDias)) },
    );
  };

  return (
    <Modal
      show
      centered
      onHide={modificar.isPending ? () => undefined : onClose}
      aria-labelledby={`${ids}-titulo`}
      onEntered={focusWhenEntered(() => input.current?.focus())}
    >
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
            Plazo de las ofertas: {ciclo.nombre}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {modificar.isError && (
            <Alert variant="danger">{errorMessage(modificar.error, 'Error al guardar el plazo')}</Alert>
          )}
          <Form.Label htmlFor={`${ids}-dias`}>{CICLO_LABELS.plazoOfertaDias}</Form.Label>
          <Form.Control
            ref={input}
            id={`${ids}-dias`}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            value={dias}
            isInvalid={!!invalido}
            aria-describedby={`${ids}-ayuda${invalido ? ` ${ids}-error` : ''}`}
            onChange={(e) => setDias(e.target.value)}
            style={{ maxWidth: '8rem' }}
          />
          <Form.Control.Feedback type="invalid" id={`${ids}-error`}>
            {invalido}
          </Form.Control.Feedback>
          <Form.Text id={`${ids}-ayuda`} className="d-block">
            {CICLO_MSG.plazoOfertaAyuda}
          </Form.Text>
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit" variant="primary" disabled={modificar.isPending}>
            Guardar plazo
          </Button>
          <Button variant="secondary" onClick={onClose} disabled={modificar.isPending}>
            Cancelar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
