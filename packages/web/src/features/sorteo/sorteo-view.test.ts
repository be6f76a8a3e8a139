import { describe, expect, it } from 'vitest';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { ApiError } from '../../lib/api-client.ts';
import { parseTablero } from './sorteo-live.ts';
import { activeStatus, linea, participantsFixture, statusFixture, tableroFixture } from '../../test/sorteo-fixtures.ts';
import {
  boardLists,
  isUltimo,
  lineaTexto,
  mergeTablero,
  needsConfirmation,
  panelFor,
  parsePlazas,
  pickParticipants,
  sorteoErrorMessage,
  withConfirmation,
  withPlan,
} from './sorteo-view.ts';

describe('panelFor (SPEC 2 panels, SPEC 4 states)', () => {
  it('shows no control to anyone but an administrator', () => {
    expect(panelFor(undefined, false)).toBe('ninguno');
    expect(panelFor(activeStatus(), false)).toBe('ninguno');
    expect(panelFor(activeStatus({ completado: true }), false)).toBe('ninguno');
  });

  it('follows the raffle for an administrator', () => {
    expect(panelFor(undefined, true)).toBe('cargando');
    expect(panelFor(statusFixture(), true)).toBe('inicio');
    expect(panelFor(statusFixture({ sorteosArchivados: 2 }), true)).toBe('inicio');
    // Started, plan not computed yet: the public value may still be entered.
    expect(panelFor(activeStatus({ valorPublicoAbierto: true }), true)).toBe('preparacion');
    expect(panelFor(activeStatus({ currentIndex: 2 }), true)).toBe('activo');
    expect(panelFor(activeStatus({ currentIndex: 4, completado: true }), true)).toBe('completado');
  });
});

describe('board lines', () => {
  it('pads the number to 3 digits and keeps the name the server sent', () => {
    expect(lineaTexto({ numeroInscripcion: 7, nombreCompleto: 'Ana María Pérez' })).toBe('007 Ana María Pérez');
    expect(lineaTexto({ numeroInscripcion: 42, nombreCompleto: 'A. M. P.' })).toBe('042 A. M. P.');
    expect(lineaTexto({ numeroInscripcion: 1234, nombreCompleto: 'Luis Gómez' })).toBe('1234 Luis Gómez');
  });

  it('gives the four lists in SPEC order with their titles', () => {
    const lines = [
      linea({ numeroInscripcion: 1, nombreCompleto: 'Ana', index: 0 }),
      linea({ numeroInscripcion: 2, nombreCompleto: 'Luis', lista: 'varones', sexo: 'M', index: 1 }),
      linea({ numeroInscripcion: 3, nombreCompleto: 'Eva', resultado: 'suplente', index: 2 }),
      linea({ numeroInscripcion: 4, nombreCompleto: 'Juan', lista: 'varones', resultado: 'suplente', index: 3 }),
      linea({ numeroInscripcion: 5, nombreCompleto: 'Sol', index: 4 }),
    ];
    const lists = boardLists(participantsFixture(lines, 5));
    expect(lists.map((l) => l.titulo)).toEqual([
      'Titulares · Nenas',
      'Titulares · Varones',
      'Suplentes · Nenas',
      'Suplentes · Varones',
    ]);
    expect(lists.map((l) => l.lineas.map(lineaTexto))).toEqual([
      ['001 Ana', '005 Sol'],
      ['002 Luis'],
      ['003 Eva'],
      ['004 Juan'],
    ]);
  });

  it('marks the lines of the draw confirmed last', () => {
    expect(isUltimo({ index: 2 }, { currentIndex: 3 })).toBe(true);
    expect(isUltimo({ index: 1 }, { currentIndex: 3 })).toBe(false);
    expect(isUltimo({ index: 0 }, { currentIndex: 0 })).toBe(false);
  });
});

