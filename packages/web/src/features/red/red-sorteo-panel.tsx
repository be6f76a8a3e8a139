import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { describirFuente } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { Busy } from '../../lib/busy.tsx';
import { FuenteField, fuenteDe, fuenteDraftInicial } from '../../lib/fuente-valor-field.tsx';
import type { TRedSorteoEstado, TRedSorteoNext } from '@inscripciones/shared/asignacion/api-schema.ts';
import { fetchRedNext, useRedSorteoPasos } from './asignacion-api.ts';
import { ASIGNACION_RED_TEXTOS as T } from './asignacion-textos.ts';

/**
 * The network raffle, as a school's (docs/decisions/0008, 0027): the public value's source declared at the start,
 * the commitment and the list hash announced, the public value said in the room, the positions read aloud one by
 * one, and the end, which reveals the seed. One random number per application (docs/decisions/0028).
 */
export function RedSorteoPanel({ anio, sorteo }: { anio: number; sorteo: TRedSorteoEstado | null }) {
  const pasos = useRedSorteoPasos(anio);
  const [fuente, setFuente] = useState(() => fuenteDraftInicial());
  const [actual, setActual] = useState<TRedSorteoNext | null>(null);
  const [mostrando, setMostrando] = useState(false);
  const [errorNext, setErrorNext] = useState<unknown>(null);
  const fallo = [pasos.start, pasos.valor, pasos.confirm, pasos.end].find((m) => m.isError)?.error ?? errorNext;

  const siguiente = async () => {
    setMostrando(true);
    setErrorNext(null);
    try {
      setActual(await fetchRedNext());
    } catch (e) {
      setErrorNext(e);
    } finally {
      setMostrando(false);
    }
  };

  let cuerpo;
  if (!sorteo) {
    const elegida = fuenteDe(fuente);
    cuerpo = (
      <Form
        onSubmit={(e) => {
          e.preventDefault();
          if (elegida) pasos.start.mutate(elegida);
        }}
      >
        <FuenteField draft={fuente} onChange={setFuente} invalid={false} disabled={pasos.start.isPending} />
        <Button type="submit" disabled={!elegida || pasos.start.isPending} className="mt-2">
          {pasos.start.isPending ? <Busy label={T.iniciar} /> : T.iniciar}
        </Button>
      </Form>
    );
  } else {
    cuerpo = (
      <>
        <Datos sorteo={sorteo} />
        {sorteo.estado === 'activo' && sorteo.confirmados === 0 && !actual && (
          <ValorPublico sorteo={sorteo} guardando={pasos.valor.isPending} onGuardar={(v) => pasos.valor.mutate(v)} />
        )}
        {sorteo.estado === 'activo' && sorteo.valorPublico && (
          <div className="mt-3">
            <p className="mb-2" role="status">
              {T.progreso(sorteo.confirmados, sorteo.total)}
            </p>
            {actual && actual.azar !== null && actual.azar > sorteo.confirmados ? (
              <div className="red-sorteo-actual mb-2" aria-live="polite" aria-atomic="true">
                <p className="mb-1">
                  {T.numeroAlAzar} <strong className="fs-4">{actual.azar}</strong>:{' '}
                  <strong>{T.postulacion(actual.numero!)}</strong> ({actual.iniciales.join(', ')})
                </p>
                <p className="mb-2">
                  {T.elige} {actual.preferencias.join(', ')}
                </p>
                <Button onClick={() => pasos.confirm.mutate(actual.azar!)} disabled={pasos.confirm.isPending}>
                  {pasos.confirm.isPending ? <Busy label={SORTEO_MSG.confirmar} /> : SORTEO_MSG.confirmar}
                </Button>
              </div>
            ) : (
              sorteo.confirmados < sorteo.total && (
                <Button onClick={() => void siguiente()} disabled={mostrando}>
                  {mostrando ? <Busy label={T.siguiente} /> : T.siguiente}
                </Button>
              )
            )}
            <p className="small text-body-secondary mt-3 mb-1">{T.terminarAyuda}</p>
            <Button variant="outline-danger" onClick={() => pasos.end.mutate()} disabled={pasos.end.isPending}>
              {pasos.end.isPending ? <Busy label={T.terminar} /> : T.terminar}
            </Button>
          </div>
        )}
        {sorteo.estado === 'terminado' && (
          <Alert variant="success" className="mt-3 mb-0">
            {T.terminado}
          </Alert>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="red-sorteo-titulo" className="mb-4">
      <h2 id="red-sorteo-titulo" className="h5">
        {T.sorteoTitulo}
      </h2>
      {cuerpo}
      {fallo !== null && fallo !== undefined && (
        <Alert variant="danger" className="mt-2">
          {errorMessage(fallo, T.error)}
        </Alert>
      )}
    </section>
  );
}

/** What the room is told before any number: the list's hash, the commitment, the source; at the end, the seed. */
function Datos({ sorteo }: { sorteo: TRedSorteoEstado }) {
  return (
    <>
      <p>{T.postulaciones(sorteo.total, sorteo.escuelas, sorteo.ninos)}</p>
      <dl className="red-sorteo-datos">
        <dt>{T.hashLista}</dt>
        <dd>
          <code>{sorteo.listaHash}</code>
        </dd>
        <dt>{SORTEO_MSG.compromiso}</dt>
        <dd>
          <code>{sorteo.compromiso}</code>
        </dd>
        <dt>{SORTEO_MSG.valorPublicoCampo}</dt>
        <dd>
          {sorteo.valorPublico ?? '—'}{' '}
          <span className="text-body-secondary">({describirFuente(sorteo.fuenteValorPublico)})</span>
        </dd>
        {sorteo.semilla && (
          <>
            <dt>{T.semilla}</dt>
            <dd>
              <code>{sorteo.semilla}</code>
            </dd>
          </>
        )}
      </dl>
    </>
  );
}

function ValorPublico(props: {
  sorteo: TRedSorteoEstado;
  guardando: boolean;
  onGuardar: (v: { valor: string; origen: string }) => void;
}) {
  const [valor, setValor] = useState(props.sorteo.valorPublico ?? '');
  const [origen, setOrigen] = useState(props.sorteo.valorPublicoOrigen ?? '');
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (valor.trim() && origen.trim()) props.onGuardar({ valor: valor.trim(), origen: origen.trim() });
  };
  return (
    <Form onSubmit={enviar} className="red-sorteo-valor">
      <p>{SORTEO_MSG.preparacionTexto}</p>
      <Form.Group controlId="red-valor-publico" className="mb-2">
        <Form.Label>{SORTEO_MSG.valorPublicoCampo}</Form.Label>
        <Form.Control value={valor} maxLength={200} autoComplete="off" onChange={(e) => setValor(e.target.value)} />
      </Form.Group>
      <Form.Group controlId="red-valor-origen" className="mb-2">
        <Form.Label>{SORTEO_MSG.valorPublicoOrigenCampo}</Form.Label>
        <Form.Control value={origen} maxLength={300} autoComplete="off" onChange={(e) => setOrigen(e.target.value)} />
      </Form.Group>
      <Button type="submit" variant="outline-primary" disabled={props.guardando || !valor.trim() || !origen.trim()}>
        {props.guardando ? <Busy label={SORTEO_MSG.valorPublicoGuardando} /> : SORTEO_MSG.valorPublicoGuardar}
      </Button>
    </Form>
  );
}
