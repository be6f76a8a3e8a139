import { describe, expect, it } from 'vitest';
import { ROLE_BADGES, hasRole } from './roles.ts';

describe('hasRole (route guard: one role or any of several)', () => {
  it.each([
    [{ role: 'administrador' as const }, 'administrador', true],
    [{ role: 'voluntario' as const }, 'administrador', false],
    [{ role: 'voluntario' as const }, ['administrador', 'voluntario'], true],
    [{ role: 'visitado' as const }, ['administrador', 'voluntario'], false],
    [null, 'visitado', false],
    [undefined, ['visitado'], false],
  ] as const)('%o needs %o → %s', (user, required, expected) => {
    expect(hasRole(user, required)).toBe(expected);
  });

  it('badges read as the sidebar shows them', () => {
    expect(ROLE_BADGES).toEqual({ administrador: 'Admin', voluntario: 'Voluntario', visitado: 'Visitado' });
  });
});
