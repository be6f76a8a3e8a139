import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMessageResponse, ZUser, ZUserList, type TUser } from '@inscripciones/shared/users/user-schema.ts';
import type { Role, RolRed } from '@inscripciones/shared/roles.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** What POST /api/users and PUT /api/users/{id} send (SPEC 7 "Users"); password '' = unchanged on edit. */
export interface UserPayload {
  username: string;
  password: string;
  nombre: string;
  email: string;
  role: Role;
  activo: boolean;
  /** Set by the network's administrator only (docs/decisions/0036): the roles by school, and in the network. */
  escuelas?: { escuela: string; role: Role }[];
  rolRed?: RolRed | null;
}

export function useUsers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.users,
    queryFn: ({ signal }) => apiRequest('/api/users', { schema: ZUserList, signal }),
    enabled,
  });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: string | null; payload: UserPayload }): Promise<TUser> =>
      id === null
        ? apiRequest('/api/users', { method: 'POST', body: payload, schema: ZUser })
        : apiRequest(`/api/users/${encodeURIComponent(id)}`, { method: 'PUT', body: payload, schema: ZUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/users/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ZMessageResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
