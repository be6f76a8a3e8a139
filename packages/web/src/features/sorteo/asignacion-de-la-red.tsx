import { Link } from 'react-router';
import { opcionesVisibles, useOpcionesRed } from '../../lib/opciones-red.ts';

/**
 * On the public board of a school in a network of several: the way to the network assignment's public replay
 * (docs/decisions/0028), for anyone to check it without a session.
 */
export function AsignacionDeLaRed() {
  if (!opcionesVisibles(useOpcionesRed().data)) return null;
  return (
    <p className="sorteo-asignacion-red mt-3">
      La red asigna las plazas de sus escuelas con una sola asignación pública:{' '}
      <Link to="/asignacion/verificar">verificar la asignación de la red</Link>.
    </p>
  );
}
