import Table from 'react-bootstrap/Table';
import type { TResueltosList } from '@inscripciones/shared/duplicados/api-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';

/** The pairs and groups kept as different children, with who decided it, when, and the note. */
export function ResueltosList({ items }: { items: TResueltosList['items'] }) {
  if (items.length === 0) return <p className="text-body-secondary">{T.resueltosNinguno}</p>;
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
