import { ESTADO_LABELS, PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { MOTIVO_MAX, type TPlazaOferta, type TRespuestaBody } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

export interface RespuestaPedida {
  oferta: TPlazaOferta;
  respuesta: TRespuestaBody['respuesta'];
}

interface Props {
  pedida: RespuestaPedida;
  busy: boolean;
  error: string | null;
  onConfirm: (body: TRespuestaBody) => void;
  onClose: () => void;
}

/**
 * Recording an answer asks for confirmation. A decline and a correction need a reason; a correction
 * is a new event, the earlier answer stays in the history. Focus starts on "Cancelar".
 */
export function RespuestaModal({ pedida, busy, error, onConfirm, onClose }: Props) {
  const { oferta, respuesta } = pedida;
  const ids = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const correccion = oferta.estado !== 'ofrecida';
  const needsMotivo = correccion || respuesta === 'rechazada';
  const [motivo, setMotivo] = useState('');
  const [individual, setIndividual] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const quien = `N° ${padNumero(oferta.numeroInscripcion)} ${oferta.nombreCompleto}`;
  const texto =
    respuesta === 'aceptada'
      ? `¿Registrar que la familia de ${quien} aceptó la plaza?`
      : `¿Registrar que la familia de ${quien} rechazó la plaza? La plaza pasa al siguiente suplente.`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (needsMotivo && !motivo.trim()) {
      setInvalid(true);
      return;
    }
    onConfirm({
      respuesta,
      ...(motivo.trim() ? { motivo: motivo.trim() } : {}),
      ...(individual ? { individual: true } : {}),
      ...(correccion ? { correccion: true } : {}),
    });
  };

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      onEntered={focusWhenEntered(() => cancelRef.current?.focus())}
      aria-labelledby={`${ids}-titulo`}
      centered
    >
      <Form onSubmit={submit} noValidate>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
            {correccion ? 'Corregir la respuesta' : 'Registrar la respuesta'}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {correccion && (
            <p>
              Respuesta registrada: <strong>{ESTADO_LABELS[oferta.estado]}</strong>. La corrección queda en el historial
              junto con la respuesta anterior.
            </p>
          )}
          <p>{texto}</p>
          {oferta.integrantes > 1 && (
            <Form.Check
              id={`${ids}-individual`}
              type="checkbox"
              label="Solo este niño o niña (sus hermanos conservan su oferta)"
              checked={individual}
              onChange={(e) => setIndividual(e.target.checked)}
              className="mb-3"
            />
          )}
          <Form.Group controlId={`${ids}-motivo`}>
            <Form.Label>{needsMotivo ? 'Motivo (obligatorio)' : 'Motivo (opcional)'}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={MOTIVO_MAX}
              value={motivo}
              isInvalid={invalid}
              onChange={(e) => {
                setMotivo(e.target.value);
                setInvalid(false);
              }}
            />
            <Form.Control.Feedback type="invalid">{PLAZA_MSG.motivoFalta}</Form.Control.Feedback>
          </Form.Group>
          {error && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {error}
            </Alert>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button type="submit" variant={respuesta === 'aceptada' ? 'success' : 'danger'} disabled={busy}>
            Confirmar
          </Button>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
