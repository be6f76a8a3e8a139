import { describe, expect, it } from 'vitest';
import { aPedido, rolesIniciales, rolPrincipal } from './user-escuelas-fields.tsx';

describe('the roles by school of the user form (docs/decisions/0036)', () => {
  it('a new account starts as a volunteer of the school in use', () => {
    expect(rolesIniciales(null, 'norte')).toEqual({ escuelas: { norte: 'voluntario' }, rolRed: null });
  });

  it('an existing one with its own roles and network role', () => {
    const user = { escuelas: [{ escuela: 'principal', role: 'visitado' as const }], rolRed: 'lector_red' as const };
    expect(rolesIniciales(user, 'norte')).toEqual({ escuelas: { principal: 'visitado' }, rolRed: 'lector_red' });
  });

  it('sends only the schools with a role; «Activo» follows the widest', () => {
    const roles = {
      escuelas: { principal: '' as const, norte: 'administrador' as const, sur: 'visitado' as const },
      rolRed: null,
    };
    expect(aPedido(roles)).toEqual({
      escuelas: [
        { escuela: 'norte', role: 'administrador' },
        { escuela: 'sur', role: 'visitado' },
      ],
      rolRed: null,
    });
    expect(rolPrincipal(roles)).toBe('administrador');
    expect(rolPrincipal({ escuelas: {}, rolRed: 'administrador_red' })).toBe('voluntario');
  });
});
