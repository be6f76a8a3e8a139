// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AVISO_MSG } from '@inscripciones/shared/avisos/messages.ts';
import { BajaPage } from './baja-page.tsx';

/** The opt-out page (decision 0029): one button, then the confirmation that required messages still arrive. */
const T = 'e.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBB';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(search: string, routes: Record<string, () => Response>) {
  window.history.replaceState(null, '', `/avisos/baja${search}`);
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(`${key} ${typeof init?.body === 'string' ? init.body : ''}`.trim());
      return routes[key]?.() ?? json({ message: 'no' }, 404);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BajaPage />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the opt-out page', () => {
  it('stops informational messages with one button and says which ones still arrive', async () => {
    const calls = renderAt(`?t=${T}`, {
      [`GET /api/avisos/baja?t=${T}`]: () => json({ canal: 'telefono', dadoDeBaja: false }),
      'POST /api/avisos/baja': () => json({ canal: 'telefono', dadoDeBaja: true }),
    });
    expect(await screen.findByText(AVISO_MSG.bajaIntro('telefono'))).toBeTruthy();
    // Before the click too: what is needed to keep the place keeps coming.
    expect(screen.getByText(AVISO_MSG.bajaAntes)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: AVISO_MSG.bajaBoton }));
    const confirmada = await screen.findByRole('heading', { name: AVISO_MSG.bajaConfirmada('telefono') });
    expect(document.activeElement).toBe(confirmada);
    expect(screen.getByText(AVISO_MSG.bajaRequeridos)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toContain(`POST /api/avisos/baja ${JSON.stringify({ t: T })}`);
  });

  it('shows the confirmation at once for a destination that already opted out', async () => {
    renderAt(`?t=${T}`, { [`GET /api/avisos/baja?t=${T}`]: () => json({ canal: 'email', dadoDeBaja: true }) });
    expect(await screen.findByRole('heading', { name: AVISO_MSG.bajaConfirmada('email') })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains a link that is not valid, or that has no token', async () => {
    renderAt('?t=roto', {
      'GET /api/avisos/baja?t=roto': () => json({ message: AVISO_MSG.bajaEnlaceInvalido, code: 'VALIDATION' }, 400),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(AVISO_MSG.bajaEnlaceInvalido);
    cleanup();
    renderAt('', {});
    expect((await screen.findByRole('alert')).textContent).toBe(AVISO_MSG.bajaEnlaceInvalido);
  });
});
