// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TEstadoFamilia } from '@inscripciones/shared/estado/estado-schema.ts';
import { ESTADO_RED_MSG, type TEstadoEnRed } from '@inscripciones/shared/estado/estado-en-red.ts';
import { siguientePaso } from '@inscripciones/shared/estado/siguiente.ts';
import { EstadoResult } from './estado-result.tsx';

const NORTE = { codigo: 'norte', nombre: 'Escuela Norte' };
const SUR = { codigo: 'sur', nombre: 'Escuela Sur' };

function estadoCon(red: TEstadoEnRed): TEstadoFamilia {
  const base = {
    numeroInscripcion: 7,
    ciclo: 'Ingresos 2027',
    estado: 'sorteada' as const,
    faltan: [],
    ninos: [{ iniciales: 'A. B.', estado: 'finalizada' as const }],
    sorteo: { fecha: '01/12/2026', hora: '10:00', lugar: 'Salón', transmisionUrl: '' },
    escuela: { nombre: 'Escuela Sur', telefono: '2400 0000', direccion: 'Calle 1', horarios: 'De 8 a 16' },
    red,
  };
  return { ...base, siguiente: siguientePaso(base) };
}

const renderEstado = (red: TEstadoEnRed) =>
  render(
    <EstadoResult estado={estadoCon(red)} codigo="ABCDEFGHJK" headingRef={{ current: null }} onRespondida={() => {}} />,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the status page in a year the network assigns', () => {
  it("an offer with schools ranked above it: where it waits, until when, and SAE's three answers", () => {
    renderEstado({
      escuela: SUR,
      estado: 'pendiente',
      vence: '2026-12-04T19:00:00.000Z',
      espera: [{ escuela: NORTE, posiciones: [3] }],
    });
    expect(screen.getByRole('heading', { name: ESTADO_RED_MSG.resultado })).toBeTruthy();
    expect(screen.getByText(ESTADO_RED_MSG.asignada('Escuela Sur'))).toBeTruthy();
    expect(screen.getByText(ESTADO_RED_MSG.lugar('Escuela Norte', [3]))).toBeTruthy();
    expect(screen.getByText(/Respondé la plaza en Escuela Sur antes del/)).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Aceptar la plaza',
      ESTADO_RED_MSG.aceptarYEsperar,
      'Rechazar la plaza',
    ]);
  });

  it('accepting and waiting sends acepta-y-espera after a confirmation naming the child', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            numeroInscripcion: 7,
            respuesta: 'acepta-y-espera',
            en: '2026-12-01T13:00:00.000Z',
            entrada: { n: 1, hash: 'ab'.repeat(32) },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderEstado({
      escuela: SUR,
      estado: 'pendiente',
      vence: '2026-12-04T19:00:00.000Z',
      espera: [{ escuela: NORTE, posiciones: [1] }],
    });
    await userEvent.click(screen.getByRole('button', { name: ESTADO_RED_MSG.aceptarYEsperar }));
    expect(screen.getByText(ESTADO_RED_MSG.confirmarAceptarYEsperar('A. B.'))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sí, confirmar' }));
    expect(
      await screen.findByText(
        /seguís esperando en las escuelas que pusiste antes\. Comprobante: entrada N° 1 del registro público de la asignación/,
      ),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/estado/respuesta');
    expect(JSON.parse(String(init.body))).toEqual({
      numeroInscripcion: 7,
      codigo: 'ABCDEFGHJK',
      respuesta: 'acepta-y-espera',
    });
  });

  it('holding a place while waiting: accept (stop waiting) or decline; no answer once waiting without a place', () => {
    renderEstado({
      escuela: SUR,
      estado: 'acepta-y-espera',
      vence: null,
      espera: [{ escuela: NORTE, posiciones: [2] }],
    });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Aceptar la plaza', 'Rechazar la plaza']);
    expect(
      screen.getByText(/Tenés la plaza en Escuela Sur y seguís esperando en Escuela Norte \(lugar 2\)/),
    ).toBeTruthy();
    cleanup();
    renderEstado({ escuela: null, estado: 'espera', vence: null, espera: [{ escuela: NORTE, posiciones: [5] }] });
    expect(screen.getByText(ESTADO_RED_MSG.sinPlaza)).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
