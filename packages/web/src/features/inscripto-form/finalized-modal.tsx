import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { useTextosSorteo } from '../../lib/use-contenido.ts';
import { ConstanciaButton } from './constancia.tsx';

/** SPEC 2: "¡Inscripción Finalizada!" with the number and the lottery information (the school's content). */
export function FinalizedModal({
  numero,
  id,
  fueraDelSorteo = false,
  onClose,
}: {
  numero: number | string;
  /** Finalised after its cycle's raffle froze the list: it is not in that raffle. */
  fueraDelSorteo?: boolean;
  /** The record: "Imprimir constancia" when the user may print it. */
  id: string | null;
  onClose: () => void;
}) {
  const sorteo = useTextosSorteo();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="inscripcion-finalizada-titulo" backdrop="static">
      <Modal.Header closeButton closeLabel="Cerrar">
        <Modal.Title id="inscripcion-finalizada-titulo" as="h2" className="h5">
          {INSCRIPTO_MSG.finalizedTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fs-4 fw-bold text-center mb-3">{INSCRIPTO_MSG.finalizedNumber(numero)}</p>
        {fueraDelSorteo && <Alert variant="warning">{INSCRIPTO_MSG.fueraDelSorteoEnCurso}</Alert>}
        <p>{sorteo.info}</p>
        <ul>
          <li>Fecha: {sorteo.fecha}</li>
          <li>Hora: {sorteo.hora}</li>
          <li>Lugar: {sorteo.lugar}</li>
          {sorteo.transmisionUrl && (
            <li>
              <a href={sorteo.transmisionUrl} target="_blank" rel="noopener noreferrer">
                Transmisión en vivo
              </a>
            </li>
          )}
        </ul>
        <p className="mb-0 fw-semibold">{INSCRIPTO_MSG.lotteryKeepNumber}</p>
      </Modal.Body>
      <Modal.Footer>
        {id && <ConstanciaButton id={id} />}
        <Button variant="primary" onClick={onClose}>
          Cerrar
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
