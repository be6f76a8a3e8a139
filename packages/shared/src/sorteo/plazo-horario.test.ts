import { describe, expect, it } from 'vitest';
import { venceEnHorario, type THorarioAtencion } from './plazo-horario.ts';
import { calcularPlazas } from './plazas.ts';
import type { TPublicacion } from './plazas-estado.ts';

/** Montevideo is UTC-3: "2026-12-01 23:15" there is 2026-12-02T02:15Z. 1 December 2026 is a Tuesday. */
const mvd = (fecha: string, hora: string) => Date.parse(`${fecha}T${hora}:00-03:00`);
const HORARIO: THorarioAtencion = { apertura: '08:00', cierre: '16:00', dias: 'lunes-a-viernes' };
const iso = (ms: number) => new Date(ms).toISOString();

describe('venceEnHorario: a deadline outside the opening hours moves to the next opening day’s closing time', () => {
  it('keeps a deadline inside the hours, the closing minute included', () => {
    expect(venceEnHorario(mvd('2026-12-01', '10:00'), HORARIO)).toBe(mvd('2026-12-01', '10:00'));
    expect(venceEnHorario(mvd('2026-12-01', '16:00'), HORARIO)).toBe(mvd('2026-12-01', '16:00'));
  });

  it('moves a night deadline to the next day’s closing time, never earlier than given', () => {
    expect(iso(venceEnHorario(mvd('2026-12-01', '23:15'), HORARIO))).toBe('2026-12-02T19:00:00.000Z');
    expect(venceEnHorario(mvd('2026-12-01', '16:01'), HORARIO)).toBe(mvd('2026-12-02', '16:00'));
  });

  it('moves an early morning deadline (or one at the opening minute) to the same day’s closing time', () => {
    expect(venceEnHorario(mvd('2026-12-01', '07:00'), HORARIO)).toBe(mvd('2026-12-01', '16:00'));
    expect(venceEnHorario(mvd('2026-12-01', '08:00'), HORARIO)).toBe(mvd('2026-12-01', '16:00'));
  });

  it('skips the days the school is closed', () => {
    expect(venceEnHorario(mvd('2026-12-04', '17:00'), HORARIO)).toBe(mvd('2026-12-07', '16:00'));
    expect(venceEnHorario(mvd('2026-12-05', '10:00'), HORARIO)).toBe(mvd('2026-12-07', '16:00'));
    const sabados = { ...HORARIO, dias: 'lunes-a-sabado' } as const;
    expect(venceEnHorario(mvd('2026-12-05', '10:00'), sabados)).toBe(mvd('2026-12-05', '10:00'));
    expect(venceEnHorario(mvd('2026-12-06', '10:00'), sabados)).toBe(mvd('2026-12-07', '16:00'));
    const siempre = { ...HORARIO, dias: 'todos-los-dias' } as const;
    expect(venceEnHorario(mvd('2026-12-06', '23:00'), siempre)).toBe(mvd('2026-12-07', '16:00'));
  });
});

describe('the roll-up gives every offer a deadline inside the season’s opening hours', () => {
  const publicacion: TPublicacion = {
    plazas: { nenas: 1, varones: 0 },
    // Published on Tuesday at 20:15 in Montevideo: 7 days later is a Tuesday at 20:15, after closing.
    publicadoEn: iso(mvd('2026-12-01', '20:15')),
    plazoDias: 7,
    horario: HORARIO,
    draws: [
      { index: 0, stage: 'comun', numero: 1, resultado: 'titular', miembros: [{ lista: 'nenas', posicion: 1 }] },
      { index: 1, stage: 'suplentes', numero: 2, resultado: 'suplente', miembros: [{ lista: 'nenas', posicion: 1 }] },
    ],
  };

  it('the titular’s and, after it expires, the suplente’s', () => {
    const estado = calcularPlazas(publicacion, [], iso(mvd('2026-12-09', '17:00')));
    expect(estado.ofertas.map((o) => [o.numero, o.estado, o.vence])).toEqual([
      [1, 'vencida', iso(mvd('2026-12-09', '16:00'))],
      // Offered at Wednesday 16:00 (the expiry), due the next Wednesday at 16:00: inside the hours already.
      [2, 'ofrecida', iso(mvd('2026-12-16', '16:00'))],
    ]);
  });

  it('a season without hours (started before the rule) keeps offer time + days', () => {
    const estado = calcularPlazas({ ...publicacion, horario: null }, [], publicacion.publicadoEn);
    expect(estado.ofertas[0]!.vence).toBe(iso(mvd('2026-12-08', '20:15')));
  });
});
