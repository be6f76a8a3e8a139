import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { focusWhenEntered } from './dialog-focus.ts';

interface ConfirmDeleteModalProps {
  title: string;
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The delete confirmation of SPEC 2 ("Eliminar" / "Cancelar"), shared by users and enrolments. Focus
 * starts on "Cancelar", so Enter never deletes by accident; it cannot be dismissed while deleting.
 */
export function ConfirmDeleteModal({ title, text, busy, onConfirm, onClose }: ConfirmDeleteModalProps) {
  const ids = useId();
  const titleId = `${ids}-titulo`;
  const textId = `${ids}-texto`;
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      onEntered={focusWhenEntered(() => cancelRef.current?.focus())}
      aria-labelledby={titleId}
      aria-describedby={textId}
      centered
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {text}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          Eliminar
        </Button>
        <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
          Cancelar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
