import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Cargando, ErrorDeCarga } from './red-estado.tsx';
import { useRedDuplicados } from './red-api.ts';
import './red.css';

/**
 * /red/duplicados: children (by CI) who applied to more than one school in the cycles in force, for the network's
 * administrator (docs/decisions/0036). Each school resolves its own records.
 */
export function RedDuplicadosPage() {
  const duplicados = useRedDuplicados();
  return (
    <>
      <title>Duplicados en la red · Inscripciones</title>
      <h1 className="h2 mb-3">Duplicados en la red</h1>
      <p className="text-body-secondary">
        Niños con la misma cédula inscriptos en más de una escuela de la red, en los ciclos en curso.
      </p>
      {duplicados.isPending ? (
        <Cargando texto="Buscando duplicados en la red..." />
      ) : duplicados.isError ? (
        <ErrorDeCarga error={duplicados.error} onRetry={() => void duplicados.refetch()} />
      ) : duplicados.data.duplicados.length === 0 ? (
        <Alert variant="success">No hay niños inscriptos en más de una escuela.</Alert>
      ) : (
        <Table striped className="align-middle red-tabla">
          <caption className="caption-top">
            {duplicados.data.duplicados.length === 1
              ? '1 niño inscripto en más de una escuela'
              : `${duplicados.data.duplicados.length} niños inscriptos en más de una escuela`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Cédula</th>
              <th scope="col">Escuelas (número de inscripción)</th>
            </tr>
          </thead>
          <tbody>
            {duplicados.data.duplicados.map((d) => (
              <tr key={d.ci}>
                <th scope="row" className="fw-normal font-monospace text-nowrap">
                  {d.ci}
                </th>
                <td data-label="Escuelas">
                  <ul className="list-unstyled mb-0">
                    {d.escuelas.map((e) => (
                      <li key={e.codigo}>
                        {e.nombre}
                        {e.numeroInscripcion !== null && ` (n.º ${e.numeroInscripcion})`}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
