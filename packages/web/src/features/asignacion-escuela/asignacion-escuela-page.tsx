import { useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { TAsignacionLinea, TRespuestaRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { ConfirmModal } from '../../lib/confirm-modal.tsx';
import { useOpcionesRed } from '../../lib/opciones-red.ts';
import { useAsignacionEscuela, useRegistrarRespuesta } from './asignacion-escuela-api.ts';
import { AsignacionEscuelaTabla } from './asignacion-escuela-tabla.tsx';
import { ASIGNACION_ESCUELA_TEXTOS as T } from './asignacion-escuela-textos.ts';

type Aviso = { variant: 'success' | 'danger'; texto: string };

/** The lines whose network number or school application number is the one searched (all for an empty search). */
export function filtrar(lineas: TAsignacionLinea[], busqueda: string): TAsignacionLinea[] {
  const n = Number(busqueda.trim());
  if (!busqueda.trim() || !Number.isInteger(n)) return lineas;
  return lineas.filter((l) => l.numero === n || l.origen.numeroInscripcion === n);
}

/**
 * A school's staff on the network's assignment (docs/decisions/0039): the school's lines, where each stands now,
 * and SAE's answers recorded at the desk, each after a confirmation naming the children. The guest only reads.
 */
export function AsignacionEscuelaPage() {
  const { user } = useAuth();
  const ids = useId();
  const vista = useAsignacionEscuela();
  const registrar = useRegistrarRespuesta();
  const escuelas = useOpcionesRed().data?.escuelas;
  const [busqueda, setBusqueda] = useState('');
  const [pedido, setPedido] = useState<{ linea: TAsignacionLinea; respuesta: TRespuestaRed } | null>(null);
  const [aviso, setAviso] = useState<Aviso | null>(null);
  const avisoRef = useRef<HTMLDivElement>(null);
  // The button pressed may be gone (an answer changes the line's buttons): the focus goes to the outcome.
  useEffect(() => {
    if (aviso) avisoRef.current?.focus();
  }, [aviso]);
  const nombre = (codigo: string) => escuelas?.find((e) => e.codigo === codigo)?.nombre ?? codigo;
  const puedeRegistrar =
    user?.rolRed === 'administrador_red' || user?.role === 'administrador' || user?.role === 'voluntario';

  const confirmar = () => {
    if (!pedido || !vista.data) return;
    const { linea, respuesta } = pedido;
    const iniciales = linea.iniciales.join(' y ');
    registrar.mutate(
      { anio: vista.data.anio, numero: linea.numero, respuesta },
      {
        onSuccess: (r) => setAviso({ variant: 'success', texto: T.registrada(linea.numero, iniciales, r.seq) }),
        onError: (e) => setAviso({ variant: 'danger', texto: errorMessage(e, T.error) }),
        onSettled: () => setPedido(null),
      },
    );
  };

  let cuerpo;
  if (vista.isPending) {
    cuerpo = (
      <div className="d-flex align-items-center gap-2" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>{T.cargando}</span>
      </div>
    );
  } else if (vista.isError) {
    cuerpo = (
      <Alert variant="danger">
        {errorMessage(vista.error, T.errorCarga)}{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={() => void vista.refetch()}>
          {T.reintentar}
        </Button>
      </Alert>
    );
  } else if (!vista.data) {
    cuerpo = <p>{T.sinAsignacion}</p>;
  } else {
    const lineas = filtrar(vista.data.lineas, busqueda);
    cuerpo = (
      <>
        <p>{T.asignadaEl(vista.data.anio, fechaHoraLarga(new Date(vista.data.asignadoEn)))}</p>
        <Form.Group controlId={`${ids}-buscar`} className="mb-3 asignacion-escuela__buscar">
          <Form.Label>{T.buscar}</Form.Label>
          <Form.Control
            type="search"
            inputMode="numeric"
            value={busqueda}
            onChange={(e) => setBusqueda(e.target.value)}
            aria-describedby={`${ids}-ayuda ${ids}-contador`}
          />
          <Form.Text id={`${ids}-ayuda`}>{T.buscarAyuda}</Form.Text>
        </Form.Group>
        <p id={`${ids}-contador`} role="status">
          {lineas.length ? T.contador(lineas.length, vista.data.lineas.length) : T.ninguna}
        </p>
        {lineas.length > 0 && (
          <AsignacionEscuelaTabla
            lineas={lineas}
            nombre={nombre}
            onResponder={
              puedeRegistrar
                ? (linea, respuesta) => {
                    setAviso(null);
                    setPedido({ linea, respuesta });
                  }
                : null
            }
          />
        )}
      </>
    );
  }

  return (
    <>
      <title>{`${T.titulo} · Inscripciones`}</title>
      <h1 className="h2 mb-3">{T.titulo}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      {!puedeRegistrar && <p>{T.soloLectura}</p>}
      {aviso && (
        <Alert
          ref={avisoRef}
          tabIndex={-1}
          variant={aviso.variant}
          role={aviso.variant === 'danger' ? 'alert' : 'status'}
          dismissible
          closeLabel="Cerrar"
          onClose={() => setAviso(null)}
        >
          {aviso.texto}
        </Alert>
      )}
      {cuerpo}
      {pedido && (
        <ConfirmModal
          title={T.confirmarTitulo}
          text={T.confirmar[pedido.respuesta](
            pedido.linea.iniciales.join(' y '),
            pedido.linea.actual.escuela ? nombre(pedido.linea.actual.escuela) : T.sinPlaza,
          )}
          confirm={T.si}
          cancel={T.volver}
          variant={pedido.respuesta === 'rechaza' ? 'danger' : 'primary'}
          busy={registrar.isPending}
          onConfirm={confirmar}
          onClose={() => setPedido(null)}
        />
      )}
    </>
  );
}
