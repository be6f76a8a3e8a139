// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { TAsignacionLinea, TAsignacionVista } from '@inscripciones/shared/asignacion/api-schema.ts';
import type { TSessionUser } from '@inscripciones/shared/auth/auth-schema.ts';
import { AsignacionEscuelaPage, filtrar } from './asignacion-escuela-page.tsx';
import { respuestasDe } from './asignacion-escuela-tabla.tsx';

let usuario: Pick<TSessionUser, 'role' | 'rolRed'> = { role: 'voluntario', rolRed: null };
vi.mock('../../lib/auth-context.tsx', () => ({ useAuth: () => ({ user: usuario }) }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const VENCE = '2026-12-08T15:00:00.000Z';
const linea = (numero: number, l: Partial<TAsignacionLinea>): TAsignacionLinea => ({
  numero,
  azar: numero,
  escuela: 'A',
  espera: [],
  preferencias: ['A'],
  iniciales: ['A. P.'],
  origen: { escuela: 'A', numeroInscripcion: numero + 100 },
  actual: { escuela: 'A', estado: 'pendiente', vence: VENCE, espera: [] },
  ...l,
});

const VISTA: TAsignacionVista = {
  anio: 2027,
  asignadoEn: '2026-12-01T12:00:00.000Z',
  escuela: 'A',
  resumen: { postulaciones: 3, asignadas: 2, sinEscuela: 1 },
  lineas: [
    linea(1, { iniciales: ['B. R.', 'C. R.'] }),
    linea(2, {
      preferencias: ['B', 'A'],
      espera: [{ escuela: 'B', posiciones: [2] }],
      origen: { escuela: 'B', numeroInscripcion: null },
      actual: { escuela: 'A', estado: 'pendiente', vence: VENCE, espera: [{ escuela: 'B', posiciones: [1] }] },
    }),
    linea(3, {
      escuela: null,
      preferencias: ['A'],
      espera: [{ escuela: 'A', posiciones: [1] }],
      actual: { escuela: null, estado: 'espera', vence: null, espera: [{ escuela: 'A', posiciones: [1] }] },
    }),
  ],
};

const OPCIONES = {
  anio: 2027,
  maxPreferencias: 5,
  escuelas: [
    { codigo: 'A', nombre: 'Escuela A' },
    { codigo: 'B', nombre: 'Escuela B' },
  ],
};

/** A fake server: each request's method and path, answered from `rutas` (a status of its own when given). */
function servidor(rutas: Record<string, (body: unknown) => unknown>) {
  const pedidos: { clave: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const clave = `${init?.method ?? 'GET'} ${url}`;
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    pedidos.push({ clave, body });
    const ruta = rutas[clave];
    if (!ruta) return new Response(JSON.stringify({ message: 'No existe' }), { status: 404 });
    const r = ruta(body);
    const [status, json] = Array.isArray(r) ? (r as [number, unknown]) : [200, r];
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  return pedidos;
}

function pagina() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AsignacionEscuelaPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const REGISTRADA = { anio: 2027, seq: 4, hash: 'h', en: VISTA.asignadoEn, numero: 1, escuela: null, vence: null };

describe('AsignacionEscuelaPage', () => {
  it('shows each line and records a decline after the confirmation, then reads the lines again', async () => {
    usuario = { role: 'voluntario', rolRed: null };
    let vista = VISTA;
    const pedidos = servidor({
      'GET /api/asignacion': () => vista,
      'GET /api/asignacion/opciones': () => OPCIONES,
      'POST /api/asignacion/respuesta': () => {
        vista = {
          ...VISTA,
          lineas: [
            linea(1, {
              iniciales: ['B. R.', 'C. R.'],
              actual: { escuela: null, estado: 'rechaza', vence: null, espera: [] },
            }),
          ],
        };
        return { ...REGISTRADA, respuesta: 'rechaza', estado: 'rechaza' };
      },
    });
    pagina();
    const fila = (await screen.findByRole('rowheader', { name: '1' })).closest('tr')!;
    expect(within(fila).getByText('B. R., C. R.')).toBeTruthy();
    expect(within(fila).getByText('Escuela A, N° 101')).toBeTruthy();
    expect(within(fila).getByText(/^La familia tiene que responder antes del /)).toBeTruthy();
    // No waitlist: accept or decline only.
    expect(
      within(fila)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Aceptar la plaza de N° 1', 'Rechazar la plaza de N° 1']);
    const otra = screen.getByRole('rowheader', { name: '2' }).closest('tr')!;
    expect(within(otra).getByText('Escuela B: lugar 1')).toBeTruthy();
    expect(within(otra).getByRole('button', { name: 'Aceptar y seguir esperando de N° 2' })).toBeTruthy();
    // Waiting without a place: nothing to answer.
    expect(within(screen.getByRole('rowheader', { name: '3' }).closest('tr')!).queryAllByRole('button')).toEqual([]);

    await userEvent.click(within(fila).getByRole('button', { name: 'Rechazar la plaza de N° 1' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText(/la familia de B\. R\. y C\. R\. rechaza la plaza en Escuela A\?/)).toBeTruthy();
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Sí, confirmar' }));
    expect(
      await screen.findByText(
        'Se registró la respuesta de N° 1 (B. R. y C. R.): entrada N° 4 del registro público de la asignación.',
      ),
    ).toBeTruthy();
    expect(pedidos.find((p) => p.clave === 'POST /api/asignacion/respuesta')!.body).toEqual({
      anio: 2027,
      numero: 1,
      respuesta: 'rechaza',
    });
    expect(await screen.findByText('La familia rechazó la plaza.')).toBeTruthy();
    expect(pedidos.filter((p) => p.clave === 'GET /api/asignacion')).toHaveLength(2);
  });

  it("shows the server's message when the answer cannot apply", async () => {
    usuario = { role: 'administrador', rolRed: null };
    servidor({
      'GET /api/asignacion': () => VISTA,
      'GET /api/asignacion/opciones': () => OPCIONES,
      'POST /api/asignacion/respuesta': () => [
        409,
        { code: 'CONFLICT', message: 'El plazo para responder ya venció.' },
      ],
    });
    pagina();
    await userEvent.click(await screen.findByRole('button', { name: 'Aceptar la plaza de N° 1' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sí, confirmar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('El plazo para responder ya venció.');
  });

  it('searches by number and lets the guest only read', async () => {
    usuario = { role: 'visitado', rolRed: null };
    servidor({ 'GET /api/asignacion': () => VISTA, 'GET /api/asignacion/opciones': () => OPCIONES });
    pagina();
    expect(await screen.findByText('Tu cuenta puede ver la asignación, pero no registrar respuestas.')).toBeTruthy();
    expect(await screen.findByText('3 postulaciones.')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Buscar por número'), '101');
    expect(screen.getByText('1 de 3 postulaciones.')).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['1']);
  });

  it('says so calmly while the network has no assignment', async () => {
    servidor({ 'GET /api/asignacion/opciones': () => OPCIONES });
    pagina();
    expect(await screen.findByText('Todavía no hay una asignación de la red.')).toBeTruthy();
  });
});

describe('respuestasDe', () => {
  it("offers SAE's answers by state, waiting only while it still waits somewhere", () => {
    const espera = [{ escuela: 'B', posiciones: [1] }];
    const con = (estado: TAsignacionLinea['actual']['estado'], e = espera) =>
      linea(1, { actual: { escuela: 'A', estado, vence: null, espera: e } });
    expect(respuestasDe(con('pendiente'))).toEqual(['acepta', 'acepta-y-espera', 'rechaza']);
    expect(respuestasDe(con('pendiente', []))).toEqual(['acepta', 'rechaza']);
    expect(respuestasDe(con('acepta-y-espera'))).toEqual(['acepta', 'rechaza']);
    for (const estado of ['acepta', 'espera', 'rechaza', 'vence'] as const)
      expect(respuestasDe(con(estado))).toEqual([]);
  });

  it('finds by the network number or the school application number', () => {
    expect(filtrar(VISTA.lineas, ' 3 ').map((l) => l.numero)).toEqual([3]);
    expect(filtrar(VISTA.lineas, '101').map((l) => l.numero)).toEqual([1]);
    expect(filtrar(VISTA.lineas, '').length).toBe(3);
  });
});
