import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { errorMessage } from '../../lib/api-client.ts';
import { Busy } from '../../lib/busy.tsx';
import { Cargando, ErrorDeCarga } from './red-estado.tsx';
import type { TAsignacionVista } from '@inscripciones/shared/asignacion/api-schema.ts';
import { useAsignacion, useCorrerAsignacion } from './asignacion-api.ts';
import { ASIGNACION_RED_TEXTOS as T } from './asignacion-textos.ts';

interface Fila {
  codigo: string;
  asignadas: number;
  ninos: number;
  primera: number;
  espera: number;
  /** Applications holding a place there now, after the answers and the roll-up. */
  ahora: number;
}

/**
 * Per school: applications and children assigned, how many at their first choice, its waitlist's length, and the
 * applications holding a place there now (after the families' answers and the roll-up).
 */
export function filasPorEscuela(vista: TAsignacionVista): Fila[] {
  const filas = new Map<string, Fila>();
  const fila = (codigo: string) => {
    let f = filas.get(codigo);
    if (!f) filas.set(codigo, (f = { codigo, asignadas: 0, ninos: 0, primera: 0, espera: 0, ahora: 0 }));
    return f;
  };
  for (const l of vista.lineas) {
    for (const codigo of l.preferencias) fila(codigo);
    if (l.escuela !== null) {
      const f = fila(l.escuela);
      f.asignadas += 1;
      f.ninos += l.iniciales.length || 1;
      if (l.preferencias[0] === l.escuela) f.primera += 1;
    }
    for (const e of l.espera) fila(e.escuela).espera += 1;
    if (l.actual.escuela !== null) fila(l.actual.escuela).ahora += 1;
  }
  return [...filas.values()].sort((a, b) => (a.codigo < b.codigo ? -1 : a.codigo > b.codigo ? 1 : 0));
}

/** The assignment: run it once the network raffle ended, then each school's result and the public acta. */
export function AsignacionResultado({ anio, sorteoTerminado }: { anio: number; sorteoTerminado: boolean }) {
  const vista = useAsignacion(anio);
  const correr = useCorrerAsignacion(anio);
  const acta = `/api/asignacion/acta-publica.json?anio=${anio}`;

  let cuerpo;
  if (vista.isPending) cuerpo = <Cargando texto="Cargando la asignación..." />;
  else if (vista.isError) cuerpo = <ErrorDeCarga error={vista.error} onRetry={() => void vista.refetch()} />;
  else if (!vista.data) {
    cuerpo = (
      <>
        <p>{sorteoTerminado ? T.sinAsignacion : T.asignarAntes}</p>
        <Button onClick={() => correr.mutate()} disabled={!sorteoTerminado || correr.isPending}>
          {correr.isPending ? <Busy label={T.asignar} /> : T.asignar}
        </Button>
        {correr.isError && (
          <Alert variant="danger" className="mt-2">
            {errorMessage(correr.error, T.error)}
          </Alert>
        )}
      </>
    );
  } else {
    cuerpo = (
      <>
        <p role="status">{T.resumen(vista.data.resumen)}</p>
        <div className="table-responsive">
          <Table striped className="align-middle red-tabla">
            <caption className="caption-top">{T.tablaCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.escuela}</th>
                <th scope="col" className="text-end">
                  {T.asignadas}
                </th>
                <th scope="col" className="text-end">
                  {T.ninosAsignados}
                </th>
                <th scope="col" className="text-end">
                  {T.primeraOpcion}
                </th>
                <th scope="col" className="text-end">
                  {T.enEspera}
                </th>
                <th scope="col" className="text-end">
                  {T.ahora}
                </th>
              </tr>
            </thead>
            <tbody>
              {filasPorEscuela(vista.data).map((f) => (
                <tr key={f.codigo}>
                  <th scope="row" className="fw-normal">
                    {f.codigo}
                  </th>
                  <td className="text-end" data-label={T.asignadas}>
                    {f.asignadas}
                  </td>
                  <td className="text-end" data-label={T.ninosAsignados}>
                    {f.ninos}
                  </td>
                  <td className="text-end" data-label={T.primeraOpcion}>
                    {f.primera}
                  </td>
                  <td className="text-end" data-label={T.enEspera}>
                    {f.espera}
                  </td>
                  <td className="text-end" data-label={T.ahora}>
                    {f.ahora}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <p className="d-flex flex-wrap gap-3">
          <a href={acta} download>
            {T.actaPublica}
          </a>
          <Link to={`/asignacion/verificar?anio=${anio}`}>{T.verificar}</Link>
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby="asignacion-resultado-titulo" className="mb-4">
      <h2 id="asignacion-resultado-titulo" className="h5">
        {T.resultadoTitulo}
      </h2>
      {cuerpo}
    </section>
  );
}
