import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { focusWhenEntered } from './dialog-focus.ts';

interface ConfirmModalProps {
  title: string;
  text: string;
  /** The action's button ("Crear ciclo", "Cerrar ciclo"…). */
  confirm: string;
  variant?: 'primary' | 'danger';
  cancel?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation before an action that cannot be taken back. It opens on its safe choice ("Cancelar"), so a
 * stray Enter changes nothing, and it cannot be dismissed while the action runs.
 */
export function ConfirmModal(props: ConfirmModalProps) {
  const { title, text, confirm, variant = 'primary', cancel = 'Cancelar', busy, onConfirm, onClose } = props;
  const ids = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      show
      centered
      onHide={busy ? () => undefined : onClose}
      onEntered={focusWhenEntered(() => cancelRef.current?.focus())}
      aria-labelledby={`${ids}-titulo`}
      aria-describedby={`${ids}-texto`}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={`${ids}-texto`} className="mb-0">
          {text}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant={variant} onClick={onConfirm} disabled={busy}>
          {confirm}
        </Button>
        <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
          {cancel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
