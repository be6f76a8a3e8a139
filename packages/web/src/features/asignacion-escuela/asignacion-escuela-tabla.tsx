import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { TAsignacionLinea, TRespuestaRed } from '@inscripciones/shared/asignacion/api-schema.ts';
import { respuestasPosibles } from '@inscripciones/shared/estado/estado-en-red.ts';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';
import { ASIGNACION_ESCUELA_TEXTOS as T } from './asignacion-escuela-textos.ts';
import './asignacion-escuela.css';

const VARIANTE: Record<TRespuestaRed, string> = {
  acepta: 'success',
  'acepta-y-espera': 'primary',
  rechaza: 'outline-danger',
};

/** SAE's answers the staff may record now (the same as the family on /estado). */
export function respuestasDe(l: TAsignacionLinea): TRespuestaRed[] {
  const espera = l.actual.espera.map((e) => ({ ...e, escuela: { codigo: e.escuela, nombre: e.escuela } }));
  return respuestasPosibles({ escuela: null, estado: l.actual.estado, vence: l.actual.vence, espera });
}

function estadoTexto(l: TAsignacionLinea): string {
  const { estado, vence } = l.actual;
  if (estado === 'pendiente') return T.estadoTexto.pendiente(vence ? fechaHoraLarga(new Date(vence)) : '');
  return T.estadoTexto[estado];
}

interface Props {
  lineas: TAsignacionLinea[];
  nombre: (codigo: string) => string;
  /** null: read only (the guest). */
  onResponder: ((linea: TAsignacionLinea, respuesta: TRespuestaRed) => void) | null;
}

/** One row per application; at phone width, one card each (asignacion-escuela.css). */
export function AsignacionEscuelaTabla({ lineas, nombre, onResponder }: Props) {
  return (
    <Table className="align-middle asignacion-escuela-tabla">
      <caption className="visually-hidden">{T.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.numero}</th>
          <th scope="col">{T.ninos}</th>
          <th scope="col">{T.inscripta}</th>
          <th scope="col">{T.plaza}</th>
          <th scope="col">{T.estado}</th>
          <th scope="col">{T.espera}</th>
          {onResponder && <th scope="col">{T.acciones}</th>}
        </tr>
      </thead>
      <tbody>
        {lineas.map((l) => {
          const espera = l.actual.espera;
          const respuestas = onResponder ? respuestasDe(l) : [];
          return (
            <tr key={l.numero}>
              <th scope="row" data-label={T.numero} className="asignacion-escuela-tabla__numero">
                {l.numero}
              </th>
              <td data-label={T.ninos}>{l.iniciales.join(', ')}</td>
              <td data-label={T.inscripta}>{T.inscripcionEn(nombre(l.origen.escuela), l.origen.numeroInscripcion)}</td>
              <td data-label={T.plaza}>{l.actual.escuela ? nombre(l.actual.escuela) : T.sinPlaza}</td>
              <td data-label={T.estado}>{estadoTexto(l)}</td>
              <td data-label={T.espera}>
                {espera.length ? (
                  <ul className="list-unstyled mb-0">
                    {espera.map((e) => (
                      <li key={e.escuela}>{T.lugar(nombre(e.escuela), e.posiciones)}</li>
                    ))}
                  </ul>
                ) : (
                  T.sinEspera
                )}
              </td>
              {onResponder && (
                <td>
                  <div className="asignacion-escuela-tabla__acciones">
                    {respuestas.map((r) => (
                      <Button key={r} size="sm" variant={VARIANTE[r]} onClick={() => onResponder(l, r)}>
                        {T.boton[r]}
                        <span className="visually-hidden">{T.deLinea(l.numero)}</span>
                      </Button>
                    ))}
                  </div>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
