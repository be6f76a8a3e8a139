import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { ROLE_LABELS } from '@inscripciones/shared/roles.ts';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import './users-table.css';

interface UsersTableProps {
  users: TUser[];
  toggling: boolean;
  onToggle: (u: TUser) => void;
  onEdit: (u: TUser) => void;
  onDelete: (u: TUser) => void;
}

/**
 * The users of SPEC 2 "Gestión de Usuarios". At phone width each row is a card (users-table.css): the
 * username and name on top, then role, estado and the actions, each cell labelled by its column.
 */
export function UsersTable({ users, toggling, onToggle, onEdit, onDelete }: UsersTableProps) {
  return (
    <Table striped hover responsive className="align-middle users-table">
      <caption className="visually-hidden">Usuarios del sistema</caption>
      <thead>
        <tr>
          <th scope="col">Usuario</th>
          <th scope="col">Nombre</th>
          <th scope="col">Email</th>
          <th scope="col">Rol</th>
          <th scope="col">Fecha Creación</th>
          <th scope="col">Estado</th>
          <th scope="col">Acciones</th>
        </tr>
      </thead>
      <tbody>
        {users.length === 0 ? (
          <tr>
            <td colSpan={7} className="text-center text-body-secondary users-table__empty">
              No hay usuarios.
            </td>
          </tr>
        ) : (
          users.map((u) => (
            <tr key={u.id}>
              <td className="users-table__usuario">
                {u.username}
                {u.sistema && (
                  <Badge bg="info" text="dark" className="ms-2">
                    {USER_MSG.systemAccountBadge}
                  </Badge>
                )}
              </td>
              <td data-label="Nombre">{u.nombre}</td>
              <td data-label="Email">{u.email}</td>
              <td data-label="Rol">{ROLE_LABELS[u.role]}</td>
              <td data-label="Fecha Creación">{fechaMontevideo(u.fechaCreacion)}</td>
              <td data-label="Estado">
                <Badge bg={u.activo ? 'success' : 'secondary'}>{u.activo ? 'Activo' : 'Inactivo'}</Badge>
              </td>
              <td className="table-actions">
                {u.sistema ? (
                  <Button
                    variant={u.activo ? 'outline-secondary' : 'outline-success'}
                    size="sm"
                    disabled={toggling}
                    onClick={() => onToggle(u)}
                  >
                    {u.activo ? 'Desactivar' : 'Activar'}
                    <span className="visually-hidden"> usuario {u.username}</span>
                  </Button>
                ) : (
                  <>
                    <Button variant="outline-primary" size="sm" className="me-2" onClick={() => onEdit(u)}>
                      Editar<span className="visually-hidden"> usuario {u.username}</span>
                    </Button>
                    <Button variant="outline-danger" size="sm" onClick={() => onDelete(u)}>
                      Eliminar<span className="visually-hidden"> usuario {u.username}</span>
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}
