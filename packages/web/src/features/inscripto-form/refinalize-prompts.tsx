import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * A finalised enrolment that is saved goes back to pendiente (SPEC 4) and leaves the next raffle until it is
 * finalised again (issue 16): the form warns before the save and offers to finalise again after it.
 */
export const REFINALIZE_TEXT = {
  warning:
    'Esta inscripción está finalizada: al guardar vuelve a PENDIENTE y no participa del sorteo hasta que se ' +
    'finalice de nuevo',
  title: '¿Guardar una inscripción finalizada?',
  saveAnyway: 'Guardar igual',
  cancel: 'Cancelar',
  offer: 'La inscripción quedó PENDIENTE y no participa del sorteo hasta que se finalice de nuevo.',
  finalizeAgain: 'Finalizar de nuevo',
} as const;

export function FinalizedSaveConfirm(props: { show: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.show) setTimeout(() => cancel.current?.focus(), 0);
  }, [props.show]);
  return (
    <Modal show={props.show} onHide={props.onCancel} centered aria-labelledby="refinalizar-titulo">
      <Modal.Header closeButton closeLabel={REFINALIZE_TEXT.cancel}>
        <Modal.Title id="refinalizar-titulo">{REFINALIZE_TEXT.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{REFINALIZE_TEXT.warning}</Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={props.onCancel}>
          {REFINALIZE_TEXT.cancel}
        </Button>
        <Button variant="warning" onClick={props.onConfirm}>
          {REFINALIZE_TEXT.saveAnyway}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

export function FinalizeAgainOffer(props: { busy: boolean; onFinalize: () => void; onClose: () => void }) {
  return (
    <Alert variant="warning" dismissible closeLabel="Cerrar" onClose={props.onClose}>
      <p className="mb-2">{REFINALIZE_TEXT.offer}</p>
      <Button variant="primary" onClick={props.onFinalize} disabled={props.busy}>
        {REFINALIZE_TEXT.finalizeAgain}
      </Button>
    </Alert>
  );
}
