import { describe, expect, it } from 'vitest';
import type { TPlazaOferta, TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import {
  SIN_FILTROS,
  avisoDeRespuesta,
  colasVisibles,
  filtrarOfertas,
  lineaDeCola,
  vencePronto,
} from './plazas-view.ts';

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

  it('filters by list and by state; the queue answers to text and list, and its line counts who waits', () => {
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, lista: 'varones' }).map((o) => o.numeroInscripcion)).toEqual([12]);
    expect(filtrarOfertas(ofertas, { ...SIN_FILTROS, estado: 'vencida' }).map((o) => o.numeroInscripcion)).toEqual([
      31,
    ]);
    const estado = {
      cola: {
        nenas: [
          { numeroInscripcion: 40, miembro: 0, nombreCompleto: 'Ana Ruiz', posicionPublicada: 2, posicionActual: 1 },
          { numeroInscripcion: 41, miembro: 0, nombreCompleto: 'Eva Sosa', posicionPublicada: 3, posicionActual: 2 },
        ],
        varones: [],
      },
    } as unknown as TPlazasEstado;
    const ver = (f: Partial<typeof SIN_FILTROS>) => {
      const colas = colasVisibles(estado, { ...SIN_FILTROS, ...f });
      return {
        listas: colas.map((c) => [c.lista, c.mostrados.length]),
        linea: lineaDeCola(colas, { ...SIN_FILTROS, ...f }),
      };
    };
    expect(ver({})).toEqual({
      listas: [
        ['nenas', 2],
        ['varones', 0],
      ],
      linea: 'Suplentes en espera: nenas 2 · varones 0.',
    });
    // Lista = Nenas: only the girls' queue, never "varones (0)" while girls wait.
    expect(ver({ lista: 'nenas' })).toEqual({ listas: [['nenas', 2]], linea: 'Suplentes en espera: nenas 2.' });
    expect(ver({ lista: 'varones' })).toEqual({ listas: [['varones', 0]], linea: 'Suplentes en espera: varones 0.' });
    // The state filter is the offers': the queue stays.
    expect(ver({ lista: 'nenas', estado: 'ofrecida' }).linea).toBe('Suplentes en espera: nenas 2.');
    expect(ver({ lista: 'nenas', texto: 'sosa' })).toEqual({
      listas: [['nenas', 1]],
      linea: 'Suplentes en espera que coinciden con la búsqueda: nenas 1 de 2.',
    });
  });

  it('says after an answer who got the place and until when, or that it stayed free', () => {
    const base = { ...oferta(12, 'Lucía Núñez', { estado: 'rechazada' }), repetida: false, pasoA: [] };
    const pasoA = [
      {
        numeroInscripcion: 171,
        miembro: 0,
        nombreCompleto: 'Ana Ruiz',
        lista: 'nenas' as const,
        vence: '2026-12-09T19:00:00.000Z',
      },
    ];
    expect(avisoDeRespuesta({ ...base, pasoA }, 'rechazada')).toEqual({
      texto:
        'Respuesta registrada. N° 012 rechazó la plaza. La plaza pasó a N° 171 (Ana Ruiz, nenas), con plazo para confirmar hasta el 09/12/2026 16:00.',
      nuevas: ['171:0'],
    });
    expect(avisoDeRespuesta(base, 'rechazada').texto).toBe(
      'Respuesta registrada. N° 012 rechazó la plaza. Ningún suplente en espera entra en esa plaza: quedó libre.',
    );
    expect(avisoDeRespuesta(base, 'aceptada').texto).toBe('Respuesta registrada. N° 012 aceptó la plaza.');
    expect(avisoDeRespuesta({ ...base, repetida: true }, 'aceptada').texto).toBe('Esa respuesta ya estaba registrada.');
  });

  it('marks open offers due within a day', () => {
    expect(vencePronto(ofertas[0]!, '2026-12-07T12:00:00.001Z')).toBe(true);
    expect(vencePronto(ofertas[0]!, '2026-12-07T12:00:00.000Z')).toBe(false);
    expect(vencePronto(ofertas[2]!, '2026-12-08T11:00:00.000Z')).toBe(false);
  });
});
