import { useId } from 'react';
import { Link } from 'react-router';
import Table from 'react-bootstrap/Table';
import type { TGrupoDuplicadoApi } from '@inscripciones/shared/duplicados/api-schema.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';
import { ciTexto, fechaTexto, inscripcionTexto } from './comparar.ts';
import { EliminarNino } from './eliminar-nino.tsx';
import { ResolverForm } from './resolver-form.tsx';

interface GrupoDuplicadoProps {
  grupo: TGrupoDuplicadoApi;
  indice: number;
  total: number;
  canResolve: boolean;
  onResolved: () => void;
  onDeleted: () => void;
}

/**
 * A group of three look-alikes or more: one row per child (at most the first 50 the server lists),
 * each with a link to open its record, and "No son la misma persona" for administrators, for the whole group.
 */
export function GrupoDuplicado({ grupo, indice, total, canResolve, onResolved, onDeleted }: GrupoDuplicadoProps) {
  const headingId = useId();
  return (
    <section className="duplicado-par card mb-3" aria-labelledby={headingId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title">
          {T.grupo(indice, total, grupo.cantidad)}: {grupo.motivoTexto}
        </h2>
        <Table size="sm" bordered className="duplicado-grupo__tabla mb-2">
          <caption className="visually-hidden">{T.grupoTabla(indice, total)}</caption>
          <thead>
            <tr>
              <th scope="col">{T.nombre}</th>
              <th scope="col">{T.fechaNacimiento}</th>
              <th scope="col">{T.ci}</th>
              <th scope="col">{T.inscripcion}</th>
            </tr>
          </thead>
          <tbody>
            {grupo.ninos.map((n) => (
              <tr key={`${n.inscriptoId}#${n.hermano ?? ''}`}>
                <th scope="row">{n.nombreCompleto || T.noConsta}</th>
                <td className="text-nowrap" data-label={T.fechaNacimiento}>
                  {fechaTexto(n.fechaNacimiento)}
                </td>
                <td className="text-nowrap" data-label={T.ci}>
                  {ciTexto(n.ci)}
                </td>
                <td data-label={T.inscripcion}>
                  {inscripcionTexto(n)}
                  <br />
                  <Link to={`/inscriptos/${n.inscriptoId}`}>
                    {T.abrirNino(n.nombreCompleto)}
                    <span className="visually-hidden">{T.abrirDetalle}</span>
                  </Link>
                  {canResolve && (
                    <div className="mt-1">
                      <EliminarNino
                        grupoId={grupo.id}
                        nino={n}
                        label={T.eliminarNino(n.nombreCompleto || T.noConsta)}
                        onDeleted={onDeleted}
                      />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        {grupo.cantidad > grupo.ninos.length && (
          <p className="small text-body-secondary mb-2">{T.grupoPrimeros(grupo.ninos.length, grupo.cantidad)}</p>
        )}
        {canResolve && <ResolverForm parId={grupo.id} onResolved={onResolved} />}
      </div>
    </section>
  );
}
