import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MSG } from '@inscripciones/shared/messages.ts';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';

interface DeleteUserModalProps {
  user: TUser;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** SPEC 2: confirmation titled "Eliminar Usuario"; the action cannot be undone. */
export function DeleteUserModal({ user, busy, onConfirm, onClose }: DeleteUserModalProps) {
  const ids = useId();
  const titleId = `${ids}-titulo`;
  const textId = `${ids}-texto`;

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} centered>
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={titleId} as="h2" className="h5">
          {MSG.users.deleteConfirmTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id={textId} className="mb-0">
          {MSG.users.deleteConfirmText(user.nombre)}
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
