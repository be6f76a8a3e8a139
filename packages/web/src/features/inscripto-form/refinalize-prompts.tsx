import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { useFormSubmit } from './use-form-submit.ts';

/**
 * A finalised enrolment that is saved goes back to pendiente (SPEC 4) and leaves the next raffle until it is
 * finalised again: the form warns before the save and offers to finalise again after it.
 */
const MSG = INSCRIPTO_MSG.refinalize;

function FinalizedSaveConfirm(props: { show: boolean; onConfirm: () => void; onCancel: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (props.show) setTimeout(() => cancel.current?.focus(), 0);
  }, [props.show]);
  return (
    <Modal show={props.show} onHide={props.onCancel} centered aria-labelledby="refinalizar-titulo">
      <Modal.Header closeButton closeLabel={MSG.cancel}>
        <Modal.Title id="refinalizar-titulo">{MSG.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{MSG.warning}</Modal.Body>
      <Modal.Footer>
        <Button ref={cancel} variant="outline-secondary" onClick={props.onCancel}>
          {MSG.cancel}
        </Button>
        <Button variant="warning" onClick={props.onConfirm}>
          {MSG.saveAnyway}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

function FinalizeAgainOffer(props: { busy: boolean; onFinalize: () => void; onClose: () => void }) {
  return (
    <Alert variant="warning" dismissible closeLabel="Cerrar" onClose={props.onClose}>
      <p className="mb-2">{MSG.offer}</p>
      <Button variant="primary" onClick={props.onFinalize} disabled={props.busy}>
        {MSG.finalizeAgain}
      </Button>
    </Alert>
  );
}

type SubmitState = Pick<
  ReturnType<typeof useFormSubmit>,
  'offerFinalize' | 'busy' | 'finalize' | 'dismissOffer' | 'confirmSave' | 'cancelConfirm' | 'confirmAndSave'
>;

/** Both prompts, as the form's submit state asks for them. */
export function RefinalizePrompts({ submit }: { submit: SubmitState }) {
  return (
    <>
      {submit.offerFinalize && (
        <FinalizeAgainOffer
          busy={submit.busy !== null}
          onFinalize={() => void submit.finalize()}
          onClose={submit.dismissOffer}
        />
      )}
      <FinalizedSaveConfirm
        show={submit.confirmSave !== null}
        onCancel={submit.cancelConfirm}
        onConfirm={() => void submit.confirmAndSave()}
      />
    </>
  );
}
