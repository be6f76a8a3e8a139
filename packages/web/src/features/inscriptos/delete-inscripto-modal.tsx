import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

interface DeleteInscriptoModalProps {
  nombre: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** SPEC 2: "Eliminar inscripto", asking whether to delete the named person; it cannot be undone. */
export function DeleteInscriptoModal({ nombre, busy, onConfirm, onClose }: DeleteInscriptoModalProps) {
  const ids = useId();
  const titleId = `${ids}-titulo`;
  const textId = `${ids}-texto`;

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} centered>
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId} as="h2" className="h5">
          {INSCRIPTO_MSG.deleteConfirmTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {INSCRIPTO_MSG.deleteConfirmText(nombre)}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          Eliminar
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          Cancelar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
