import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { PASSWORD_MIN_LENGTH } from '@inscripciones/shared/constants.ts';
import { ROLE_LABELS, ROLES } from '@inscripciones/shared/roles.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
import type { TUser } from '@inscripciones/shared/users/user-schema.ts';
import { describedBy, FieldFeedback, UserTextField } from './user-form-fields.tsx';
import { useUserForm, type FieldName } from './use-user-form.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { escuelaActual, tieneVariasEscuelas } from '../../lib/escuela.ts';
import { rolesIniciales, rolPrincipal, UserEscuelasFields, type RolesDeRed } from './user-escuelas-fields.tsx';
import { focusWhenEntered } from '../../lib/dialog-focus.ts';

interface UserFormModalProps {
  /** null: create a new user. */
  user: TUser | null;
  onClose: () => void;
  onSaved: (user: TUser, mode: 'created' | 'updated') => void;
}

/** SPEC 2 "Gestión de Usuarios" and 5 "User form": "Nuevo Usuario" / "Editar Usuario". */
export function UserFormModal({ user, onClose, onSaved }: UserFormModalProps) {
  const ids = useId();
  const id = (name: FieldName) => `${ids}-${name}`;
  const titleId = `${ids}-titulo`;
  const { user: me } = useAuth();
  // With several schools, the network's administrator sets the roles school by school (docs/decisions/0036).
  const deRed = me?.rolRed === 'administrador_red' && tieneVariasEscuelas(me) && !user?.sistema;
  const [roles, setRoles] = useState<RolesDeRed>(() => rolesIniciales(user, escuelaActual(me)?.codigo));
  const { form, isEdit, formError, onSubmit, busy } = useUserForm(user, onSaved, deRed ? roles : null);
  const {
    register,
    control,
    watch,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const role = watch('role');
  const textField = (name: 'username' | 'password' | 'nombre' | 'email') => ({
    fieldId: id(name),
    registration: register(name),
    invalid: !!errors[name],
    error: errors[name]?.message,
  });

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      onEntered={focusWhenEntered(() => setFocus('username'))}
      backdrop="static"
      aria-labelledby={titleId}
      centered
    >
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Modal.Header closeButton closeLabel="Cerrar">
          <Modal.Title id={titleId} as="h2" className="h5">
            {isEdit ? 'Editar Usuario' : 'Nuevo Usuario'}
          </Modal.Title>
        </Modal.Header>

        <Modal.Body>
          {formError && (
            <Alert variant="danger" role="alert">
              {formError}
            </Alert>
          )}

          <UserTextField
            {...textField('username')}
            label="Usuario"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <UserTextField
            {...textField('password')}
            label="Contraseña"
            type="password"
            autoComplete="new-password"
            placeholder={isEdit ? USER_MSG.passwordPlaceholderEdit : undefined}
            required={!isEdit}
            hint={
              isEdit
                ? `${USER_MSG.passwordPlaceholderEdit}. Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`
                : `Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`
            }
          />
          <UserTextField {...textField('nombre')} label="Nombre completo" type="text" autoComplete="off" />
          <UserTextField {...textField('email')} label="Email" type="email" autoComplete="off" />

          {deRed && me?.escuelas && (
            <UserEscuelasFields
              escuelas={me.escuelas}
              value={roles}
              disabled={busy}
              onChange={(next) => {
                setRoles(next);
                const principal = rolPrincipal(next);
                setValue('role', principal);
                if (principal === 'administrador') setValue('activo', true, { shouldValidate: true });
              }}
            />
          )}

          <Form.Group className="mb-3" controlId={id('role')} hidden={deRed}>
            <Form.Label>Rol</Form.Label>
            <Form.Select
              aria-required="true"
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={describedBy(id('role'), !!errors.role)}
              isInvalid={!!errors.role}
              {...register('role', {
                // Administrators are always active (SPEC 5): choosing the role ticks Activo, so the
                // disabled checkbox never stays unticked.
                onChange: (event: { target: { value: string } }) => {
                  if (event.target.value === 'administrador') setValue('activo', true, { shouldValidate: true });
                },
              })}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Form.Select>
            <FieldFeedback fieldId={id('role')} message={errors.role?.message} />
          </Form.Group>

          <Controller
            control={control}
            name="activo"
            render={({ field }) => (
              <Form.Check
                type="checkbox"
                id={id('activo')}
                label="Activo"
                ref={field.ref}
                name={field.name}
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                disabled={role === 'administrador'}
                aria-invalid={errors.activo ? true : undefined}
                aria-describedby={describedBy(id('activo'), !!errors.activo, role === 'administrador')}
                isInvalid={!!errors.activo}
              />
            )}
          />
          {errors.activo?.message && (
            <div className="invalid-feedback d-block" id={`${id('activo')}-error`} role="alert">
              {errors.activo.message}
            </div>
          )}
          {role === 'administrador' && <Form.Text id={`${id('activo')}-ayuda`}>{USER_MSG.adminActiveHint}</Form.Text>}
        </Modal.Body>

        <Modal.Footer>
          <Button variant="secondary" type="button" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          <Button variant="primary" type="submit" disabled={busy}>
            {busy ? 'Guardando...' : 'Guardar'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
