import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { TEstadoFamilia } from '@inscripciones/shared/estado/estado-schema.ts';
import {
  RESPUESTA_FAMILIA_MSG as MSG,
  ZComprobanteRespuesta,
  type TComprobanteRespuesta,
  type TRespuestaFamilia,
} from '@inscripciones/shared/estado/respuesta-familia.ts';
import { ESTADO_RED_MSG, respuestasPosibles } from '@inscripciones/shared/estado/estado-en-red.ts';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';

type Respuesta = TRespuestaFamilia['respuesta'];

const BOTON: Record<Respuesta, string> = {
  acepta: MSG.aceptar,
  'acepta-y-espera': ESTADO_RED_MSG.aceptarYEsperar,
  rechaza: MSG.rechazar,
};
const VARIANTE: Record<Respuesta, string> = { acepta: 'success', 'acepta-y-espera': 'primary', rechaza: 'danger' };
const PREGUNTA: Record<Respuesta, (iniciales: string) => string> = {
  acepta: MSG.confirmarAceptar,
  'acepta-y-espera': ESTADO_RED_MSG.confirmarAceptarYEsperar,
  rechaza: MSG.confirmarRechazar,
};

/**
 * The family answers its open offer here (docs/decisions/0023): a button per answer, a confirmation naming the
 * children by their initials, then the receipt (the public register's entry). The receipt stays while the status
 * is read again underneath.
 */
export function EstadoRespuesta({
  estado,
  codigo,
  onRespondida,
}: {
  estado: TEstadoFamilia;
  codigo: string;
  onRespondida: () => void;
}) {
  const [confirmando, setConfirmando] = useState<Respuesta | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [comprobante, setComprobante] = useState<TComprobanteRespuesta | null>(null);
  const preguntaRef = useRef<HTMLParagraphElement>(null);
  const reciboRef = useRef<HTMLDivElement>(null);
  // The network's place answers for the whole application; a school's offer, for its titulares.
  const titulares = estado.red ? estado.ninos : estado.ninos.filter((n) => n.estado === 'titular');
  const opciones: Respuesta[] = estado.red
    ? respuestasPosibles(estado.red)
    : titulares.length
      ? ['acepta', 'rechaza']
      : [];
  const iniciales = titulares.map((n) => n.iniciales).join(' y ');

  useEffect(() => {
    if (confirmando) preguntaRef.current?.focus();
  }, [confirmando]);
  useEffect(() => {
    if (comprobante) reciboRef.current?.focus();
  }, [comprobante]);

  const enviar = async (respuesta: Respuesta) => {
    setBusy(true);
    setError(null);
    try {
      const body = { numeroInscripcion: estado.numeroInscripcion, codigo, respuesta };
      const recibo = await apiRequest('/api/estado/respuesta', {
        method: 'POST',
        body,
        auth: false,
        schema: ZComprobanteRespuesta,
      });
      setComprobante(recibo);
      setConfirmando(null);
      onRespondida();
    } catch (e) {
      setError(errorMessage(e, MSG.error));
    } finally {
      setBusy(false);
    }
  };

  if (comprobante) {
    return (
      <Alert variant="success" className="mt-3 mb-0" role="status" ref={reciboRef} tabIndex={-1}>
        <p className="mb-1">
          {MSG.comprobante(
            comprobante.respuesta,
            fechaHoraLarga(new Date(comprobante.en)),
            comprobante.entrada.n,
            Boolean(estado.red),
          )}
        </p>
        <p className="small mb-0">
          {MSG.comprobanteHash} <code className="text-break text-reset">{comprobante.entrada.hash}</code>
        </p>
      </Alert>
    );
  }
  if (opciones.length === 0) return null;
  return (
    <div className="estado-respuesta mt-3">
      {confirmando ? (
        <div className="border rounded p-3">
          <p ref={preguntaRef} tabIndex={-1}>
            {PREGUNTA[confirmando](iniciales)}
          </p>
          <div className="d-grid gap-2 d-sm-flex">
            <Button
              variant={VARIANTE[confirmando]}
              disabled={busy}
              aria-busy={busy}
              onClick={() => void enviar(confirmando)}
            >
              {busy ? MSG.enviando : MSG.confirmar}
            </Button>
            <Button variant="outline-secondary" disabled={busy} onClick={() => setConfirmando(null)}>
              {MSG.volver}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <div className="d-grid gap-2 d-sm-flex mt-2">
            {opciones.map((r) => (
              <Button key={r} variant={VARIANTE[r]} onClick={() => setConfirmando(r)}>
                {BOTON[r]}
              </Button>
            ))}
          </div>
        </>
      )}
      {error && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
