import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';
import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { MOTIVO_MAX, type TPlazaOferta, type TPlazoBody } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { fechaHoraTexto, montevideoOffsetMs } from '@inscripciones/shared/montevideo-time.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

interface Props {
  oferta: TPlazaOferta;
  busy: boolean;
  error: string | null;
  onConfirm: (body: TPlazoBody) => void;
  onClose: () => void;
}

/** An instant as a `datetime-local` value in Montevideo's wall time ("2026-12-08T10:00"). */
export function aHoraLocal(iso: string): string {
  const ms = Date.parse(iso);
  return new Date(ms + montevideoOffsetMs(ms)).toISOString().slice(0, 16);
}

/** A `datetime-local` value read as Montevideo's wall time, as an ISO instant; null when incomplete. */
export function deHoraLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const pared = Date.parse(`${value}:00Z`);
  if (Number.isNaN(pared)) return null;
  return new Date(pared - montevideoOffsetMs(pared)).toISOString();
}

/**
 * "Cambiar plazo" (administrators): a new deadline for one open offer, later or earlier, with the reason; it is
 * recorded in the public register. Focus starts on "Cancelar".
 */
export function PlazoModal({ oferta, busy, error, onConfirm, onClose }: Props) {
  const ids = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [vence, setVence] = useState(aHoraLocal(oferta.vence));
  const [motivo, setMotivo] = useState('');
  const [invalid, setInvalid] = useState<{ vence?: boolean; motivo?: boolean }>({});
  const quien = `N° ${padNumero(oferta.numeroInscripcion)} ${oferta.nombreCompleto}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const iso = deHoraLocal(vence);
    if (!iso || !motivo.trim()) {
      setInvalid({ vence: !iso, motivo: !motivo.trim() });
      return;
    }
    onConfirm({ vence: iso, motivo: motivo.trim() });
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
            {PLAZA_MSG.cambiarPlazo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            La oferta a {quien} vence el {fechaHoraTexto(oferta.vence)}. El cambio y su hora quedan en el registro
            público; el motivo, solo en el historial del personal.
          </p>
          <Form.Group controlId={`${ids}-vence`} className="mb-3">
            <Form.Label>Nuevo plazo (hora de Montevideo)</Form.Label>
            <Form.Control
              type="datetime-local"
              value={vence}
              isInvalid={!!invalid.vence}
              onChange={(e) => {
                setVence(e.target.value);
                setInvalid((i) => ({ ...i, vence: false }));
              }}
            />
            <Form.Control.Feedback type="invalid">Elegí la fecha y la hora.</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${ids}-motivo`}>
            <Form.Label>Motivo (obligatorio)</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={MOTIVO_MAX}
              value={motivo}
              isInvalid={!!invalid.motivo}
              onChange={(e) => {
                setMotivo(e.target.value);
                setInvalid((i) => ({ ...i, motivo: false }));
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
          <Button type="submit" variant="primary" disabled={busy}>
            Guardar el plazo
          </Button>
          <Button ref={cancelRef} variant="secondary" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
