import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { TEscuelaDeCuenta } from '@inscripciones/shared/auth/auth-schema.ts';
import { ROLE_LABELS, ROLES, ROL_RED_LABELS, ROLES_RED, type Role, type RolRed } from '@inscripciones/shared/roles.ts';

/** The account's role in each school ('' = no access there) and in the network. */
export interface RolesDeRed {
  escuelas: Record<string, Role | ''>;
  rolRed: RolRed | null;
}

/** The roles an account starts with in the form: its own by school (the new one's: the school in use, volunteer). */
export function rolesIniciales(
  user: { escuelas?: { escuela: string; role: Role }[] | undefined; rolRed?: RolRed | null | undefined } | null,
  enUso: string | undefined,
): RolesDeRed {
  if (!user) return { escuelas: enUso ? { [enUso]: 'voluntario' } : {}, rolRed: null };
  return {
    escuelas: Object.fromEntries((user.escuelas ?? []).map((e) => [e.escuela, e.role])),
    rolRed: user.rolRed ?? null,
  };
}

/** What a network's administrator sends: every school with a role, and the network role. */
export function aPedido(roles: RolesDeRed) {
  const escuelas = Object.entries(roles.escuelas).flatMap(([escuela, role]) => (role ? [{ escuela, role }] : []));
  return { escuelas, rolRed: roles.rolRed };
}

/** The widest role asked for: it decides whether «Activo» may be unticked (an administrator never is). */
export function rolPrincipal(roles: RolesDeRed): Role {
  const pedidos = Object.values(roles.escuelas).filter((r): r is Role => r !== '');
  return ROLES.find((r) => pedidos.includes(r)) ?? 'voluntario';
}

interface Props {
  escuelas: readonly TEscuelaDeCuenta[];
  value: RolesDeRed;
  onChange: (value: RolesDeRed) => void;
  disabled?: boolean;
}

/**
 * For the network's administrator, with several schools in the network (docs/decisions/0036): the account's role in
 * each school, or none, and its role in the network.
 */
export function UserEscuelasFields({ escuelas, value, onChange, disabled }: Props) {
  const ids = useId();
  return (
    <fieldset className="mb-3" disabled={disabled}>
      <legend className="fs-6 fw-semibold">Escuelas y roles</legend>
      {escuelas.map((e, i) => (
        <Form.Group className="mb-2" controlId={`${ids}-${i}`} key={e.codigo}>
          <Form.Label>Rol en {e.nombre}</Form.Label>
          <Form.Select
            value={value.escuelas[e.codigo] ?? ''}
            onChange={(ev) =>
              onChange({ ...value, escuelas: { ...value.escuelas, [e.codigo]: ev.target.value as Role | '' } })
            }
          >
            <option value="">Sin acceso</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ))}
      <Form.Group controlId={`${ids}-red`}>
        <Form.Label>Rol en la red</Form.Label>
        <Form.Select
          value={value.rolRed ?? ''}
          onChange={(ev) => onChange({ ...value, rolRed: (ev.target.value || null) as RolRed | null })}
          aria-describedby={`${ids}-red-ayuda`}
        >
          <option value="">Ninguno</option>
          {ROLES_RED.map((r) => (
            <option key={r} value={r}>
              {ROL_RED_LABELS[r]}
            </option>
          ))}
        </Form.Select>
        <Form.Text id={`${ids}-red-ayuda`}>
          La administración de la red gestiona escuelas y cuentas, y administra cada escuela; el lector de la red ve
          cada escuela sin cambiar nada.
        </Form.Text>
      </Form.Group>
    </fieldset>
  );
}
