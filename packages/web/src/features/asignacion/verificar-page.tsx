import { useEffect, useRef, useState, type Ref } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ASIGNACION_MSG } from '@inscripciones/shared/asignacion/messages.ts';
import type { VerificacionAsignacion } from '@inscripciones/shared/asignacion/verify-asignacion.ts';
import { errorMessage } from '../../lib/api-client.ts';
import type { Etapa } from './replay.ts';
import { VERIFICAR_TEXTOS as T } from './textos.ts';
import { actaPublicaUrl, descargarActa, verificarTexto } from './verificar-en-navegador.ts';
import './asignacion.css';

type Progreso = { etapa: Etapa; bytes: number; total: number | null };
type Outcome = { resultado: VerificacionAsignacion; ms: number } | { error: string };

/** Where the bar stands in each step: the download fills its part when its size is known. */
function porcentaje(p: Progreso): number {
  if (p.etapa === 'descargando') return p.total ? Math.round((30 * p.bytes) / p.total) : 10;
  return p.etapa === 'leyendo' ? 35 : 60;
}

function textoProgreso(p: Progreso): string {
  if (p.etapa === 'descargando' && p.bytes > 0) {
    return T.descargado((p.bytes / 1024 / 1024).toLocaleString('es-UY', { maximumFractionDigits: 1 }));
  }
  return T.etapa[p.etapa];
}

/**
 * /asignacion/verificar: public, no login. Replays the network assignment's public acta (the one published, or a
 * file the visitor has) in this browser with the shared verifier, in a Web Worker, and says whether it matches.
 */
export function VerificarAsignacionPage() {
  const [progreso, setProgreso] = useState<Progreso | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pegado, setPegado] = useState('');
  const verdictRef = useRef<HTMLDivElement>(null);
  const running = progreso !== null;

  const correr = async (obtener: () => Promise<string>, fallback: string) => {
    setOutcome(null);
    setProgreso({ etapa: 'descargando', bytes: 0, total: null });
    try {
      const texto = await obtener();
      const r = await verificarTexto(texto, (etapa) => setProgreso((p) => ({ bytes: 0, total: null, ...p, etapa })));
      setOutcome(r);
    } catch (e) {
      setOutcome({ error: errorMessage(e, fallback) });
    } finally {
      setProgreso(null);
    }
  };

  const publicada = () =>
    correr(() => descargarActa((bytes, total) => setProgreso({ etapa: 'descargando', bytes, total })), T.errorDescarga);

  const archivo = (file: File) => correr(() => file.text(), T.errorArchivo);

  // The verdict takes the focus, so a screen reader reads it and the keyboard continues from it.
  useEffect(() => {
    if (outcome) verdictRef.current?.focus();
  }, [outcome]);

  return (
    <main className="container py-4 asignacion-verificar" id="contenido-principal">
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 className="h3">{T.titulo}</h1>
      <p>{T.intro}</p>
      <div className="d-flex flex-wrap gap-3 align-items-center mb-3">
        <Button variant="primary" onClick={() => void publicada()} disabled={running}>
          {T.verificarPublicada}
        </Button>
        <a href={actaPublicaUrl()} download="acta-asignacion.json">
          {T.descargarActa}
        </a>
      </div>

      {progreso && (
        <div className="mb-3" data-testid="asignacion-progreso">
          {/* Nested, so the name and the value's text land on the element with role="progressbar". */}
          <ProgressBar>
            <ProgressBar
              now={porcentaje(progreso)}
              animated={progreso.etapa !== 'descargando'}
              striped
              aria-label={T.progreso}
              aria-valuetext={textoProgreso(progreso)}
            />
          </ProgressBar>
          <p className="small mt-1 mb-0" role="status">
            {textoProgreso(progreso)}
          </p>
        </div>
      )}

      {outcome && <Veredicto outcome={outcome} ref={verdictRef} />}

      <section aria-labelledby="asignacion-otro-titulo" className="mt-4">
        <h2 id="asignacion-otro-titulo" className="h5">
          {T.otroArchivoTitulo}
        </h2>
        <p className="text-body-secondary">{T.otroArchivoAyuda}</p>
        <Form.Group controlId="asignacion-archivo" className="mb-3">
          <Form.Label>{T.archivo}</Form.Label>
          <Form.Control
            type="file"
            accept="application/json,.json"
            disabled={running}
            onChange={(e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (file) void archivo(file);
            }}
          />
        </Form.Group>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            const texto = pegado;
            void correr(() => Promise.resolve(texto), T.errorArchivo);
          }}
        >
          <Form.Group controlId="asignacion-pegar" className="mb-2">
            <Form.Label>{T.pegar}</Form.Label>
            <Form.Control
              as="textarea"
              rows={4}
              spellCheck={false}
              value={pegado}
              onChange={(e) => setPegado(e.target.value)}
            />
          </Form.Group>
          <Button type="submit" variant="outline-primary" disabled={running || pegado.trim() === ''}>
            {T.verificarPegada}
          </Button>
        </Form>
      </section>
    </main>
  );
}

function Veredicto({ outcome, ref }: { outcome: Outcome; ref: Ref<HTMLDivElement> }) {
  if ('error' in outcome) {
    return (
      <Alert variant="danger" ref={ref} tabIndex={-1} data-testid="asignacion-verificacion">
        {outcome.error}
      </Alert>
    );
  }
  const { resultado, ms } = outcome;
  if (resultado.ok) {
    const segundos = (ms / 1000).toLocaleString('es-UY', { maximumFractionDigits: 2 });
    return (
      <Alert variant="success" ref={ref} tabIndex={-1} data-testid="asignacion-verificacion">
        {T.coincide(ASIGNACION_MSG.verificada(resultado), segundos)}
      </Alert>
    );
  }
  return (
    <Alert variant="danger" ref={ref} tabIndex={-1} data-testid="asignacion-verificacion">
      <p className="mb-0">{T.noCoincide(resultado.error)}</p>
      {resultado.diferencias.length > 1 && (
        <>
          <p className="mt-2 mb-1">{T.diferencias(resultado.diferencias.length)}</p>
          <ul className="mb-0 asignacion-diferencias">
            {resultado.diferencias.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
