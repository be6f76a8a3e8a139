import { useId } from 'react';
import { Link } from 'react-router';
import Table from 'react-bootstrap/Table';
import type { TParDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import { compararPar, inscripcionTexto } from './comparar.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';
import { EliminarNino } from './eliminar-nino.tsx';
import { ResolverForm } from './resolver-form.tsx';

interface ParDuplicadoProps {
  par: TParDuplicadoApi;
  indice: number;
  total: number;
  canResolve: boolean;
  onResolved: () => void;
  /** A record was deleted from here (administrators). */
  onDeleted: () => void;
}

/**
 * One pair side by side: the two records' fields in two columns, those that differ highlighted (tinted, bold
 * and marked "(difiere)", not by colour alone), a link to open each record, and for administrators "Eliminar" on each and "No son la misma persona".
 */
export function ParDuplicado({ par, indice, total, canResolve, onResolved, onDeleted }: ParDuplicadoProps) {
  const headingId = useId();
  const filas = compararPar(par.a, par.b);
  const lados = [
    { letra: 'A', nino: par.a },
    { letra: 'B', nino: par.b },
  ];
  return (
    <section className="duplicado-par card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title">
          {T.par(indice, total)}: {par.motivoTexto}
        </h2>
        <Table size="sm" bordered className="duplicado-par__tabla mb-2">
          <caption className="visually-hidden">
            {T.par(indice, total)}. {T.leyenda}
          </caption>
          <thead>
            <tr>
              <th scope="col">{T.campo}</th>
              {lados.map(({ letra }) => (
                <th key={letra} scope="col">
                  {T.registro(letra)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {filas.map((f) => (
              <tr key={f.campo}>
                <th scope="row">{f.campo}</th>
                {[f.a, f.b].map((valor, i) => (
                  <td
                    key={i}
                    className={[f.distinto && 'duplicado-par__distinto', f.campo !== T.nombre && 'text-nowrap']
                      .filter(Boolean)
                      .join(' ')}
                  >
                    {valor}
                    {f.distinto && <span className="duplicado-par__marca">{T.distinto}</span>}
                  </td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row">{T.inscripcion}</th>
              {lados.map(({ letra, nino }) => (
                <td key={letra}>
                  {inscripcionTexto(nino)}
                  <br />
                  <Link to={`/inscriptos/${nino.inscriptoId}`}>
                    {T.abrir(letra)}
                    <span className="visually-hidden">{T.abrirDetalle}</span>
                  </Link>
                  {canResolve && (
                    <div className="mt-1">
                      <EliminarNino grupoId={par.id} nino={nino} label={T.eliminar(letra)} onDeleted={onDeleted} />
                    </div>
                  )}
                </td>
              ))}
            </tr>
          </tbody>
        </Table>
        <p className="small text-body-secondary mb-2">{T.leyenda}</p>
        {canResolve && <ResolverForm parId={par.id} onResolved={onResolved} />}
      </div>
    </section>
  );
}
