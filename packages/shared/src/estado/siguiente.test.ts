import { describe, expect, it } from 'vitest';
import type { TEstadoFamilia } from './estado-schema.ts';
import { siguientePaso } from './siguiente.ts';

const base: Omit<TEstadoFamilia, 'siguiente'> = {
  numeroInscripcion: 12,
  ciclo: 'Ingresos 2027',
  estado: 'sorteada',
  faltan: [],
  ninos: [],
  sorteo: { fecha: '31 de octubre', hora: '14:00 horas', lugar: 'Comedor', transmisionUrl: '' },
  escuela: { nombre: 'Escuela 1', telefono: '2900 1234', direccion: 'Av. Italia 1234', horarios: 'L a V 8 a 16' },
};

describe('what a family does next', () => {
  it('an offer: confirm before the earliest deadline, with year and hour, by phone or at the school', () => {
    const paso = siguientePaso({
      ...base,
      ninos: [
        { iniciales: 'A. B.', estado: 'titular', lista: 'nenas', vence: '2026-12-09T19:00:00.000Z' },
        { iniciales: 'C. D.', estado: 'titular', lista: 'varones', vence: '2026-12-09T19:00:00.000Z' },
      ],
    });
    expect(paso).toEqual({
      accion: 'Confirmá la plaza de A. B. y C. D. antes del 9 de diciembre de 2026, 16:00.',
      antesDe: '2026-12-09T19:00:00.000Z',
      como:
        'Respondé aquí abajo, o llamá a la escuela al 2900 1234 o acercate a Av. Italia 1234, en el horario de ' +
        'atención. Si no la confirmás a tiempo, la plaza pasa al siguiente suplente.',
    });
  });

  it('every other state says whether there is anything to do, and whom to ask', () => {
    const accion = (e: Partial<typeof base>) => siguientePaso({ ...base, ...e }).accion;
    expect(accion({ estado: 'pendiente', ninos: [{ iniciales: 'A. B.', estado: 'pendiente' }] })).toBe(
      'Completá la inscripción en la escuela antes del sorteo (31 de octubre).',
    );
    expect(accion({ estado: 'finalizada', ninos: [{ iniciales: 'A. B.', estado: 'finalizada' }] })).toBe(
      'No tenés que hacer nada más hasta el sorteo.',
    );
    expect(accion({ ninos: [{ iniciales: 'A. B.', estado: 'suplente', lista: 'nenas', posicion: 3 }] })).toBe(
      'Por ahora no tenés que hacer nada: si la lista llega a A. B., la escuela te avisa y en esta página vas a ver hasta cuándo confirmar la plaza.',
    );
    expect(accion({ ninos: [{ iniciales: 'A. B.', estado: 'aceptada', lista: 'nenas' }] })).toBe(
      'La plaza está confirmada: no tenés que hacer nada más por ahora.',
    );
    for (const estado of ['rechazada', 'vencida', 'no-participo'] as const) {
      expect(siguientePaso({ ...base, ninos: [{ iniciales: 'A. B.', estado }] })).toMatchObject({
        accion: 'Si tenés dudas sobre este resultado, consultá en la escuela.',
        antesDe: null,
      });
    }
  });
});
