import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { UNSAVED_MSG } from './unsaved-changes.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

/** The question of the unsaved-changes guard; focus starts on "Seguir editando", so Enter never discards. */
export function UnsavedChangesModal({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const ids = useId();
  const stayRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show
      onHide={onStay}
      onEntered={focusWhenEntered(() => stayRef.current?.focus())}
      aria-labelledby={`${ids}-titulo`}
      aria-describedby={`${ids}-texto`}
      centered
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
          {UNSAVED_MSG.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={`${ids}-texto`} className="mb-0">
          {UNSAVED_MSG.text}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="danger" onClick={onLeave}>
          {UNSAVED_MSG.leave}
        </Button>
        <Button ref={stayRef} variant="primary" onClick={onStay}>
          {UNSAVED_MSG.stay}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
