import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { ZBajaEstado, type TBajaEstado } from '@inscripciones/shared/avisos/avisos-schema.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useContenidoPublico } from '../../lib/use-contenido.ts';

/** The link's token, as the message carried it (`/avisos/baja?t=…`). */
const tokenDeLaDireccion = () => new URLSearchParams(window.location.search).get('t') ?? '';

/**
 * The opt-out page of the messages to the families (docs/decisions/0029): public, phone first. It says what the
 * link stops, takes one button, and confirms that the messages needed to keep a place still arrive.
 */
export function BajaPage() {
  const [t] = useState(tokenDeLaDireccion);
  const escuela = useContenidoPublico().data?.escuelaNombre;
  const [estado, setEstado] = useState<TBajaEstado | null>(null);
  const [hecha, setHecha] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(t ? null : AVISO_MSG.bajaEnlaceInvalido);
  const confirmacionRef = useRef<HTMLHeadingElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!t) return;
    const controller = new AbortController();
    apiRequest(`/api/avisos/baja?t=${encodeURIComponent(t)}`, {
      auth: false,
      schema: ZBajaEstado,
      signal: controller.signal,
    }).then(setEstado, (e: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(e, AVISO_MSG.bajaError));
    });
    return () => controller.abort();
  }, [t]);

  // The answer takes the focus, so a screen reader reads it.
  useEffect(() => {
    if (hecha) confirmacionRef.current?.focus();
    else if (error) errorRef.current?.focus();
  }, [hecha, error]);

  const darDeBaja = async () => {
    setBusy(true);
    setError(null);
    try {
      setEstado(
        await apiRequest('/api/avisos/baja', { method: 'POST', body: { t }, auth: false, schema: ZBajaEstado }),
      );
      setHecha(true);
    } catch (e) {
      setError(errorMessage(e, AVISO_MSG.bajaError));
    } finally {
      setBusy(false);
    }
  };

  const dadoDeBaja = hecha || estado?.dadoDeBaja;
  return (
    <main className="container py-4" style={{ maxWidth: '34rem' }}>
      {escuela && <p className="text-body-secondary fw-semibold mb-1">{escuela}</p>}
      <h1 className="h3">{AVISO_MSG.bajaTitulo}</h1>
      {!estado && !error && <p aria-live="polite">{AVISO_MSG.bajaCargando}</p>}
      {estado && !dadoDeBaja && (
        <>
          <p>{AVISO_MSG.bajaIntro(estado.canal)}</p>
          <p>{AVISO_MSG.bajaAntes}</p>
          <Button className="w-100" size="lg" disabled={busy} aria-busy={busy} onClick={() => void darDeBaja()}>
            {busy ? AVISO_MSG.bajaProcesando : AVISO_MSG.bajaBoton}
          </Button>
        </>
      )}
      {estado && dadoDeBaja && (
        <section aria-labelledby="baja-confirmada">
          <h2 className="h5 mt-3" id="baja-confirmada" ref={confirmacionRef} tabIndex={-1}>
            {AVISO_MSG.bajaConfirmada(estado.canal)}
          </h2>
          <p>{AVISO_MSG.bajaRequeridos}</p>
        </section>
      )}
      {error && (
        <Alert variant="danger" className="mt-4" role="alert" ref={errorRef} tabIndex={-1}>
          {error}
        </Alert>
      )}
    </main>
  );
}
