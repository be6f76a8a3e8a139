import Table from 'react-bootstrap/Table';
import type { TResueltosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';

/** The records kept of a deleted duplicate, as they are now: "Lucía Pérez García (N° 12)". */
const conservadosTexto = (conservados: TResueltosList['eliminados'][number]['conservados']) =>
  conservados
    .map(
      (c) => `${c.nombreCompleto ?? T.noConsta}${c.numeroInscripcion !== null ? ` (N° ${c.numeroInscripcion})` : ''}`,
    )
    .join(', ') || T.noConsta;

/**
 * The pairs and groups kept as different children, with who decided it, when, and the note; then those resolved by
 * deleting the record left over, with who and when.
 */
export function ResueltosList({
  items,
  eliminados,
}: {
  items: TResueltosList['items'];
  eliminados: TResueltosList['eliminados'];
}) {
  if (items.length === 0 && eliminados.length === 0) {
    return <p className="text-body-secondary">{T.resueltosNinguno}</p>;
  }
  return (
    <>
      {items.length > 0 && <Distintos items={items} />}
      {eliminados.length > 0 && (
        <ul className="duplicados-eliminados">
          {eliminados.map((e) => (
            <li key={`${e.id}-${e.resueltoEn}`}>
              {T.eliminadaResuelto(
                e.eliminado.numeroInscripcion,
                conservadosTexto(e.conservados),
                e.resueltoPorNombre,
                fechaHoraTexto(e.resueltoEn),
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Distintos({ items }: { items: TResueltosList['items'] }) {
  return (
    <Table responsive size="sm" className="align-middle">
      <caption className="visually-hidden">{T.resueltosTitulo}</caption>
      <thead>
        <tr>
          <th scope="col">{T.registro('A')}</th>
          <th scope="col">{T.registro('B')}</th>
          <th scope="col">{T.decision}</th>
        </tr>
      </thead>
      <tbody>
        {items.map(({ par, resolucion: r }) => (
          <tr key={par.id}>
            <td>{par.a.nombreCompleto}</td>
            <td>
              {par.b.nombreCompleto}
              {par.cantidad > 2 && T.yOtros(par.cantidad - 2)}
            </td>
            <td>
              {T.resueltoPor(r.resueltoPorNombre, fechaHoraTexto(r.resueltoEn))}
              {r.nota && <div className="small text-body-secondary">{r.nota}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
