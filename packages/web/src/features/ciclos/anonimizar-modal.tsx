import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { formatDateDMY } from '@inscripciones/shared/inscriptos/dates.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAnonimizar, useVistaPrevia } from './retencion-api.ts';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

interface Props {
  ciclo: TCiclo;
  onClose: () => void;
  onDone: (message: string) => void;
}

/**
 * The preview of a closed cycle's anonymisation (how many, which fields go, what stays) and its typed
 * confirmation: the button only works once the cycle's name is typed exactly.
 */
export function AnonimizarModal({ ciclo, onClose, onDone }: Props) {
  const ids = useId();
  const vista = useVistaPrevia(ciclo.id);
  const anonimizar = useAnonimizar(ciclo.id);
  const [texto, setTexto] = useState('');
  const cancelar = useRef<HTMLButtonElement>(null);
  const p = vista.data;
  const listo = !!p && !p.bloqueo && texto.trim() === p.confirmacion;

  const confirmar = () =>
    anonimizar.mutate(texto, {
      onSuccess: (r) => onDone(r.message),
    });

  return (
    <Modal
      show
      centered
      size="lg"
      onHide={anonimizar.isPending ? () => undefined : onClose}
      aria-labelledby={`${ids}-titulo`}
      onEntered={focusWhenEntered(() => cancelar.current?.focus())}
    >
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
          Anonimizar no admitidos: {ciclo.nombre}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {vista.isPending && <Spinner animation="border" role="status" aria-label="Cargando vista previa" />}
        {vista.isError && (
          <Alert variant="danger">{errorMessage(vista.error, 'Error al cargar la vista previa')}</Alert>
        )}
        {p && (
          <>
            <p>
              Se borran todos los datos personales de las inscripciones de los niños que no fueron admitidos (admitidos:
              quienes aceptaron su plaza). En el sorteo del ciclo quedan sus iniciales y su huella. No se puede
              deshacer.
            </p>
            {p.sugeridaDesde && (
              <Alert variant={p.vencida ? 'warning' : 'info'}>
                {RETENCION_MSG.recordatorio(p.mesesRetencion)} Para {p.ciclo.nombre}: desde el{' '}
                {formatDateDMY(p.sugeridaDesde)}.{p.vencida ? ' El plazo ya venció.' : ''}
              </Alert>
            )}
            <dl className="row mb-2">
              <dt className="col-8 col-sm-5">Inscripciones del ciclo</dt>
              <dd className="col-4 col-sm-7">{p.total}</dd>
              <dt className="col-8 col-sm-5">Admitidos (se conservan)</dt>
              <dd className="col-4 col-sm-7">{p.admitidos}</dd>
              <dt className="col-8 col-sm-5">Se anonimizan ahora</dt>
              <dd className="col-4 col-sm-7" data-testid="a-anonimizar">
                {p.aAnonimizar}
              </dd>
              <dt className="col-8 col-sm-5">Ya anonimizadas</dt>
              <dd className="col-4 col-sm-7">{p.yaAnonimizadas}</dd>
            </dl>
            <p className="mb-1 fw-semibold">Se conserva:</p>
            <ul>
              {p.seConserva.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
            <details className="mb-3">
              <summary>Campos que se borran ({p.camposQueSeBorran.length})</summary>
              <p className="small mt-2 mb-0">{p.camposQueSeBorran.join(', ')}.</p>
            </details>
            {p.bloqueo && (
              <Alert variant="warning" role="alert">
                {p.bloqueo}
              </Alert>
            )}
            {!p.bloqueo && p.aAnonimizar === 0 && (
              <Alert variant="secondary">No quedan inscripciones para anonimizar en este ciclo.</Alert>
            )}
            <Form.Group controlId={`${ids}-confirmacion`}>
              <Form.Label>
                Para confirmar, escribí <strong>{p.confirmacion}</strong>
              </Form.Label>
              <Form.Control
                value={texto}
                autoComplete="off"
                onChange={(e) => setTexto(e.target.value)}
                disabled={anonimizar.isPending}
              />
            </Form.Group>
            {anonimizar.isError && (
              <Alert variant="danger" className="mt-3 mb-0" role="alert">
                {errorMessage(anonimizar.error, 'Error al anonimizar')}
              </Alert>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="danger" onClick={confirmar} disabled={!listo || anonimizar.isPending}>
          {anonimizar.isPending ? 'Anonimizando...' : 'Anonimizar'}
        </Button>
        <Button variant="secondary" onClick={onClose} disabled={anonimizar.isPending} ref={cancelar}>
          Cancelar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
