import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { TSorteoEndBody } from '@inscripciones/shared/sorteo/api-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { Busy } from '../../lib/busy.tsx';

/**
 * "Finalizar Sorteo" asks first. After the last draw it finalises, with the school and the names
 * of the notary and the witnesses for the acta; before it, it annuls and needs the reason.
 */
export function EndDialog(props: {
  show: boolean;
  completo: boolean;
  ending: boolean;
  onCancel: () => void;
  onEnd: (body: TSorteoEndBody) => void;
}) {
  const { show, completo, ending, onCancel, onEnd } = props;
  const [motivo, setMotivo] = useState('');
  const [escuela, setEscuela] = useState('');
  const [escribano, setEscribano] = useState('');
  const [testigos, setTestigos] = useState('');
  const [touched, setTouched] = useState(false);
  const first = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    if (show) setTimeout(() => first.current?.focus(), 0);
  }, [show]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ending) return;
    if (!completo) {
      if (motivo.trim()) onEnd({ motivo: motivo.trim() });
      return;
    }
    const names = testigos
      .split('\n')
      .map((t) => t.trim())
      .filter(Boolean);
    onEnd({
      ...(escuela.trim() ? { escuela: escuela.trim() } : {}),
      ...(escribano.trim() ? { escribano: escribano.trim() } : {}),
      ...(names.length ? { testigos: names } : {}),
    });
  };

  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="sorteo-fin-titulo">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={SORTEO_MSG.cancelar}>
          <Modal.Title id="sorteo-fin-titulo">
            {completo ? SORTEO_MSG.finalizarTitulo : SORTEO_MSG.anularTitulo}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>{completo ? SORTEO_MSG.finalizarTexto : SORTEO_MSG.anularTexto}</p>
          {completo ? (
            <>
              <Form.Group controlId="sorteo-fin-escuela" className="mb-2">
                <Form.Label>{SORTEO_MSG.escuela}</Form.Label>
                <Form.Control
                  ref={first}
                  value={escuela}
                  maxLength={200}
                  onChange={(e) => setEscuela(e.target.value)}
                />
              </Form.Group>
              <Form.Group controlId="sorteo-fin-escribano" className="mb-2">
                <Form.Label>{SORTEO_MSG.escribano}</Form.Label>
                <Form.Control value={escribano} maxLength={120} onChange={(e) => setEscribano(e.target.value)} />
              </Form.Group>
              <Form.Group controlId="sorteo-fin-testigos">
                <Form.Label>{SORTEO_MSG.testigos}</Form.Label>
                <Form.Control as="textarea" rows={3} value={testigos} onChange={(e) => setTestigos(e.target.value)} />
              </Form.Group>
            </>
          ) : (
            <Form.Group controlId="sorteo-fin-motivo">
              <Form.Label>{SORTEO_MSG.motivoAnulacion}</Form.Label>
              <Form.Control
                ref={first}
                as="textarea"
                rows={3}
                maxLength={500}
                required
                value={motivo}
                isInvalid={touched && !motivo.trim()}
                onChange={(e) => setMotivo(e.target.value)}
              />
              <Form.Control.Feedback type="invalid">{SORTEO_MSG.motivoObligatorio}</Form.Control.Feedback>
            </Form.Group>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={ending}>
            {SORTEO_MSG.cancelar}
          </Button>
          <Button type="submit" variant="danger" disabled={ending}>
            {ending ? <Busy label={SORTEO_MSG.finalizando} /> : completo ? SORTEO_MSG.finalizar : SORTEO_MSG.anular}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
