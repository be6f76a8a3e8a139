import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import type { TRedPanel } from '@inscripciones/shared/escuelas/red-schema.ts';
import { Cargando, ErrorDeCarga } from './red-estado.tsx';
import { RedPanelGrafico } from './red-panel-grafico.tsx';
import { useRedPanel } from './red-api.ts';
import './red.css';

type Fila = TRedPanel['escuelas'][number];

/** Places accepted after the school's raffle (girls and boys), or a dash before it. */
function aceptadas(e: Fila): string {
  if (!e.plazasSorteo) return '—';
  const { nenas, varones } = e.plazasSorteo.listas;
  return String(nenas.aceptadas + varones.aceptadas);
}

/** /red/panel: every school of the network at a glance, and the totals (docs/decisions/0036). */
export function RedPanelPage() {
  const panel = useRedPanel();
  return (
    <>
      <title>Panel de la red · Inscripciones</title>
      <h1 className="h2 mb-3">Panel de la red</h1>
      {panel.isPending ? (
        <Cargando texto="Cargando el panel de la red..." />
      ) : panel.isError ? (
        <ErrorDeCarga error={panel.error} onRetry={() => void panel.refetch()} />
      ) : panel.data.escuelas.length === 0 ? (
        <Alert variant="info">Todavía no hay escuelas.</Alert>
      ) : (
        <>
          <section aria-labelledby="red-grafico-titulo" className="mb-4">
            <h2 id="red-grafico-titulo" className="h5">
              Solicitudes y plazas por escuela
            </h2>
            <p className="text-body-secondary small">
              Cada barra son las solicitudes del ciclo en curso de la escuela; la marca oscura, sus plazas. La tabla de
              abajo tiene los mismos números.
            </p>
            <RedPanelGrafico escuelas={panel.data.escuelas} />
          </section>
          <Table striped className="align-middle red-tabla">
            <caption className="caption-top">Números de cada escuela y de la red</caption>
            <thead>
              <tr>
                <th scope="col">Escuela</th>
                <th scope="col">Ciclo</th>
                <th scope="col" className="text-end">
                  Solicitudes
                </th>
                <th scope="col" className="text-end">
                  Finalizadas
                </th>
                <th scope="col" className="text-end">
                  Pendientes
                </th>
                <th scope="col" className="text-end">
                  Plazas
                </th>
                <th scope="col" className="text-end">
                  Plazas aceptadas
                </th>
              </tr>
            </thead>
            <tbody>
              {panel.data.escuelas.map((e) => (
                <tr key={e.codigo}>
                  <th scope="row" className="fw-normal">
                    {e.nombre}
                  </th>
                  <td data-label="Ciclo">{e.ciclo.nombre}</td>
                  <td className="text-end" data-label="Solicitudes">
                    {e.solicitudes}
                  </td>
                  <td className="text-end" data-label="Finalizadas">
                    {e.finalizadas}
                  </td>
                  <td className="text-end" data-label="Pendientes">
                    {e.pendientes}
                  </td>
                  <td className="text-end" data-label="Plazas">
                    {e.plazas}
                  </td>
                  <td className="text-end" data-label="Plazas aceptadas">
                    {aceptadas(e)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold">
                <th scope="row">Total de la red</th>
                <td />
                <td className="text-end" data-label="Solicitudes">
                  {panel.data.totales.solicitudes}
                </td>
                <td className="text-end" data-label="Finalizadas">
                  {panel.data.totales.finalizadas}
                </td>
                <td className="text-end" data-label="Pendientes">
                  {panel.data.totales.pendientes}
                </td>
                <td className="text-end" data-label="Plazas">
                  {panel.data.totales.plazas}
                </td>
                <td />
              </tr>
            </tfoot>
          </Table>
        </>
      )}
    </>
  );
}
