import { NavLink } from 'react-router';
import { opcionesVisibles, useOpcionesRed } from '../../lib/opciones-red.ts';
import { useAsignacionEscuela } from './asignacion-escuela-api.ts';
import { ASIGNACION_ESCUELA_TEXTOS as T } from './asignacion-escuela-textos.ts';

/**
 * The sidebar's way to /asignacion: only in a network of several schools, and once the network assigned (a single
 * school never reads the assignment).
 */
interface Props {
  className: (estado: { isActive: boolean }) => string;
  onNavigate: () => void;
}

export function AsignacionEscuelaEnlace({ className, onNavigate }: Props) {
  const enRed = opcionesVisibles(useOpcionesRed().data) !== null;
  const asignacion = useAsignacionEscuela(enRed).data;
  if (!enRed || !asignacion) return null;
  return (
    <li>
      <NavLink to="/asignacion" className={className} onClick={onNavigate}>
        {T.menu}
      </NavLink>
    </li>
  );
}
