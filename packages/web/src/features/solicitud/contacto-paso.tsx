import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { errorMessage } from '../../lib/api-client.ts';
import type { Llave } from './solicitud-api.ts';
import { crearSolicitud } from './solicitud-crear.ts';

const ERROR = 'No se pudo empezar la solicitud. Revisá la conexión y probá de nuevo.';

/** The first step: an e-mail or a phone, and the application is created (`onEmpezando`: the form may load meanwhile). */
export function ContactoPaso({
  onCreada,
  onEmpezando,
  perdida,
}: {
  onCreada: (llave: Llave) => void;
  onEmpezando: () => void;
  perdida: boolean;
}) {
  const [contacto, setContacto] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <>
      {perdida && (
        <Alert variant="warning">
          No encontramos la solicitud guardada en este dispositivo (el enlace no es válido o el borrador venció). Podés
          empezar una nueva.
        </Alert>
      )}
      <p>
        Completá la solicitud de inscripción a primer año desde tu teléfono. Se guarda mientras escribís y podés seguir
        otro día con el enlace y el código que te damos al empezar.
      </p>
      <Form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          onEmpezando();
          setBusy(true);
          setError(null);
          try {
            onCreada(await crearSolicitud(contacto));
          } catch (e) {
            setError(errorMessage(e, ERROR));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Form.Group className="mb-3" controlId="solicitud-contacto">
          <Form.Label>Correo electrónico o teléfono de contacto</Form.Label>
          <Form.Control
            type="text"
            inputMode="email"
            autoComplete="email"
            value={contacto}
            onChange={(e) => setContacto(e.target.value)}
            aria-describedby="solicitud-contacto-ayuda"
            isInvalid={!!error}
            required
          />
          <Form.Text id="solicitud-contacto-ayuda">
            La escuela te escribe ahí sobre la solicitud. Por ejemplo: nombre@correo.com o 099 123 456.
          </Form.Text>
        </Form.Group>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" className="w-100" disabled={busy} aria-busy={busy}>
          {busy ? 'Empezando…' : 'Empezar la solicitud'}
        </Button>
      </Form>
    </>
  );
}
