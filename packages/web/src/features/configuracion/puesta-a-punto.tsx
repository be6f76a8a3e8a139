import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { PUESTA_MSG } from '@inscripciones/shared/configuracion/puesta-a-punto.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { usePuestaAPunto } from './configuracion-api.ts';

/**
 * The set-up checklist (decision 0030): what families will read at home, each item ok or to review, with
 * what to do. The state is written out ("Listo" / "Revisar"), not only coloured.
 */
export function PuestaAPunto() {
  const puesta = usePuestaAPunto();
  return (
    <section aria-labelledby="puesta-a-punto" className="mb-4" data-testid="puesta-a-punto">
      <h2 id="puesta-a-punto" className="h4">
        {PUESTA_MSG.titulo}
      </h2>
      <p className="text-body-secondary mb-2">{PUESTA_MSG.intro}</p>
      {puesta.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(puesta.error, 'Error al cargar la lista de control')}
        </Alert>
      )}
      {puesta.data && (
        <ListGroup as="ul">
          {puesta.data.items.map((item) => (
            <ListGroup.Item
              as="li"
              key={item.id}
              variant={item.estado === 'ok' ? undefined : 'warning'}
              data-estado={item.estado}
              className="d-flex gap-2 align-items-start"
            >
              <Badge bg={item.estado === 'ok' ? 'success' : 'warning'} text={item.estado === 'ok' ? undefined : 'dark'}>
                {item.estado === 'ok' ? PUESTA_MSG.ok : PUESTA_MSG.aviso}
              </Badge>
              {/* An address is one long word: it may break anywhere, so the list never widens a phone's screen. */}
              <div className="text-break">
                <strong>{item.titulo}</strong>
                <div>{item.detalle}</div>
              </div>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
