import { describe, expect, it } from 'vitest';
import { camposSummary, camposText, historyItems } from './record-history.ts';

describe('record history', () => {
  it('lists the entries newest first, in Montevideo time, naming the changed fields by label once', () => {
    const items = historyItems([
      { seq: 3, fecha: '2026-03-02T15:04:00.000Z', usuario: 'admin', accion: 'crear', cambios: { nombre1: {} } },
      {
        seq: 9,
        fecha: '2026-03-03T18:30:00.000Z',
        usuario: 'vol1',
        accion: 'editar',
        cambios: { 'hermanosInscriben.0.ci': {}, 'hermanosInscriben.1.ci': {}, barrio: {} },
      },
    ]);
    expect(items.map((i) => [i.seq, i.when, i.usuario, i.accion])).toEqual([
      [9, '03/03/2026 15:30', 'vol1', 'Guardó cambios'],
      [3, '02/03/2026 12:04', 'admin', 'Creó la inscripción'],
    ]);
    expect(items[0]!.campos).toEqual(['Hermanos que se inscriben', 'Barrio']);
  });

  it('summarises a long field list', () => {
    expect(camposSummary(['a', 'b', 'c'], 2)).toBe('a, b y 1 más');
    expect(camposSummary(['a', 'b'], 2)).toBe('a, b');
    expect(camposText({ campos: ['Barrio'], creation: false })).toBe('Campos: Barrio');
    expect(camposText({ campos: ['Barrio', 'Domicilio'], creation: true })).toBe('2 campos cargados');
    expect(camposText({ campos: ['Barrio'], creation: true })).toBe('1 campo cargado');
  });

  it("names Educación Inicial with the year of the record's cycle", () => {
    const entry = { seq: 1, fecha: '2026-03-02T15:04:00.000Z', usuario: 'admin', accion: 'editar' as const };
    const cambios = { escuelaAnioActual: {} };
    expect(historyItems([{ ...entry, cambios }], 2027)[0]!.campos).toEqual(['Educación Inicial 2026']);
    expect(historyItems([{ ...entry, cambios }])[0]!.campos).toEqual(['Educación Inicial 2024']);
  });
});
