import { NavLink } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { ROLE_BADGES, type Role } from '@inscripciones/shared/roles.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';
import { useCiclos } from '../lib/use-ciclos.ts';
import { useDuplicadosAbiertos } from '../lib/use-duplicados-abiertos.ts';
import { AsignacionEscuelaEnlace } from '../features/asignacion-escuela/asignacion-escuela-enlace.tsx';
import { EscuelaSidebar } from './escuela-sidebar.tsx';

const BADGE_VARIANT: Record<Role, string> = {
  administrador: 'danger',
  voluntario: 'primary',
  visitado: 'secondary',
};

const linkClass = ({ isActive }: { isActive: boolean }) => `app-sidebar__link${isActive ? ' active' : ''}`;

interface SidebarProps {
  user: TSessionUser;
  onNavigate: () => void;
  onLogout: () => void;
}

/**
 * SPEC 2 "Sidebar": Inicio, Inscriptos, Posibles duplicados (with the open count), Consultas, Sorteo
 * (the public board); Administración › Usuarios and
 * Configuración (the school's content, docs/decisions/0011) and Ciclos (0014) for administrators. The current
 * admission cycle is named under the brand, and the school in use above it (with the switch, for an account with
 * several). Network roles get the network's screens (docs/decisions/0036).
 */
export function Sidebar({ user, onNavigate, onLogout }: SidebarProps) {
  const { actual } = useCiclos();
  const verDuplicados = can(user, 'duplicados:leer');
  const abiertos = useDuplicadosAbiertos({ enabled: verDuplicados, soloCuenta: true }).data?.total ?? 0;
  return (
    <div className="app-sidebar__inner">
      <p className="app-sidebar__brand">Inscripciones</p>

      <EscuelaSidebar user={user} onNavigate={onNavigate} />

      {actual && <p className="app-sidebar__ciclo">Ciclo actual: {actual.nombre}</p>}

      <div className="app-sidebar__user">
        <span className="app-sidebar__user-name">{user.nombre}</span>
        <Badge bg={BADGE_VARIANT[user.role]}>{ROLE_BADGES[user.role]}</Badge>
      </div>

      <nav aria-label="Menú principal" className="app-sidebar__nav">
        <ul className="app-sidebar__list">
          <li>
            <NavLink to="/" end className={linkClass} onClick={onNavigate}>
              Inicio
            </NavLink>
          </li>
          {/* The director's panel: aggregates only, so every role. */}
          <li>
            <NavLink to="/panel" className={linkClass} onClick={onNavigate}>
              Panel
            </NavLink>
          </li>
          <li>
            <NavLink to="/inscriptos" className={linkClass} onClick={onNavigate}>
              Inscriptos
            </NavLink>
          </li>
          {/* The badge counts the pairs still open (the raffle waits for them). */}
          {verDuplicados && (
            <li>
              <NavLink to="/duplicados" className={linkClass} onClick={onNavigate}>
                {DUPLICADO_MSG.titulo}
                {abiertos > 0 && (
                  <Badge bg="warning" text="dark" pill className="ms-2">
                    {abiertos}
                    <span className="visually-hidden">{DUPLICADO_MSG.insigniaSinResolver}</span>
                  </Badge>
                )}
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/consultas" className={linkClass} onClick={onNavigate}>
              Consultas
            </NavLink>
          </li>
          {/* The raffle board is public (SPEC 1): every role gets the way to it. */}
          <li>
            <NavLink to="/sorteo" className={linkClass} onClick={onNavigate}>
              Sorteo
            </NavLink>
          </li>
          {/* A school's part of the network's assignment; the network's roles have /red/asignacion. */}
          {!user.rolRed && <AsignacionEscuelaEnlace className={linkClass} onNavigate={onNavigate} />}
          {can(user, 'plazas:leer') && (
            <li>
              <NavLink to="/plazas" className={linkClass} onClick={onNavigate}>
                Plazas
              </NavLink>
            </li>
          )}
        </ul>

        {(can(user, 'users:manage') || can(user, 'configuracion:editar') || can(user, 'accesos:leer')) && (
          <section aria-labelledby="menu-administracion">
            <h2 id="menu-administracion" className="app-sidebar__section">
              Administración
            </h2>
            <ul className="app-sidebar__list">
              {can(user, 'users:manage') && (
                <li>
                  <NavLink to="/admin/usuarios" className={linkClass} onClick={onNavigate}>
                    Usuarios
                  </NavLink>
                </li>
              )}
              {can(user, 'configuracion:editar') && (
                <li>
                  <NavLink to="/admin/configuracion" className={linkClass} onClick={onNavigate}>
                    Configuración
                  </NavLink>
                </li>
              )}
              {can(user, 'ciclos:editar') && (
                <li>
                  <NavLink to="/admin/ciclos" className={linkClass} onClick={onNavigate}>
                    Ciclos
                  </NavLink>
                </li>
              )}
              {can(user, 'accesos:leer') && (
                <li>
                  <NavLink to="/admin/accesos" className={linkClass} onClick={onNavigate}>
                    Accesos
                  </NavLink>
                </li>
              )}
            </ul>
          </section>
        )}

        {user.rolRed && (
          <section aria-labelledby="menu-red">
            <h2 id="menu-red" className="app-sidebar__section">
              Red de escuelas
            </h2>
            <ul className="app-sidebar__list">
              {user.rolRed === 'administrador_red' && (
                <li>
                  <NavLink to="/red/escuelas" className={linkClass} onClick={onNavigate}>
                    Escuelas
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/red/panel" className={linkClass} onClick={onNavigate}>
                  Panel de la red
                </NavLink>
              </li>
              {user.rolRed === 'administrador_red' && (
                <li>
                  <NavLink to="/red/duplicados" className={linkClass} onClick={onNavigate}>
                    Duplicados en la red
                  </NavLink>
                </li>
              )}
              {user.rolRed === 'administrador_red' && (
                <li>
                  <NavLink to="/red/asignacion" className={linkClass} onClick={onNavigate}>
                    Asignación de la red
                  </NavLink>
                </li>
              )}
            </ul>
          </section>
        )}
      </nav>

      <Button variant="outline-light" className="app-sidebar__logout" onClick={onLogout}>
        Salir
      </Button>
    </div>
  );
}
