import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Alert from 'react-bootstrap/Alert';
import { fallbackEmail } from '@inscripciones/shared/auth/auth-schema.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { UserFormModal } from './user-form-modal.tsx';
import { UsersTable } from './users-table.tsx';
import { useDeleteUser, useSaveUser, useUsers } from './users-api.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';

type Editing = { user: TUser | null } | null;

function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isNetworkError) return error.message;
  return USER_MSG.loadFailed;
}

/** /admin/usuarios (SPEC 2 "Gestión de Usuarios"). */
export function UsersPage() {
  const { user: me, updateUser } = useAuth();
  const allowed = can(me, 'users:manage');
  const users = useUsers(allowed);
  const remove = useDeleteUser();
  const toggle = useSaveUser();
  const { alert, show: showAlert, dismiss } = useTimedAlert();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TUser | null>(null);

  if (!allowed) {
    return (
      <>
        <title>Gestión de Usuarios · Inscripciones</title>
        <Alert variant="danger" role="alert">
          {USER_MSG.noAccess}
        </Alert>
      </>
    );
  }

  const onSaved = (saved: TUser, mode: 'created' | 'updated') => {
    setEditing(null);
    showAlert('success', mode === 'created' ? USER_MSG.created : USER_MSG.updated);
    if (me && saved.id === me.id) {
      updateUser({
        ...me,
        id: saved.id,
        username: saved.username,
        nombre: saved.nombre,
        email: saved.email || fallbackEmail(saved.username),
        role: saved.role,
      });
    }
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showAlert('success', USER_MSG.deleted),
      onError: (error) => showAlert('danger', errorMessage(error, USER_MSG.deleteFailed)),
      onSettled: () => setDeleting(null),
    });
  };

  // The system (guest) account can only be switched on and off; the server refuses anything else.
  const toggleActive = (u: TUser) => {
    const payload = { username: u.username, password: '', nombre: u.nombre, email: u.email, role: u.role };
    toggle.mutate(
      { id: u.id, payload: { ...payload, activo: !u.activo } },
      {
        onSuccess: (saved) =>
          showAlert('success', saved.activo ? USER_MSG.systemAccountActivated : USER_MSG.systemAccountDeactivated),
        onError: (error) => showAlert('danger', errorMessage(error, USER_MSG.saveFailed)),
      },
    );
  };

  return (
    <>
      <title>Gestión de Usuarios · Inscripciones</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">Gestión de Usuarios</h1>
        <Button variant="primary" onClick={() => setEditing({ user: null })}>
          + Nuevo Usuario
        </Button>
      </div>

      <TimedAlert alert={alert} onClose={dismiss} />

      {users.isPending ? (
        <div className="d-flex align-items-center gap-2" role="status">
          <Spinner animation="border" size="sm" aria-hidden="true" />
          <span>Cargando usuarios...</span>
        </div>
      ) : users.isError ? (
        <Alert variant="danger" role="alert">
          {loadErrorMessage(users.error)}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void users.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <UsersTable
          users={users.data}
          toggling={toggle.isPending}
          onToggle={toggleActive}
          onEdit={(u) => setEditing({ user: u })}
          onDelete={setDeleting}
        />
      )}

      {editing && (
        <UserFormModal
          key={editing.user?.id ?? 'nuevo'}
          user={editing.user}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}

      {deleting && (
        <ConfirmDeleteModal
          title={USER_MSG.deleteConfirmTitle}
          text={USER_MSG.deleteConfirmText(deleting.nombre)}
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
