import { describe, expect, it } from 'vitest';
import { can, canEditInscripto, isOwnRecord, type Action, type Actor } from './permissions.ts';

const admin: Actor = { id: '1', username: 'ana', role: 'administrador' };
const vol: Actor = { id: '2', username: 'beto', role: 'voluntario' };
const guest: Actor = { id: '3', username: 'visitante', role: 'visitado' };

describe('can (SPEC 6 table)', () => {
  const table: [Action, boolean, boolean, boolean][] = [
    ['users:manage', true, false, false],
    ['inscriptos:read', true, true, true],
    ['inscriptos:create', true, true, false],
    ['inscriptos:delete', true, false, false],
    ['inscriptos:audit', true, false, false],
    ['inscriptos:import-export', true, false, false],
    ['inscriptos:choose-funcionario', true, false, false],
    ['inscriptos:set-fuera-de-zona', true, false, false],
    ['inscriptos:mine-filter', true, true, false],
    ['sorteo:operar', true, false, false],
    ['sorteo:actas', true, false, false],
    ['configuracion:leer', true, true, true],
    ['configuracion:editar', true, false, false],
    ['avisos:leer', true, true, false],
    ['avisos:reenviar', true, false, false],
    ['avisos:supervisar', true, false, false],
  ];
  it.each(table)('%s: admin %s, voluntario %s, visitado %s', (action, a, v, g) => {
    expect([can(admin, action), can(vol, action), can(guest, action)]).toEqual([a, v, g]);
  });
  it('nobody without a session can do anything', () => {
    expect(table.some(([action]) => can(null, action))).toBe(false);
  });
});

describe('canEditInscripto', () => {
  it.each([
    [admin, {}, true],
    [vol, { createdBy: { username: 'beto' } }, true],
    [vol, { createdBy: 'beto' }, true],
    [vol, { funcionario: 'beto', createdBy: 'otra' }, true],
    [vol, { createdBy: { username: 'otra' }, funcionario: 'otra' }, false],
    [vol, {}, false],
    [guest, { createdBy: 'visitante' }, false],
    [null, {}, false],
  ] as const)('%o on %o → %s', (actor, record, expected) => {
    expect(canEditInscripto(actor, record)).toBe(expected);
  });
  it('"Mis inscripciones" matches creator or official', () => {
    expect(isOwnRecord('beto', { funcionario: 'beto' })).toBe(true);
    expect(isOwnRecord('beto', { createdBy: { username: null } })).toBe(false);
  });
});
