// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PLANTILLAS_POR_DEFECTO } from '@inscripciones/shared/avisos/plantillas.ts';
import { AvisosTextos } from './avisos-textos.tsx';

/** Configuración › the messages' texts (decision 0029): a step's text, its placeholders, and the preview. */
function renderTextos() {
  const calls: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, body });
      const textos = method === 'PUT' ? (body as { textos: unknown }).textos : PLANTILLAS_POR_DEFECTO;
      const estado = { textos, porDefecto: PLANTILLAS_POR_DEFECTO, version: method === 'PUT' ? 1 : 0 };
      return new Response(JSON.stringify(estado), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AvisosTextos escuela="Escuela N° 7" />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the texts of the messages', () => {
  it('previews the offer with example data and the school, and lists the placeholders it may use', async () => {
    renderTextos();
    const texto = await screen.findByLabelText('Texto (correo y celular)');
    expect((texto as HTMLTextAreaElement).value).toBe(PLANTILLAS_POR_DEFECTO.oferta.texto);
    const vista = screen.getByRole('region', { name: 'Vista previa (con datos de ejemplo)' });
    expect(vista.textContent).toContain(
      'Escuela N° 7: hay un lugar para la inscripción N° 042 (A. P.). Para no perderlo, confirmalo antes del 12/12/2026 18:00, en la escuela o desde el enlace.',
    );
    expect(screen.getByText('{vence}')).toBeTruthy();
    expect(screen.queryByText('{posicion}')).toBeNull();
  });

  it('saves every text with the version read; the preview follows what is typed', async () => {
    const calls = renderTextos();
    const texto = await screen.findByLabelText('Texto (correo y celular)');
    fireEvent.change(texto, { target: { value: 'Lugar para la N° {numero} hasta el {vence}.' } });
    const vista = screen.getByRole('region', { name: 'Vista previa (con datos de ejemplo)' });
    expect(vista.textContent).toContain('Lugar para la N° 042 hasta el 12/12/2026 18:00.');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar textos' }));
    await screen.findByText('Textos guardados.');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      version: 0,
      textos: { oferta: { texto: 'Lugar para la N° {numero} hasta el {vence}.' } },
    });
  });
});
