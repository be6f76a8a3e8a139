import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { FIELD_OPTIONS, optionLabel } from '@inscripciones/shared/inscriptos/field-options.ts';
import { fieldLabelFor } from '@inscripciones/shared/inscriptos/fields.ts';
import type {
  TSolicitudFinalizada,
  TSolicitudVerificacion,
} from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { NOTA_MAX } from '@inscripciones/shared/solicitudes/verificacion-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { DocumentoVisor } from './documento-visor.tsx';
import { devolverSolicitud, finalizarSolicitud, verSolicitud } from './verificar-api.ts';
import { SOLICITUDES_A_VERIFICAR } from './solicitudes-page.tsx';
import { CiAviso, ciAvisoId } from '../../lib/ci-aviso.tsx';

/** What staff compare with the documents, editable here; the rest is shown as the family wrote it. */
const A_COMPARAR = ['nombre1', 'nombre2', 'apellido1', 'apellido2', 'ci', 'fechaNacimiento', 'domicilio'] as const;

const texto = (campo: string, v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (FIELD_OPTIONS[campo]) return (Array.isArray(v) ? v : [v]).map((x) => optionLabel(campo, x)).join(', ');
  if (Array.isArray(v))
    return v.map((x) => (typeof x === 'object' ? Object.values(x ?? {}).join(' ') : String(x))).join('; ');
  if (typeof v === 'object') return Object.values(v).join(' ');
  if (typeof v === 'boolean') return v ? 'Sí' : 'No';
  return String(v);
};

/**
 * Verifying one online application (docs/decisions/0038): the documents, the fields to compare (editable), the
 * rest of the form; then finalise it as an enrolment or return it to the family with a note.
 */
export function VerificarPage() {
  const { id = '' } = useParams();
  const [s, setS] = useState<TSolicitudVerificacion | null>(null);
  const [datos, setDatos] = useState<Record<string, unknown>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [hecha, setHecha] = useState<TSolicitudFinalizada | null>(null);
  const [devolviendo, setDevolviendo] = useState(false);
  const [nota, setNota] = useState('');

  useEffect(() => {
    verSolicitud(id)
      .then((v) => {
        setS(v);
        setDatos(v.datos);
      })
      .catch((e: unknown) => setError(errorMessage(e, 'No se pudo abrir la solicitud.')));
  }, [id]);

  const accion = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError(errorMessage(e, 'No se pudo guardar. Revisá la conexión y probá de nuevo.'));
    } finally {
      setBusy(false);
    }
  };

  const volver = (
    <Link to="/solicitudes" className="small">
      ← {SOLICITUDES_A_VERIFICAR}
    </Link>
  );
  if (!s) {
    return (
      <section>
        {volver}
        <h1 className="h3">Solicitud en línea</h1>
        {error ? <Alert variant="danger">{error}</Alert> : <p role="status">Cargando…</p>}
      </section>
    );
  }
  const resto = Object.keys(datos).filter((k) => !(A_COMPARAR as readonly string[]).includes(k));

  return (
    <section style={{ maxWidth: '48rem' }}>
      {volver}
      <h1 className="h3">Verificar solicitud en línea</h1>
      <p className="text-body-secondary">Contacto de la familia: {s.contacto}</p>
      {hecha ? (
        <Alert variant="success">
          <p>
            Inscripción finalizada con el número {padNumero(hecha.numeroInscripcion)}. La familia lo ve en su solicitud.
          </p>
          <Link className="btn btn-primary" to={`/inscriptos/${encodeURIComponent(hecha.inscriptoId)}`}>
            Abrir la inscripción (constancia)
          </Link>
        </Alert>
      ) : s.estado !== 'enviada' ? (
        <Alert variant="secondary">Esta solicitud ya no espera verificación.</Alert>
      ) : null}
      <h2 className="h5 mt-3">Documentos</h2>
      {s.documentos.map((d) => (
        <DocumentoVisor key={d.id} solicitudId={s.id} doc={d} />
      ))}
      <h2 className="h5 mt-3">Datos para comparar con los documentos</h2>
      {A_COMPARAR.map((campo) => (
        <Form.Group key={campo} className="mb-2" controlId={`verificar-${campo}`}>
          <Form.Label className="mb-0 small">{fieldLabelFor(campo)}</Form.Label>
          <Form.Control
            type={campo === 'fechaNacimiento' ? 'date' : 'text'}
            value={typeof datos[campo] === 'string' ? (datos[campo] as string) : ''}
            disabled={s.estado !== 'enviada' || !!hecha}
            onChange={(e) => setDatos((d) => ({ ...d, [campo]: e.target.value }))}
            aria-describedby={campo === 'ci' ? ciAvisoId(`verificar-${campo}`, datos.ci) : undefined}
          />
          {campo === 'ci' && <CiAviso fieldId={`verificar-${campo}`} ci={datos.ci} />}
        </Form.Group>
      ))}
      <h2 className="h5 mt-3">El resto del formulario</h2>
      <dl className="row small">
        {resto.map((k) => (
          <div key={k} className="col-12 d-flex gap-2">
            <dt className="fw-normal text-body-secondary">{fieldLabelFor(k)}:</dt>
            <dd className="mb-1">{texto(k, datos[k])}</dd>
          </div>
        ))}
      </dl>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {s.estado === 'enviada' && !hecha && (
        <div className="d-flex flex-wrap gap-2 mb-4">
          <Button
            disabled={busy}
            onClick={() => accion(async () => setHecha(await finalizarSolicitud(s.id, datos, s.version)))}
          >
            Finalizar inscripción
          </Button>
          <Button variant="outline-secondary" disabled={busy} onClick={() => setDevolviendo((v) => !v)}>
            Devolver a la familia
          </Button>
        </div>
      )}
      {devolviendo && s.estado === 'enviada' && !hecha && (
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void accion(async () => setS(await devolverSolicitud(s.id, nota, s.version)));
          }}
        >
          <Form.Group className="mb-2" controlId="verificar-nota">
            <Form.Label>Nota para la familia (qué tiene que corregir)</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              required
              maxLength={NOTA_MAX}
              value={nota}
              onChange={(e) => setNota(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="secondary" disabled={busy || !nota.trim()}>
            Devolver con esta nota
          </Button>
        </Form>
      )}
      {s.estado === 'devuelta' && s.nota && (
        <Alert variant="warning">Devuelta a la familia con la nota: {s.nota}</Alert>
      )}
    </section>
  );
}
