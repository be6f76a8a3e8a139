// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { armarActaAsignacion } from '@inscripciones/shared/asignacion/acta-schema.ts';
import { azarDelSorteo } from '@inscripciones/shared/asignacion/azar.ts';
import { asignarRed } from '@inscripciones/shared/asignacion/deferred-acceptance.ts';
import { redAlAzar, redDesde } from '@inscripciones/shared/test/asignacion-random.ts';
import { random } from '@inscripciones/shared/test/plazas-random.ts';
import { VerificarAsignacionPage } from './verificar-page.tsx';

/** A small network drawn with the real source and published as its acta, as the server would. */
function acta() {
  const { escuelas, solicitudes, red: base } = redAlAzar(random(7));
  const semilla = 'ab'.repeat(32);
  const valorPublico = 'dados:1,4,6';
  const azar = azarDelSorteo(
    solicitudes.map((s) => s.numero),
    semilla,
    valorPublico,
  );
  const red = redDesde([...escuelas.values()], solicitudes, azar, base.maxPreferencias);
  return armarActaAsignacion({
    id: 'a1',
    anio: 2027,
    asignadoEn: '2026-12-01T15:00:00.000Z',
    maxPreferencias: red.maxPreferencias,
    escuelas: red.escuelas,
    postulaciones: red.postulaciones,
    iniciales: new Map(solicitudes.map((s) => [s.numero, s.sexos.map(() => 'A. B.')])),
    semilla,
    fuenteValorPublico: { tipo: 'dados', cantidad: 3 },
    valorPublico,
    resultados: asignarRed(red),
  });
}

const respuesta = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  // happy-dom has no module workers: the page then replays on its own thread, with the same code.
  vi.stubGlobal('Worker', undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('VerificarAsignacionPage', () => {
  it('downloads the published acta, replays it and says it matches, with the counts', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(respuesta(JSON.stringify(acta()))));
    vi.stubGlobal('fetch', fetchMock);
    render(<VerificarAsignacionPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Verificar la asignación de la red' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta publicada' }));
    const verdict = await screen.findByTestId('asignacion-verificacion', {}, { timeout: 5000 });
    expect(fetchMock).toHaveBeenCalledWith('/api/asignacion/acta-publica.json', expect.anything());
    expect(verdict.textContent).toMatch(/^Coincide\. Acta de asignación verificada: \d+ postulaciones/);
    await waitFor(() => expect(document.activeElement).toBe(verdict));
  });

  it('shows a named progress bar while the acta downloads', async () => {
    let responder: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (responder = resolve)));
    render(<VerificarAsignacionPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta publicada' }));
    const barra = screen.getByRole('progressbar', { name: 'Progreso de la verificación' });
    expect(barra.getAttribute('aria-valuetext')).toBe('Descargando el acta...');
    expect((screen.getByRole('button', { name: 'Verificar el acta publicada' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    responder(respuesta(JSON.stringify(acta())));
    expect((await screen.findByTestId('asignacion-verificacion', {}, { timeout: 5000 })).textContent).toMatch(
      /^Coincide/,
    );
  });

  it('says what differs in a tampered acta', async () => {
    const a = acta();
    const cambiado = { ...a, resultados: a.resultados.map((r, i) => (i === 0 ? { ...r, escuela: null } : r)) };
    if (a.resultados[0]!.escuela === null)
      cambiado.resultados[0] = { ...a.resultados[0]!, escuela: a.escuelas[0]!.codigo };
    vi.stubGlobal('fetch', () => Promise.resolve(respuesta(JSON.stringify(cambiado))));
    render(<VerificarAsignacionPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta publicada' }));
    const verdict = await screen.findByTestId('asignacion-verificacion', {}, { timeout: 5000 });
    expect(verdict.textContent).toMatch(/^No coincide: N° \d+: el acta dice/);
  });

  it('shows the server’s message when there is no acta yet', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(respuesta(JSON.stringify({ message: 'Todavía no hay una asignación publicada.' }), 404)),
    );
    render(<VerificarAsignacionPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta publicada' }));
    expect((await screen.findByTestId('asignacion-verificacion')).textContent).toBe(
      'Todavía no hay una asignación publicada.',
    );
  });

  it('replays a pasted acta, and refuses text that is not JSON', async () => {
    render(<VerificarAsignacionPage />);
    const box = screen.getByLabelText('Contenido del acta');
    fireEvent.change(box, { target: { value: '{no es json' } });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta pegada' }));
    expect((await screen.findByTestId('asignacion-verificacion')).textContent).toBe(
      'No coincide: El archivo no es un acta de asignación válida: no es JSON.',
    );
    fireEvent.change(box, { target: { value: JSON.stringify(acta()) } });
    await userEvent.click(screen.getByRole('button', { name: 'Verificar el acta pegada' }));
    expect((await screen.findByText(/^Coincide\./, {}, { timeout: 5000 })).textContent).toContain('postulaciones');
  });

  it('replays a chosen file', async () => {
    render(<VerificarAsignacionPage />);
    const file = new File([JSON.stringify(acta())], 'acta.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('Archivo del acta'), file);
    expect((await screen.findByText(/^Coincide\./, {}, { timeout: 5000 })).textContent).toContain('niños');
  });
});
