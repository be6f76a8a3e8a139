import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { ZEstadoFamilia, type TEstadoFamilia } from '@inscripciones/shared/estado/estado-schema.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useContenidoPublico } from '../../lib/use-contenido.ts';
import { EstadoResult } from './estado-result.tsx';

const ERROR = 'No se pudo consultar el estado. Revisá la conexión y probá de nuevo.';

/** What the QR of the constancia opens: `/estado?numero=N&codigo=C` fills both fields in. */
function fromAddress(): { numero: string; codigo: string } {
  const params = new URLSearchParams(window.location.search);
  return { numero: params.get('numero') ?? '', codigo: params.get('codigo') ?? '' };
}

/**
 * The families' status page: public, phone first. The number and the code of the constancia give
 * the status; the code leaves the address bar once read, so a shared phone's history does not keep it.
 */
export function EstadoPage() {
  const [initial] = useState(fromAddress);
  const escuela = useContenidoPublico().data?.escuelaNombre;
  const [numero, setNumero] = useState(initial.numero);
  const [codigo, setCodigo] = useState(initial.codigo);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [estado, setEstado] = useState<{ estado: TEstadoFamilia; codigo: string } | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  /** A status read again after an answer keeps the focus on the receipt. */
  const enSuLugar = useRef(false);

  /** After an online answer: the new status replaces the old one in place (the receipt stays on screen). */
  const releer = async (c: string, numeroInscripcion: number) => {
    try {
      const body = { numeroInscripcion, codigo: c };
      const respuesta = await apiRequest('/api/estado', { method: 'POST', body, auth: false, schema: ZEstadoFamilia });
      enSuLugar.current = true;
      setEstado({ estado: respuesta, codigo: c });
    } catch {
      // The receipt is already shown; the old status stays until the next lookup.
    }
  };
  const consultar = async (n: string, c: string) => {
    setBusy(true);
    setError(null);
    setEstado(null);
    try {
      const body = { numeroInscripcion: Number(n.trim()), codigo: c };
      const respuesta = await apiRequest('/api/estado', { method: 'POST', body, auth: false, schema: ZEstadoFamilia });
      setEstado({ estado: respuesta, codigo: c });
    } catch (e) {
      setError(errorMessage(e, ERROR));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (initial.codigo) window.history.replaceState(null, '', `/estado?numero=${encodeURIComponent(initial.numero)}`);
    if (initial.numero && initial.codigo) void consultar(initial.numero, initial.codigo);
  }, [initial]);

  // The answer takes the focus, so a screen reader reads it and the keyboard continues from it.
  useEffect(() => {
    if (enSuLugar.current) enSuLugar.current = false;
    else if (estado) resultRef.current?.focus();
    else if (error) errorRef.current?.focus();
  }, [estado, error]);

  return (
    <main className="container py-4" style={{ maxWidth: '34rem' }}>
      {/* The school's name, as on the constancia; the page works without it while it loads or if it fails. */}
      {escuela && <p className="text-body-secondary fw-semibold mb-1">{escuela}</p>}
      <h1 className="h3">{ESTADO_MSG.titulo}</h1>
      <p>{ESTADO_MSG.intro}</p>
      <Form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void consultar(numero, codigo);
        }}
      >
        <Form.Group className="mb-3" controlId="estado-numero">
          <Form.Label>Número de inscripción</Form.Label>
          <Form.Control
            inputMode="numeric"
            autoComplete="off"
            value={numero}
            onChange={(e) => setNumero(e.target.value)}
            required
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="estado-codigo">
          <Form.Label>Código</Form.Label>
          <Form.Control
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={codigo}
            onChange={(e) => setCodigo(e.target.value)}
            aria-describedby="estado-codigo-ayuda"
            required
          />
          <Form.Text id="estado-codigo-ayuda">Figura en la constancia, por ejemplo ABCDE-23456.</Form.Text>
        </Form.Group>
        <Button type="submit" className="w-100" disabled={busy} aria-busy={busy}>
          {busy ? ESTADO_MSG.consultando : ESTADO_MSG.consultar}
        </Button>
      </Form>
      {error && (
        <Alert variant="danger" className="mt-4" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
      {estado && (
        <EstadoResult
          estado={estado.estado}
          codigo={estado.codigo}
          headingRef={resultRef}
          onRespondida={() => void releer(estado.codigo, estado.estado.numeroInscripcion)}
        />
      )}
    </main>
  );
}
