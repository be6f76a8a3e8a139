// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';

const crear = vi.fn();
const ciclo: TCiclo = {
  id: 'c1',
  nombre: 'Ingresos 2027',
  anioIngreso: 2027,
  inscripcionDesde: null,
  inscripcionHasta: null,
  sorteoFecha: '2026-10-31',
  sorteoHora: '14:00',
  sorteoLugar: 'Comedor',
  transmisionUrl: '',
  plazasNenas: 28,
  plazasVarones: 28,
  plazoOfertaDias: 7,
  estado: 'abierto',
  actual: true,
  creadoEn: '2026-01-01T00:00:00.000Z',
  cerradoEn: null,
  anonimizadoEn: null,
} as TCiclo;

vi.mock('../../lib/use-ciclos.ts', () => ({
  useCiclos: () => ({ ciclos: [ciclo], actual: ciclo, isPending: false, isError: false, error: null }),
  useCrearCiclo: () => ({ mutate: crear, isPending: false }),
  useModificarCiclo: () => ({ mutate: vi.fn(), isPending: false }),
}));
vi.mock('./retencion-panel.tsx', () => ({ RetencionPanel: () => null }));

const { CiclosPage } = await import('./ciclos-page.tsx');

beforeEach(() => crear.mockReset());
afterEach(cleanup);

describe('/admin/ciclos: creating the next cycle', () => {
  it('is offered under the list of cycles, not as the first thing on the screen', () => {
    render(<CiclosPage />);
    const table = screen.getByRole('table');
    const button = screen.getByRole('button', { name: CICLO_MSG.crearBoton('Ingresos 2028') });
    expect(table.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText(CICLO_MSG.siguienteTexto('Ingresos 2028', 'Ingresos 2027'))).toBeTruthy();
  });

  it('asks first; "Cancelar" creates nothing, "Crear ciclo" creates it', async () => {
    render(<CiclosPage />);
    await userEvent.click(screen.getByRole('button', { name: CICLO_MSG.crearBoton('Ingresos 2028') }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: CICLO_MSG.crearTitulo('Ingresos 2028') })).toBeTruthy();
    expect(within(dialog).getByText(CICLO_MSG.crearTexto('Ingresos 2028', 'Ingresos 2027'))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(crear).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: CICLO_MSG.crearBoton('Ingresos 2028') }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: CICLO_MSG.crearConfirmar }));
    expect(crear).toHaveBeenCalledOnce();
  });
});
