import { useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_ROLE } from '@inscripciones/shared/roles.ts';
import { USER_MSG } from '@inscripciones/shared/users/messages.ts';
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
import { aPedido, type RolesDeRed } from './user-escuelas-fields.tsx';

/** The form holds exactly what is sent. */
export type UserFormValues = UserPayload;

export type FieldName = keyof UserFormValues;
const FIELD_NAMES: readonly FieldName[] = ['username', 'password', 'nombre', 'email', 'role', 'activo'];

function isFieldName(name: string): name is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(name);
}

function defaultValues(user: TUser | null): UserFormValues {
  if (!user) return { username: '', password: '', nombre: '', email: '', role: DEFAULT_ROLE, activo: true };
  return {
    username: user.username,
    password: '',
    nombre: user.nombre,
    email: user.email,
    role: user.role,
    // An administrator stored inactive (old data) shows ticked: the role allows nothing else.
    activo: user.activo || user.role === 'administrador',
  };
}

/**
 * The user form's state and its save: validated by the shared schema (create or update), refused here
 * when an administrator would be inactive, and the server's 400 fields marked on their inputs.
 */
export function useUserForm(
  user: TUser | null,
  onSaved: (user: TUser, mode: 'created' | 'updated') => void,
  /** The roles by school and in the network, when the network's administrator sets them (docs/decisions/0036). */
  rolesDeRed: RolesDeRed | null = null,
) {
  const isEdit = user !== null;
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

  const form = useForm<UserFormValues, unknown, TUserCreate | TUserUpdate>({
    resolver,
    mode: 'onTouched',
    defaultValues: defaultValues(user),
  });
  const { handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const blocked = adminActiveError(values, user?.role);
    if (blocked) {
      setFormError(blocked);
      return;
    }
    const red = rolesDeRed ? aPedido(rolesDeRed) : null;
    if (red && red.escuelas.length === 0 && !red.rolRed) {
      setFormError('Elegí al menos una escuela o un rol en la red.');
      return;
    }
    const payload: UserPayload = {
      username: values.username,
      password: values.password ?? '',
      nombre: values.nombre,
      email: values.email,
      role: values.role,
      activo: values.activo,
      ...red,
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

  return { form, isEdit, formError, onSubmit, busy: formState.isSubmitting || save.isPending };
}