describe('mergeTablero: live states only move forward within a raffle', () => {
  const at = (currentIndex: number, extra = {}) => tableroFixture(activeStatus({ currentIndex, ...extra }));

  it('takes the first state and newer ones', () => {
    expect(mergeTablero(undefined, at(0))).toEqual(at(0));
    const newer = at(3);
    expect(mergeTablero(at(2), newer)).toBe(newer);
  });

  it('keeps the current state when a late event is older', () => {
    const current = at(3);
    expect(mergeTablero(current, at(2))).toBe(current);
    const closed = at(0, { valorPublicoAbierto: false });
    expect(mergeTablero(closed, at(0, { valorPublicoAbierto: true }))).toBe(closed);
  });

  it('always takes the end of the raffle and another raffle', () => {
    const ended = tableroFixture(statusFixture({ sorteosArchivados: 1 }));
    expect(mergeTablero(at(3), ended)).toBe(ended);
    const other = tableroFixture(activeStatus({ id: 'otro', currentIndex: 0 }));
    expect(mergeTablero(at(3), other)).toBe(other);
  });

  it('applies this screen’s confirmation and first draw at once', () => {
    const t = at(1, { selectedCount: 1 });
    const after = withConfirmation(t, { selectedCount: 3, suplentesCount: 0, currentIndex: 2, completado: false });
    expect(after.status).toMatchObject({ currentIndex: 2, selectedCount: 3, completado: false });
    // A duplicate answer (already known) changes nothing.
    expect(withConfirmation(after, { selectedCount: 3, suplentesCount: 0, currentIndex: 2, completado: false })).toBe(
      after,
    );
    const last = withConfirmation(after, { selectedCount: 3, suplentesCount: 2, currentIndex: 4, completado: true });
    expect(panelFor(last.status, true)).toBe('completado');

    const open = at(0, { valorPublicoAbierto: true });
    expect(panelFor(withPlan(open).status, true)).toBe('activo');
  });
});

describe('pickParticipants', () => {
  const withDraws = (n: number) => ({
    ...participantsFixture([], 5),
    participantes: Array.from({ length: n }, (_, index) => ({
      index,
      resultado: 'titular' as const,
      participante: {
        numeroInscripcion: index + 1,
        nombreCompleto: 'X',
        sexo: 'F' as const,
        esGrupo: false,
        grupo: [],
      },
    })),
  });

  it('prefers the administrator’s lists unless the live ones are ahead', () => {
    const pub = withDraws(3);
    const admin = withDraws(3);
    expect(pickParticipants(pub, admin)).toBe(admin);
    expect(pickParticipants(withDraws(4), admin)).not.toBe(admin);
    expect(pickParticipants(pub, undefined)).toBe(pub);
    expect(pickParticipants(undefined, admin)).toBe(admin);
  });
});

describe('messages (SPEC 8 "Raffle")', () => {
  it('shows the server text, "Error de conexión" on a network failure, else the fallback', () => {
    expect(sorteoErrorMessage(new ApiError(409, 'Ya no quedan participantes por sortear.'), 'x')).toBe(
      'Ya no quedan participantes por sortear.',
    );
    expect(sorteoErrorMessage(new ApiError(0, 'Error de conexión con el servidor', 'NETWORK'), 'x')).toBe(
      SORTEO_MSG.errorConexion,
    );
    expect(sorteoErrorMessage(new ApiError(500, ''), SORTEO_MSG.errorConfirmar)).toBe('Error al confirmar selección');
    expect(sorteoErrorMessage(new Error('boom'), SORTEO_MSG.errorIniciar)).toBe('Error al iniciar el sorteo');
  });

  it('asks for confirmation only for the archived-raffle 409', () => {
    expect(
      needsConfirmation(
        new ApiError(409, SORTEO_MSG.confirmarNuevo('30/10/2026 15:00', 'Se cortó la luz'), 'CONFIRMATION_REQUIRED'),
      ),
    ).toBe(true);
    expect(needsConfirmation(new ApiError(409, SORTEO_MSG.yaActivo, 'CONFLICT'))).toBe(false);
    expect(needsConfirmation(new ApiError(409, SORTEO_MSG.sinParticipantes))).toBe(false);
    expect(needsConfirmation(new ApiError(403, 'No autorizado'))).toBe(false);
  });
});

describe('small helpers', () => {
  it('reads places as whole numbers 0–1000', () => {
    expect(parsePlazas('28')).toBe(28);
    expect(parsePlazas(' 0 ')).toBe(0);
    expect(parsePlazas('1000')).toBe(1000);
    expect(parsePlazas('1001')).toBeNull();
    expect(parsePlazas('-1')).toBeNull();
    expect(parsePlazas('2.5')).toBeNull();
    expect(parsePlazas('')).toBeNull();
  });

  it('accepts only valid live events', () => {
    const t = tableroFixture(activeStatus(), participantsFixture([], 5));
    expect(parseTablero(JSON.stringify(t))).toEqual(t);
    expect(parseTablero('{"status":{}}')).toBeNull();
    expect(parseTablero('not json')).toBeNull();
    expect(parseTablero(undefined)).toBeNull();
  });
});
