import { useId, useMemo, useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { PASSWORD_MIN_LENGTH } from '@inscripciones/shared/constants.ts';
import { DEFAULT_ROLE, ROLE_LABELS, ROLES, type Role } from '@inscripciones/shared/roles.ts';
import {
  adminActiveError,
  ZUserCreate,
  ZUserUpdate,
  type TUser,
  type TUserCreate,
  type TUserUpdate,
} from '@inscripciones/shared/users/user-schema.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useSaveUser, type UserPayload } from './users-api.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';

interface UserFormValues {
  username: string;
  password: string;
  nombre: string;
  email: string;
  role: Role;
  activo: boolean;
}

type FieldName = keyof UserFormValues;
const FIELD_NAMES: readonly FieldName[] = ['username', 'password', 'nombre', 'email', 'role', 'activo'];

function isFieldName(name: string): name is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

interface UserFormModalProps {
  /** null: create a new user. */
  user: TUser | null;
  onClose: () => void;
  onSaved: (user: TUser, mode: 'created' | 'updated') => void;
}

/** SPEC 2 "Gestión de Usuarios" and 5 "User form": "Nuevo Usuario" / "Editar Usuario". */
export function UserFormModal({ user, onClose, onSaved }: UserFormModalProps) {
  const isEdit = user !== null;
  const ids = useId();
  const id = (name: FieldName) => `${ids}-${name}`;
  const titleId = `${ids}-titulo`;
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveUser();

  const resolver = useMemo(
    () =>
      (isEdit ? zodResolver(ZUserUpdate) : zodResolver(ZUserCreate)) as Resolver<
        UserFormValues,
        unknown,
        TUserCreate | TUserUpdate
      >,
    [isEdit],
  );

  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UserFormValues, unknown, TUserCreate | TUserUpdate>({
    resolver,
    mode: 'onTouched',
    defaultValues: user
      ? {
          username: user.username,
          password: '',
          nombre: user.nombre,
          email: user.email,
          role: user.role,
          // An administrator stored inactive (old data) shows ticked: the role allows nothing else.
          activo: user.activo || user.role === 'administrador',
        }
      : { username: '', password: '', nombre: '', email: '', role: DEFAULT_ROLE, activo: true },
  });

  const role = watch('role');
  const busy = isSubmitting || save.isPending;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const blocked = adminActiveError(values, user?.role);
    if (blocked) {
      setFormError(blocked);
      return;
    }
    const payload: UserPayload = {
      username: values.username,
      password: values.password ?? '',
      nombre: values.nombre,
      email: values.email,
      role: values.role,
      activo: values.activo,
    };
    try {
      const saved = await save.mutateAsync({ id: user?.id ?? null, payload });
      onSaved(saved, isEdit ? 'updated' : 'created');
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of error.fields) {
          if (isFieldName(field.field)) setError(field.field, { type: 'server', message: field.message });
        }
      }
      setFormError(errorMessage(error, USER_MSG.saveFailed));
    }
  });

  /** aria-describedby for a field: its hint (if any) and its error (if any). */
  const describedBy = (name: FieldName, fieldErrors: FieldErrors<UserFormValues>, hint = false) =>
    [hint ? `${id(name)}-ayuda` : null, fieldErrors[name] ? `${id(name)}-error` : null].filter(Boolean).join(' ') ||
    undefined;

  const fieldError = (name: FieldName) =>
    errors[name]?.message ? (
      <Form.Control.Feedback type="invalid" id={`${id(name)}-error`} role="alert">
        {errors[name]?.message}
      </Form.Control.Feedback>
    ) : null;

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      // Focus moves into the dialog, to its first field, once it is shown (WAI-ARIA dialog pattern).
      onEntered={() => setFocus('username')}
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

          <Form.Group className="mb-3" controlId={id('username')}>
            <Form.Label>Usuario</Form.Label>
            <Form.Control
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              aria-required="true"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={describedBy('username', errors)}
              isInvalid={!!errors.username}
              {...register('username')}
            />
            {fieldError('username')}
          </Form.Group>

          <Form.Group className="mb-3" controlId={id('password')}>
            <Form.Label>Contraseña</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              placeholder={isEdit ? USER_MSG.passwordPlaceholderEdit : undefined}
              aria-required={isEdit ? undefined : 'true'}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy('password', errors, true)}
              isInvalid={!!errors.password}
              {...register('password')}
            />
            {fieldError('password')}
            <Form.Text id={`${id('password')}-ayuda`}>
              {isEdit
                ? `${USER_MSG.passwordPlaceholderEdit}. Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`
                : `Mínimo ${PASSWORD_MIN_LENGTH} caracteres.`}
            </Form.Text>
          </Form.Group>

          <Form.Group className="mb-3" controlId={id('nombre')}>
            <Form.Label>Nombre completo</Form.Label>
            <Form.Control
              type="text"
              autoComplete="off"
              aria-required="true"
              aria-invalid={errors.nombre ? true : undefined}
              aria-describedby={describedBy('nombre', errors)}
              isInvalid={!!errors.nombre}
              {...register('nombre')}
            />
            {fieldError('nombre')}
          </Form.Group>

          <Form.Group className="mb-3" controlId={id('email')}>
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="off"
              aria-required="true"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email', errors)}
              isInvalid={!!errors.email}
              {...register('email')}
            />
            {fieldError('email')}
          </Form.Group>

          <Form.Group className="mb-3" controlId={id('role')}>
            <Form.Label>Rol</Form.Label>
            <Form.Select
              aria-required="true"
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={describedBy('role', errors)}
              isInvalid={!!errors.role}
              {...register('role', {
                // Administrators are always active (SPEC 5): choosing the role ticks Activo, so the
                // disabled checkbox never stays unticked (issue 20, point 8).
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
            {fieldError('role')}
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
                aria-describedby={describedBy('activo', errors, role === 'administrador')}
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
