import { Link } from 'react-router';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { enLugar, enlaceTelefono, lineasDeHorario, textosSorteo } from '@inscripciones/shared/configuracion/textos.ts';
import type { TContenido } from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { useContenido } from '../../lib/use-contenido.ts';
import { useCiclos } from '../../lib/use-ciclos.ts';

/** The school's content at hand (docs/decisions/0011): the lottery and the contact data, as in /consultas. */
function ParaTenerAMano({ contenido }: { contenido: TContenido }) {
  const sorteo = textosSorteo(contenido);
  return (
    <section aria-labelledby="para-tener-a-mano" className="border-top pt-3">
      <h2 id="para-tener-a-mano" className="h5">
        Para tener a mano
      </h2>
      <ul className="mb-0">
        <li>
          Sorteo: {sorteo.fecha} a las {sorteo.hora}, {enLugar(sorteo.lugar)}.
          {sorteo.transmisionUrl && (
            <>
              {' '}
              <a href={sorteo.transmisionUrl} target="_blank" rel="noopener noreferrer">
                Transmisión en vivo
              </a>
              .
            </>
          )}
        </li>
        <li>
          Teléfono de la escuela: <a href={enlaceTelefono(contenido.telefono)}>{contenido.telefono}</a> · Email:{' '}
          <a href={`mailto:${contenido.email}`}>{contenido.email}</a>
        </li>
        <li>Horario de atención: {lineasDeHorario(contenido.horarios).join(' · ')}</li>
      </ul>
    </section>
  );
}

/**
 * SPEC 1: welcome, a card to /inscriptos, a card to /consultas (zone map) and an FAQ link; below them the
 * school's lottery and contact data, from the same content as /consultas.
 */
export function HomePage() {
  const { user } = useAuth();
  const { contenido } = useContenido();
  const { actual } = useCiclos();

  return (
    <>
      <title>Inicio · Inscripciones</title>
      <h1 className="h2 mb-2">¡Hola, {user?.nombre}!</h1>
      {actual && (
        <p className="mb-2">
          Ciclo actual: <strong>{actual.nombre}</strong>
          {actual.estado === 'cerrado' && ' (cerrado)'}
        </p>
      )}
      <p className="lead mb-4">
        Te damos la bienvenida al sistema de inscripciones a primer año. ¿Qué querés hacer hoy?
      </p>

      <Row xs={1} md={2} className="g-4 mb-4">
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                Inscripciones
              </Card.Title>
              <Card.Text>
                {can(user, 'inscriptos:create')
                  ? 'Registrá a un nuevo estudiante o revisá y completá las inscripciones que ya están cargadas.'
                  : 'Consultá las inscripciones que ya están cargadas (acceso de solo lectura).'}
              </Card.Text>
              <Link to="/inscriptos" className="btn btn-primary mt-auto align-self-start">
                Ir a inscriptos
              </Link>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body className="d-flex flex-column">
              <Card.Title as="h2" className="h4">
                Consultas de domicilio
              </Card.Title>
              <Card.Text>
                ¿Tenés dudas sobre si un domicilio está dentro de la zona? Consultá el mapa con los límites definidos.
                {contenido && ` Si queda fuera de la zona, consultá con ${contenido.contactoNombre}.`}
              </Card.Text>
              <Link to="/consultas" className="btn btn-outline-primary mt-auto align-self-start">
                Ver el mapa de zonas
              </Link>
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <p>
        ¿Tenés alguna duda sobre el proceso? Mirá las <Link to="/consultas">preguntas frecuentes</Link>.
      </p>

      {contenido && <ParaTenerAMano contenido={contenido} />}
    </>
  );
}
