import { describe, expect, it } from 'vitest';
import type { TPlazaOferta, TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { SIN_FILTROS, filtrarCola, filtrarOfertas, vencePronto } from './plazas-view.ts';

const oferta = (numero: number, nombre: string, extra: Partial<TPlazaOferta> = {}): TPlazaOferta => ({
  id: `id-${numero}`,
  numeroInscripcion: numero,
  miembro: 0,
  nombreCompleto: nombre,
  lista: 'nenas',
  estado: 'ofrecida',
  origen: 'titular',
  ofrecidaEn: '2026-12-01T12:00:00.000Z',
  vence: '2026-12-08T12:00:00.000Z',
  integrantes: 1,
  ...extra,
});

describe('the Plazas screen filters', () => {
  const ofertas = [
    oferta(7, 'Lucía Núñez'),
    oferta(12, 'Mateo Pérez', { lista: 'varones', estado: 'aceptada' }),
    oferta(31, 'Sofía Álvarez', { estado: 'vencida' }),
  ];

  it('finds by number (padded or not) and by name without accents or case', () => {
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, texto: '007' }).map((o) => o.numeroInscripcion)).toEqual([7]);
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, texto: '12' }).map((o) => o.numeroInscripcion)).toEqual([12]);
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, texto: 'nunez' }).map((o) => o.numeroInscripcion)).toEqual([7]);
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, texto: 'ALVAREZ' })).toHaveLength(1);
  });

  it('filters by list and by state; the queue only answers to text and list', () => {
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, lista: 'varones' }).map((o) => o.numeroInscripcion)).toEqual([12]);
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, estado: 'vencida' }).map((o) => o.numeroInscripcion)).toEqual([
      31,
    ]);
    const estado = {
      cola: {
        nenas: [
          { numeroInscripcion: 40, miembro: 0, nombreCompleto: 'Ana Ruiz', posicionPublicada: 2, posicionActual: 1 },
        ],
        varones: [],
      },
    } as unknown as TPlazasEstado;
    expect(filtrarCola(estado, 'nenas', SIN_FILTROS)).toHaveLength(1);
    expect(filtrarCola(estado, 'nenas', { ...SIN_FILTROS, lista: 'varones' })).toEqual([]);
    expect(filtrarCola(estado, 'nenas', { ...SIN_FILTROS, estado: 'ofrecida' })).toEqual([]);
    expect(filtrarCola(estado, 'nenas', { ...SIN_FILTROS, texto: 'otra' })).toEqual([]);
  });

  it('marks open offers due within a day', () => {
    expect(vencePronto(ofertas[0]!, '2026-12-07T12:00:00.001Z')).toBe(true);
    expect(vencePronto(ofertas[0]!, '2026-12-07T12:00:00.000Z')).toBe(false);
    expect(vencePronto(ofertas[2]!, '2026-12-08T11:00:00.000Z')).toBe(false);
  });
});
