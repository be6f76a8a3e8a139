import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { ciCheckDigitWarning } from '@inscripciones/shared/inscriptos/ci.ts';
import { faltantesSolicitud } from '@inscripciones/shared/solicitudes/completitud.ts';
import type { TSolicitud } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { enviarSolicitud, type Llave } from './solicitud-api.ts';
import { seccionDe } from './validar.ts';

const ERROR = 'No se pudo enviar la solicitud. Revisá la conexión y probá de nuevo.';

interface RevisarPasoProps {
  llave: Llave;
  solicitud: TSolicitud;
  datos: Record<string, unknown>;
  /** Saves what is pending before sending. */
  antesDeEnviar: () => Promise<void>;
  onEnviada: (s: TSolicitud) => void;
  irA: (destino: SectionNumber | 'documentos') => void;
}

/** Review and send: what is still missing (as the server checks it), each with a way back to it. */
export function RevisarPaso({ llave, solicitud, datos, antesDeEnviar, onEnviada, irA }: RevisarPasoProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const avisoCi = typeof datos.ci === 'string' ? ciCheckDigitWarning(datos.ci) : null;
  const seccionCi = seccionDe('ci') ?? 1;
  const faltan = faltantesSolicitud(
    datos,
    solicitud.documentos.map((d) => d.clase),
  );

  return (
    <section aria-labelledby="solicitud-paso-titulo">
      <h2 className="h5" id="solicitud-paso-titulo" tabIndex={-1}>
        Revisar y enviar
      </h2>
      {faltan.length ? (
        <>
          <p>Para enviar la solicitud falta completar:</p>
          <ul>
            {faltan.map((f) => {
              const seccion = seccionDe(f.field);
              return (
                <li key={f.field}>
                  <Button variant="link" className="p-0 text-start" onClick={() => irA(seccion ?? 'documentos')}>
                    {f.label}
                  </Button>
                  {seccion && <span className="text-body-secondary"> ({SECTION_TITLES[seccion]})</span>}
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p>
          Está todo completo. Al enviarla, la escuela revisa los datos con los documentos y te avisa. Después de
          enviarla ya no se puede cambiar.
        </p>
      )}
      {avisoCi && (
        <Alert variant="warning">
          {avisoCi}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => irA(seccionCi)}>
            Revisar la cédula
          </Button>
        </Alert>
      )}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button
        className="w-100"
        disabled={busy || faltan.length > 0}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            await antesDeEnviar();
            onEnviada(await enviarSolicitud(llave));
          } catch (e) {
            setError(errorMessage(e, ERROR));
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Enviando…' : 'Enviar la solicitud'}
      </Button>
    </section>
  );
}
