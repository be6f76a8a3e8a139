import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { nombreDeCiclo, type TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { ConfirmModal } from '../../lib/confirm-modal.tsx';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { useCiclos, useCrearCiclo, useModificarCiclo } from '../../lib/use-ciclos.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { RetencionPanel } from './retencion-panel.tsx';
import { PlazoOfertaModal } from './plazo-oferta-modal.tsx';
import { CicloSiguiente } from './ciclo-siguiente.tsx';

/**
 * A change that waits for its confirmation: create the next cycle, make one current, close or reopen one.
 * `ofertasAbiertas`: the server's message naming the open offers the change leaves behind (decision 0030); the
 * second confirmation sends the change again with `confirmarOfertasAbiertas`.
 */
type Accion =
  | { tipo: 'crear'; nombre: string }
  | { tipo: 'actual' | 'cerrar' | 'reabrir'; ciclo: TCiclo; ofertasAbiertas?: string };

/**
 * /admin/ciclos (docs/decisions/0014): the admission cycles; create the next, make one current, close one.
 * Every change is confirmed first (creating one cannot be undone: there is no way to delete a cycle), and
 * the next cycle is offered under the list, not as the first thing on the screen.
 */
export function CiclosPage() {
  const { ciclos, isPending, isError, error } = useCiclos();
  const crear = useCrearCiclo();
  const modificar = useModificarCiclo();
  const { alert, show, dismiss } = useTimedAlert();
  const [accion, setAccion] = useState<Accion | null>(null);
  const [plazo, setPlazo] = useState<TCiclo | null>(null);
  const anioSiguiente = ciclos.length ? Math.max(...ciclos.map((c) => c.anioIngreso)) + 1 : null;
  const siguiente = anioSiguiente === null ? null : nombreDeCiclo(anioSiguiente);
  const actual = ciclos.find((c) => c.actual);

  const confirmar = () => {
    if (!accion) return;
    if (accion.tipo === 'crear') {
      crear.mutate(
        {},
        {
          onSuccess: (c) => show('success', CICLO_MSG.creado(c.nombre)),
          onError: (e) => show('danger', errorMessage(e, CICLO_MSG.crearFallo)),
          onSettled: () => setAccion(null),
        },
      );
      return;
    }
    const { tipo, ciclo } = accion;
    const body = tipo === 'actual' ? { actual: true as const } : { estado: tipo === 'cerrar' ? 'cerrado' : 'abierto' };
    const confirmado = accion.ofertasAbiertas ? { confirmarOfertasAbiertas: true } : {};
    modificar.mutate(
      { id: ciclo.id, ...(body as { actual?: true; estado?: 'abierto' | 'cerrado' }), ...confirmado },
      {
        onSuccess: () => {
          setAccion(null);
          show('success', CICLO_MSG.guardado);
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'CONFIRMATION_REQUIRED' && !accion.ofertasAbiertas) {
            setAccion({ tipo, ciclo, ofertasAbiertas: e.message });
            return;
          }
          setAccion(null);
          show('danger', errorMessage(e, CICLO_MSG.guardarFallo));
        },
      },
    );
  };

  return (
    <>
      <title>Ciclos · Inscripciones</title>
      <h1 className="h2 mb-3">{CICLO_MSG.titulo}</h1>
      <p className="text-body-secondary">{CICLO_MSG.intro}</p>
      <TimedAlert alert={alert} onClose={dismiss} />
      {isPending && <Spinner animation="border" role="status" aria-label="Cargando ciclos" />}
      {isError && <Alert variant="danger">{errorMessage(error, CICLO_MSG.cargarFallo)}</Alert>}
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
      {siguiente !== null && actual && (
        <CicloSiguiente
          nombre={siguiente}
          actual={actual.nombre}
          busy={crear.isPending}
          onCrear={() => setAccion({ tipo: 'crear', nombre: siguiente })}
        />
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
        <ConfirmModal
          // A new dialog for the second confirmation, so focus and the screen reader start on its text.
          key={'ofertasAbiertas' in accion && accion.ofertasAbiertas ? 'ofertas' : 'accion'}
          {...textos(accion, actual?.nombre ?? '')}
          busy={crear.isPending || modificar.isPending}
          onConfirm={confirmar}
          onClose={() => setAccion(null)}
        />
      )}
    </>
  );
}

/** The confirmation's title, text and button, from CICLO_MSG. */
function textos(accion: Accion, actual: string) {
  if (accion.tipo === 'crear') {
    const { nombre } = accion;
    return {
      title: CICLO_MSG.crearTitulo(nombre),
      text: CICLO_MSG.crearTexto(nombre, actual),
      confirm: CICLO_MSG.crearConfirmar,
    };
  }
  const t = CICLO_MSG.acciones[accion.tipo];
  if (accion.ofertasAbiertas && accion.tipo !== 'reabrir') {
    return {
      title: `${t.titulo}: ${accion.ciclo.nombre}`,
      text: accion.ofertasAbiertas,
      confirm: CICLO_MSG.confirmarOfertas(accion.tipo),
      variant: 'danger' as const,
    };
  }
  return {
    title: `${t.titulo}: ${accion.ciclo.nombre}`,
    text: t.texto(accion.ciclo.nombre),
    confirm: t.boton,
    variant: accion.tipo === 'cerrar' ? ('danger' as const) : ('primary' as const),
  };
}
