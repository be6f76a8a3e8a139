import { useState } from 'react';
import { Link } from 'react-router';
import Accordion from 'react-bootstrap/Accordion';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import {
  CONTENIDO_LABELS,
  camposDeEjemplo,
  type TContenido,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import { preguntasFrecuentes } from '@inscripciones/shared/configuracion/preguntas.ts';
import { enlaceTelefono, lineasDeHorario } from '@inscripciones/shared/configuracion/textos.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { useContenido } from '../../lib/use-contenido.ts';
import { MapaEmbebido } from './mapa-embebido.tsx';
import './consultas.css';
import { CONFIGURACION_MSG } from '@inscripciones/shared/configuracion/messages.ts';

/** The FAQ in its two groups; one question open at a time across both. */
function PreguntasFrecuentes({ contenido }: { contenido: TContenido }) {
  const [abierta, setAbierta] = useState<string | null>(null);
  const grupos = preguntasFrecuentes(contenido);
  return (
    <section aria-labelledby="faq-titulo" className="mb-5">
      <h2 id="faq-titulo" className="h3 mb-3">
        Preguntas frecuentes
      </h2>
      {grupos.map((grupo) => (
        <section key={grupo.id} aria-labelledby={`faq-${grupo.id}`} className="mb-4">
          <h3 id={`faq-${grupo.id}`} className="h5 mb-2">
            {grupo.titulo}
          </h3>
          <Accordion activeKey={abierta} onSelect={(key) => setAbierta(typeof key === 'string' ? key : null)}>
            {grupo.preguntas.map((p) => (
              <Accordion.Item key={p.id} eventKey={p.id}>
                <h4 className="accordion-header">
                  <Accordion.Button id={`faq-${p.id}-pregunta`} aria-controls={`faq-${p.id}-respuesta`}>
                    {p.pregunta}
                  </Accordion.Button>
                </h4>
                <Accordion.Body
                  id={`faq-${p.id}-respuesta`}
                  role="region"
                  aria-labelledby={`faq-${p.id}-pregunta`}
                  className="faq-respuesta"
                >
                  {p.respuesta.map((parrafo) => (
                    <p key={parrafo}>{parrafo}</p>
                  ))}
                  {p.lista && (
                    <ul>
                      {p.lista.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  )}
                  {p.enlace && (
                    <p>
                      <a href={p.enlace.url} target="_blank" rel="noopener noreferrer">
                        {p.enlace.texto}
                      </a>
                    </p>
                  )}
                </Accordion.Body>
              </Accordion.Item>
            ))}
          </Accordion>
        </section>
      ))}
    </section>
  );
}

function Mapas({ contenido, puedeConfigurar }: { contenido: TContenido; puedeConfigurar: boolean }) {
  return (
    <section aria-labelledby="mapas-titulo" className="mb-5">
      <h2 id="mapas-titulo" className="h3 mb-3">
        Mapas de la zona
      </h2>
      <Row xs={1} lg={2} className="g-4 mb-3">
        <Col>
          <h3 className="h5">Límites de la zona</h3>
          <MapaEmbebido
            key={contenido.mapaZonasUrl}
            url={contenido.mapaZonasUrl}
            titulo="Mapa de límites de la zona"
            puedeConfigurar={puedeConfigurar}
          />
        </Col>
        <Col>
          <h3 className="h5">Vista de calle</h3>
          <MapaEmbebido
            key={contenido.mapaCalleUrl}
            url={contenido.mapaCalleUrl}
            titulo="Mapa de vista de calle"
            puedeConfigurar={puedeConfigurar}
          />
        </Col>
      </Row>
      <Alert variant="info" className="mb-0" data-testid="fuera-de-zona">
        <strong>¿El domicilio queda fuera de la zona?</strong> Consultá con {contenido.contactoNombre} antes de seguir
        con la inscripción.
      </Alert>
    </section>
  );
}

function Contacto({ contenido, puedeConfigurar }: { contenido: TContenido; puedeConfigurar: boolean }) {
  const ejemplo = camposDeEjemplo(contenido);
  return (
    <section aria-labelledby="contacto-titulo">
      <h2 id="contacto-titulo" className="h3 mb-3">
        Contacto
      </h2>
      {ejemplo.length > 0 && (
        <Alert variant="warning">
          {CONFIGURACION_MSG.datosDeEjemplo(ejemplo.map((c) => CONTENIDO_LABELS[c]).join(', '))}{' '}
          {puedeConfigurar ? (
            <Link to="/admin/configuracion" className="alert-link">
              Cambiarlos en Configuración
            </Link>
          ) : (
            'Avisale a un administrador.'
          )}
        </Alert>
      )}
      <Row xs={1} md={3} className="g-4">
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h3" className="h5">
                Teléfono
              </Card.Title>
              <Card.Text className="fs-5 mb-0">
                <a href={enlaceTelefono(contenido.telefono)}>{contenido.telefono}</a>
              </Card.Text>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h3" className="h5">
                Email
              </Card.Title>
              <Card.Text className="fs-5 mb-0 text-break">
                <a href={`mailto:${contenido.email}`}>{contenido.email}</a>
              </Card.Text>
            </Card.Body>
          </Card>
        </Col>
        <Col>
          <Card className="h-100 shadow-sm">
            <Card.Body>
              <Card.Title as="h3" className="h5">
                Horario de atención
              </Card.Title>
              <ul className="contacto-horarios">
                {lineasDeHorario(contenido.horarios).map((linea) => (
                  <li key={linea}>{linea}</li>
                ))}
              </ul>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </section>
  );
}

/** /consultas (SPEC 2 "Consultas"): FAQ, zone maps, the out-of-zone note and the contact cards. */
export function ConsultasPage() {
  const { user } = useAuth();
  const puedeConfigurar = can(user, 'configuracion:editar');
  const { contenido, isPending, error, refetch } = useContenido();

  return (
    <>
      <title>Consultas · Inscripciones</title>
      <h1 className="h2 mb-2">Consultas</h1>
      {contenido && <p className="h5 mb-2">Bienvenidos / Ingresos {contenido.anioIngreso}</p>}
      <p className="lead mb-4">Preguntas frecuentes, mapas de la zona y contacto de la escuela.</p>

      {isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Cargando...</span>
        </div>
      ) : !contenido ? (
        <Alert variant="danger" role="alert">
          {error instanceof ApiError && error.isNetworkError ? error.message : CONFIGURACION_MSG.cargarFallo}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <>
          <PreguntasFrecuentes contenido={contenido} />
          <Mapas contenido={contenido} puedeConfigurar={puedeConfigurar} />
          <Contacto contenido={contenido} puedeConfigurar={puedeConfigurar} />
        </>
      )}
    </>
  );
}
