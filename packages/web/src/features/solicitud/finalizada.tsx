import Alert from 'react-bootstrap/Alert';
import { codigoLegible } from '@inscripciones/shared/estado/estado-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import type { TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';

/** A finalised application (docs/decisions/0038): the enrolment's number and how to follow it on /estado. */
export function Finalizada({ solicitud }: { solicitud: TSolicitud }) {
  const { numeroInscripcion: numero, codigoEstado: codigo } = solicitud;
  return (
    <Alert variant="success">
      <h2 className="h5">Inscripción finalizada</h2>
      {numero !== null ? (
        <>
          <p>
            La escuela revisó la solicitud y la inscripción quedó finalizada con el{' '}
            <strong>número {padNumero(numero)}</strong>.
          </p>
          {codigo && (
            <>
              <p>
                Para seguir su estado (el sorteo, la plaza y los plazos), entrá a la página de estado con el número{' '}
                {padNumero(numero)} y el código <strong className="font-monospace">{codigoLegible(codigo)}</strong>.
                Anotalos.
              </p>
              <a className="btn btn-primary" href={`/estado?numero=${numero}&codigo=${encodeURIComponent(codigo)}`}>
                Ver el estado de la inscripción
              </a>
            </>
          )}
        </>
      ) : (
        <p className="mb-0">La escuela revisó la solicitud y la inscripción quedó finalizada.</p>
      )}
    </Alert>
  );
}
