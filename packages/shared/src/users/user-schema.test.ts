import { describe, expect, it } from 'vitest';
import { ZUserCreate, ZUserUpdate, adminActiveError } from './user-schema.ts';
import { USER_MSG } from './messages.ts';

const valid = {
  username: 'Maria.Perez',
  password: 'clave-segura',
  nombre: ' María Pérez ',
  email: 'maria@escuela.edu.uy',
};

describe('user form validation', () => {
  it('normalises and applies the defaults of a new user (voluntario, active)', () => {
    expect(ZUserCreate.parse(valid)).toEqual({
      username: 'maria.perez',
      password: 'clave-segura',
      nombre: 'María Pérez',
      email: 'maria@escuela.edu.uy',
      role: 'voluntario',
      activo: true,
    });
  });

  it.each([
    ['username', { username: '' }, 'Usuario: este campo es obligatorio'],
    ['nombre', { nombre: '   ' }, 'Nombre completo: este campo es obligatorio'],
    ['email', { email: 'maria@' }, 'El email no tiene un formato válido'],
    ['email', { email: '' }, 'Email: este campo es obligatorio'],
    ['password', { password: '1234567' }, 'La contraseña debe tener al menos 8 caracteres'],
    ['role', { role: 'root' }, 'El rol debe ser administrador, voluntario o visitado'],
  ])('%s: %o → "%s"', (field, change, message) => {
    const r = ZUserCreate.safeParse({ ...valid, ...change });
    expect(r.success).toBe(false);
    expect(r.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it('requires the password only when creating; blank on edit means unchanged', () => {
    const { password: _p, ...noPassword } = valid;
    expect(ZUserCreate.safeParse(noPassword).success).toBe(false);
    expect(ZUserUpdate.parse({ ...noPassword, password: '' }).password).toBeUndefined();
    expect(ZUserUpdate.parse(noPassword).password).toBeUndefined();
    expect(ZUserUpdate.safeParse({ ...noPassword, password: 'corta' }).success).toBe(false);
  });

  it('rejects unknown fields', () => {
    expect(ZUserCreate.safeParse({ ...valid, isAdmin: true }).success).toBe(false);
  });
});

describe('adminActiveError (administrators are always active)', () => {
  it.each([
    [{ role: 'administrador', activo: true }, undefined, null],
    [{ role: 'voluntario', activo: false }, undefined, null],
    [{ role: 'voluntario', activo: false }, 'voluntario', null],
    [{ role: 'administrador', activo: false }, undefined, USER_MSG.adminMustBeActive],
    [{ role: 'administrador', activo: false }, 'voluntario', USER_MSG.adminMustBeActive],
    [{ role: 'administrador', activo: false }, 'administrador', USER_MSG.cannotDeactivateAdmin],
    [{ role: 'voluntario', activo: false }, 'administrador', USER_MSG.cannotDeactivateAdmin],
  ] as const)('%o (was %s) → %s', (user, was, expected) => {
    expect(adminActiveError(user, was)).toBe(expected);
  });
});
