// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { AsignacionEscuelaEnlace } from './asignacion-escuela-enlace.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VISTA = {
  anio: 2027,
  asignadoEn: '2026-12-01T12:00:00.000Z',
  escuela: 'A',
  resumen: { postulaciones: 0, asignadas: 0, sinEscuela: 0 },
  lineas: [],
};

/** The network's schools and whether it assigned; the requests made. */
function servidor(escuelas: number, asignada: boolean) {
  const pedidos: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    pedidos.push(url);
    if (url.startsWith('/api/asignacion/opciones')) {
      const lista = Array.from({ length: escuelas }, (_, i) => ({ codigo: `e${i}`, nombre: `Escuela ${i}` }));
      return Response.json({ anio: 2027, maxPreferencias: 5, escuelas: lista });
    }
    if (url.startsWith('/api/asignacion') && asignada) return Response.json(VISTA);
    return Response.json({ message: 'Todavía no hay una asignación de la red.' }, { status: 404 });
  });
  return pedidos;
}

function enlace() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ul>
          <AsignacionEscuelaEnlace className={() => 'app-sidebar__link'} onNavigate={() => undefined} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AsignacionEscuelaEnlace', () => {
  it('links to /asignacion in a network of several schools once assigned', async () => {
    servidor(2, true);
    enlace();
    expect((await screen.findByRole('link', { name: 'Asignación de la red' })).getAttribute('href')).toBe(
      '/asignacion',
    );
  });

  it('is not there before the assignment', async () => {
    const pedidos = servidor(3, false);
    enlace();
    await waitFor(() =>
      expect(pedidos.some((p) => p.startsWith('/api/asignacion?') || p === '/api/asignacion')).toBe(true),
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never asks for the assignment in a single school', async () => {
    const pedidos = servidor(1, true);
    enlace();
    await waitFor(() => expect(pedidos.length).toBe(1));
    expect(pedidos.every((p) => p.startsWith('/api/asignacion/opciones'))).toBe(true);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
