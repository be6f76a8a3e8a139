// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AsignacionPage } from './asignacion-page.tsx';
import type { TAsignacionVista } from '@inscripciones/shared/asignacion/api-schema.ts';
import { filasPorEscuela } from './asignacion-resultado.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SORTEO = {
  id: 's1',
  anio: 2027,
  estado: 'activo',
  creadoEn: '2026-12-01T10:00:00.000Z',
  operador: 'red',
  total: 3,
  escuelas: 3,
  ninos: 4,
  listaHash: 'a'.repeat(64),
  compromiso: 'b'.repeat(64),
  fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
  valorPublico: 'dados:1,2,3',
  valorPublicoOrigen: 'Dados en la sala',
  confirmados: 0,
  semilla: null,
  terminadoEn: null,
};

const CICLO = { anio: 2027, maxPreferencias: 5, actualizadoEn: '2026-11-01T12:00:00.000Z', actualizadoPor: 'red' };
const O = { escuela: 'A', numeroInscripcion: null };

const VISTA: TAsignacionVista = {
  anio: 2027,
  asignadoEn: '2026-12-01T12:00:00.000Z',
  escuela: null,
  resumen: { postulaciones: 3, asignadas: 2, sinEscuela: 1 },
  lineas: [
    {
      numero: 1,
      azar: 2,
      escuela: 'A',
      espera: [],
      preferencias: ['A', 'B'],
      iniciales: ['A. P.'],
      origen: O,
      actual: { escuela: 'A', estado: 'pendiente', vence: null, espera: [] },
    },
    {
      numero: 2,
      azar: 1,
      escuela: 'A',
      espera: [],
      preferencias: ['B', 'A'],
      iniciales: ['B. R.', 'C. R.'],
      origen: O,
      actual: { escuela: 'A', estado: 'pendiente', vence: null, espera: [] },
    },
    {
      numero: 3,
      azar: 3,
      escuela: null,
      espera: [
        { escuela: 'A', posiciones: [1] },
        { escuela: 'C', posiciones: [1] },
      ],
      preferencias: ['A', 'C'],
      iniciales: ['D. S.'],
      origen: O,
      actual: { escuela: 'C', estado: 'pendiente', vence: null, espera: [] },
    },
  ],
};

/** A fake of the network's endpoints: each request's method and path, answered from `rutas`. */
function servidor(rutas: Record<string, (body: unknown) => unknown>) {
  const pedidos: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const clave = `${init?.method ?? 'GET'} ${url}`;
    pedidos.push(clave);
    const ruta = rutas[clave];
    if (!ruta) return new Response(JSON.stringify({ message: 'No existe' }), { status: 404 });
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    return new Response(JSON.stringify(ruta(body)), { headers: { 'content-type': 'application/json' } });
  });
  return pedidos;
}

function pagina() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AsignacionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AsignacionPage', () => {
  it('reads a position of the network raffle aloud and confirms it', async () => {
    let confirmados = 0;
    const pedidos = servidor({
      'GET /api/red/asignacion/ciclos': () => ({ ciclos: [{ ...CICLO, modo: 'red' }] }),
      'GET /api/red/sorteo?anio=2027': () => ({ sorteo: { ...SORTEO, confirmados } }),
      'POST /api/red/sorteo/next': () => ({
        azar: 1,
        numero: 2,
        iniciales: ['B. R.', 'C. R.'],
        preferencias: ['B', 'A'],
        confirmados: 0,
        total: 3,
      }),
      'POST /api/red/sorteo/confirm': (body) => {
        expect(body).toEqual({ azar: 1 });
        confirmados = 1;
        return { ...SORTEO, confirmados };
      },
    });
    pagina();
    expect(await screen.findByText('0 de 3 leídos en la sala')).toBeTruthy();
    expect(screen.getByText('a'.repeat(64))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar el número siguiente' }));
    expect(await screen.findByText('N° 2')).toBeTruthy();
    expect(screen.getByText(/B, A/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar Selección' }));
    expect(await screen.findByText('1 de 3 leídos en la sala')).toBeTruthy();
    expect(pedidos).toContain('POST /api/red/sorteo/confirm');
    // The mode is fixed once the raffle started.
    const radio = screen.getByLabelText('Una asignación para toda la red');
    expect(radio.closest('fieldset')!.disabled).toBe(true);
  });

  it('runs the assignment after the raffle and shows each school', async () => {
    servidor({
      'GET /api/red/asignacion/ciclos': () => ({ ciclos: [{ ...CICLO, modo: 'red' }] }),
      'GET /api/red/sorteo?anio=2027': () => ({
        sorteo: { ...SORTEO, estado: 'terminado', semilla: 'c'.repeat(64), terminadoEn: '2026-12-01T11:00:00.000Z' },
      }),
      'POST /api/asignacion': (body) => {
        expect(body).toEqual({ anio: 2027 });
        return VISTA;
      },
    });
    pagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Asignar las plazas' }));
    expect(await screen.findByText('3 postulaciones: 2 con escuela, 1 sin escuela.')).toBeTruthy();
    const fila = screen.getByRole('row', { name: /^A / });
    expect(
      within(fila)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '3', '1', '1', '2']);
    expect(screen.getByRole('link', { name: 'Verificar la asignación' }).getAttribute('href')).toBe(
      '/asignacion/verificar?anio=2027',
    );
  });

  it('says a year in school mode has no network raffle', async () => {
    servidor({
      'GET /api/red/asignacion/ciclos': () => ({ ciclos: [{ ...CICLO, modo: 'escuela' }] }),
    });
    pagina();
    expect(await screen.findByText('En 2027 cada escuela sortea sus plazas: no hay sorteo de la red.')).toBeTruthy();
  });
});

describe('filasPorEscuela', () => {
  it('counts every school ranked, even with nobody assigned', () => {
    expect(filasPorEscuela(VISTA).map((f) => f.codigo)).toEqual(['A', 'B', 'C']);
    expect(filasPorEscuela(VISTA)[2]).toEqual({ codigo: 'C', asignadas: 0, ninos: 0, primera: 0, espera: 1, ahora: 1 });
  });
});
