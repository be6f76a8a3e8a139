import { ESTADO_RED_MSG as MSG, type TEstadoEnRed } from '@inscripciones/shared/estado/estado-en-red.ts';
import { fechaHoraLarga } from '@inscripciones/shared/montevideo-time.ts';

/** The family's place in the network's assignment: the school it holds, its answer, its waitlist places. */
export function EstadoEnRed({ red }: { red: TEstadoEnRed }) {
  return (
    <div className="mb-0">
      <h3 className="h6 mb-1">{MSG.titulo}</h3>
      <p className="mb-1">{red.escuela ? MSG.asignada(red.escuela.nombre) : MSG.sinPlaza}</p>
      <p className="mb-1">
        {red.estado === 'pendiente' && red.vence
          ? MSG.estado.pendiente(fechaHoraLarga(new Date(red.vence)))
          : red.estado === 'pendiente'
            ? null
            : MSG.estado[red.estado]}
      </p>
      {red.espera.length > 0 && (
        <>
          <p className="mb-1">{MSG.espera}</p>
          <ul className="mb-0">
            {red.espera.map((e) => (
              <li key={e.escuela.codigo}>{MSG.lugar(e.escuela.nombre, e.posiciones)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
