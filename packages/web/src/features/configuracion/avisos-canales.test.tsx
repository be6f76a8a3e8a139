// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { AvisosCanales } from './avisos-canales.tsx';

/** Configuración says when the messages to the families cannot go out (decision 0029). */
function renderWith(canales: { email: boolean; telefono: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(canales), { headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AvisosCanales />
      <p>fin</p>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the notice of the messages’ channels', () => {
  it('names what is missing', async () => {
    renderWith({ email: false, telefono: true });
    const texto = AVISO_MSG.sinCanales({ email: false, telefono: true })!;
    expect(texto).toContain('SMTP_URL');
    expect(await screen.findByText(texto)).toBeTruthy();
  });

  it('says nothing when both channels are configured', async () => {
    renderWith({ email: true, telefono: true });
    await screen.findByText('fin');
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelector('.alert')).toBeNull();
  });
});
