import { useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { type TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { useCiclos, useCrearCiclo, useModificarCiclo } from '../../lib/use-ciclos.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { RetencionPanel } from './retencion-panel.tsx';
import { PlazoOfertaModal } from './plazo-oferta-modal.tsx';

type Accion = { tipo: 'actual' | 'cerrar' | 'reabrir'; ciclo: TCiclo };

const TEXTOS: Record<Accion['tipo'], { titulo: string; texto: (n: string) => string; boton: string }> = {
  actual: {
    titulo: 'Hacer actual',
    texto: (n) =>
      `¿Hacer de ${n} el ciclo actual? Las inscripciones nuevas, las importaciones y el sorteo pasan a ese ciclo.`,
    boton: 'Hacer actual',
  },
  cerrar: {
    titulo: 'Cerrar ciclo',
    texto: (n) => `¿Cerrar ${n}? Sus inscripciones quedan solo para consulta: nadie podrá modificarlas.`,
    boton: 'Cerrar ciclo',
  },
  reabrir: {
    titulo: 'Reabrir ciclo',
    texto: (n) => `¿Reabrir ${n}? Sus inscripciones se podrán volver a modificar.`,
    boton: 'Reabrir',
  },
};

/** /admin/ciclos (docs/decisions/0014): the admission cycles; create the next, make one current, close one. */
export function CiclosPage() {
  const { ciclos, isPending, isError, error } = useCiclos();
  const crear = useCrearCiclo();
  const modificar = useModificarCiclo();
  const { alert, show, dismiss } = useTimedAlert();
  const [accion, setAccion] = useState<Accion | null>(null);
  const [plazo, setPlazo] = useState<TCiclo | null>(null);
  // A confirmation opens on its safe choice (a stray Enter keeps the cycle as it is).
  const cancelar = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const siguiente = ciclos.length ? Math.max(...ciclos.map((c) => c.anioIngreso)) + 1 : null;

  const onCrear = () =>
    crear.mutate(
      {},
      {
        onSuccess: (c) => show('success', CICLO_MSG.creado(c.nombre)),
        onError: (e) => show('danger', errorMessage(e, 'Error al crear el ciclo')),
      },
    );

  const confirmar = () => {
    if (!accion) return;
    const { tipo, ciclo } = accion;
    const body = tipo === 'actual' ? { actual: true as const } : { estado: tipo === 'cerrar' ? 'cerrado' : 'abierto' };
    modificar.mutate(
      { id: ciclo.id, ...(body as { actual?: true; estado?: 'abierto' | 'cerrado' }) },
      {
        onSuccess: () => show('success', CICLO_MSG.guardado),
        onError: (e) => show('danger', errorMessage(e, 'Error al guardar el ciclo')),
        onSettled: () => setAccion(null),
      },
    );
  };

  return (
    <>
      <title>Ciclos · Inscripciones</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">Ciclos de ingreso</h1>
        {siguiente !== null && (
          <Button variant="primary" onClick={onCrear} disabled={crear.isPending}>
            + Crear Ingresos {siguiente}
          </Button>
        )}
      </div>
      <p className="text-body-secondary">
        Cada ciclo tiene sus inscripciones, su numeración, su sorteo y sus textos. El ciclo nuevo copia los datos del
        sorteo y las plazas del ciclo actual. Un ciclo cerrado queda solo para consulta.
      </p>
      <TimedAlert alert={alert} onClose={dismiss} />
      {isPending && <Spinner animation="border" role="status" aria-label="Cargando ciclos" />}
      {isError && <Alert variant="danger">{errorMessage(error, 'Error al cargar los ciclos')}</Alert>}
      {ciclos.length > 0 && (
        <Table responsive hover className="align-middle">
          <caption className="visually-hidden">Ciclos de ingreso</caption>
          <thead>
            <tr>
              <th scope="col">Ciclo</th>
              <th scope="col">Estado</th>
              <th scope="col" className="d-none d-md-table-cell">
                Sorteo
              </th>
              <th scope="col" className="d-none d-md-table-cell">
                Plazas (nenas / varones)
              </th>
              <th scope="col">Plazo de las ofertas</th>
              <th scope="col">Acciones</th>
            </tr>
          </thead>
          <tbody>
            {ciclos.map((c) => (
              <tr key={c.id}>
                <th scope="row">
                  {c.nombre}{' '}
                  {c.actual && (
                    <Badge bg="primary" className="ms-1">
                      Actual
                    </Badge>
                  )}
                </th>
                <td>
                  <Badge bg={c.estado === 'abierto' ? 'success' : 'secondary'}>
                    {c.estado === 'abierto' ? 'Abierto' : 'Cerrado'}
                  </Badge>
                </td>
                {/* On a phone the actions matter most: the lottery data stays on the wider screens. */}
                <td className="d-none d-md-table-cell">
                  {c.sorteoFecha.split('-').reverse().join('/')} {c.sorteoHora}, {c.sorteoLugar}
                </td>
                <td className="d-none d-md-table-cell">
                  {c.plazasNenas} / {c.plazasVarones}
                </td>
                <td className="text-nowrap">{CICLO_MSG.dias(c.plazoOfertaDias)}</td>
                <td>
                  <div className="d-flex flex-wrap gap-2">
                    {!c.actual && (
                      <Button
                        size="sm"
                        variant="outline-primary"
                        onClick={() => setAccion({ tipo: 'actual', ciclo: c })}
                      >
                        Hacer actual<span className="visually-hidden"> {c.nombre}</span>
                      </Button>
                    )}
                    {c.estado === 'abierto' && (
                      <Button size="sm" variant="outline-secondary" onClick={() => setPlazo(c)}>
                        Cambiar plazo<span className="visually-hidden"> de las ofertas de {c.nombre}</span>
                      </Button>
                    )}
                    {c.estado === 'abierto' ? (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => setAccion({ tipo: 'cerrar', ciclo: c })}
                      >
                        Cerrar<span className="visually-hidden"> {c.nombre}</span>
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => setAccion({ tipo: 'reabrir', ciclo: c })}
                      >
                        Reabrir<span className="visually-hidden"> {c.nombre}</span>
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {plazo && (
        <PlazoOfertaModal
          ciclo={plazo}
          onClose={() => setPlazo(null)}
          onSaved={(message) => {
            setPlazo(null);
            show('success', message);
          }}
        />
      )}
      <RetencionPanel ciclos={ciclos} onMessage={(ok, m) => show(ok ? 'success' : 'danger', m)} />
      {accion && (
        <Modal
          show
          centered
          onHide={modificar.isPending ? () => undefined : () => setAccion(null)}
          aria-labelledby={`${ids}-titulo`}
          aria-describedby={`${ids}-texto`}
          onEntered={() => cancelar.current?.focus()}
        >
          <Modal.Header closeButton closeLabel="Cerrar">
            <Modal.Title id={`${ids}-titulo`} as="h2" className="h5">
              {TEXTOS[accion.tipo].titulo}: {accion.ciclo.nombre}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p id={`${ids}-texto`} className="mb-0">
              {TEXTOS[accion.tipo].texto(accion.ciclo.nombre)}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <Button
              variant={accion.tipo === 'cerrar' ? 'danger' : 'primary'}
              onClick={confirmar}
              disabled={modificar.isPending}
            >
              {TEXTOS[accion.tipo].boton}
            </Button>
            <Button variant="secondary" onClick={() => setAccion(null)} disabled={modificar.isPending} ref={cancelar}>
              Cancelar
            </Button>
          </Modal.Footer>
        </Modal>
      )}
    </>
  );
}
