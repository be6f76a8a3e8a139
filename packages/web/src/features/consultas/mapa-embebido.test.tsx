// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MapaEmbebido } from './mapa-embebido.tsx';

// happy-dom does not load frames and says so on the console for each one: expected here.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const URL_MAPA = 'https://www.google.com/maps/d/embed?mid=1AbC';

function renderMapa(url: string, puedeConfigurar = false) {
  return render(
    <MemoryRouter>
      <MapaEmbebido url={url} titulo="Mapa de límites de la zona" puedeConfigurar={puedeConfigurar} />
    </MemoryRouter>,
  );
}

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('MapaEmbebido', () => {
  it('frames a configured map, sandboxed, with a link to open it apart', () => {
    const { container } = renderMapa(URL_MAPA);
    const frame = screen.getByTitle('Mapa de límites de la zona');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(URL_MAPA);
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(screen.getByRole('link', { name: /Abrilo en una pestaña nueva/ }).getAttribute('href')).toBe(URL_MAPA);
    expect(container.querySelector('[role="status"]')).toBeNull();
  });

  it('shows a notice instead of a frame when no address is configured, with the settings link for administrators', () => {
    const { container, unmount } = renderMapa('');
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Mapa no disponible');
    expect(screen.getByRole('status').textContent).toContain('Pedile a un administrador que lo configure.');
    unmount();
    renderMapa('', true);
    expect(screen.getByRole('link', { name: /Configuración/ }).getAttribute('href')).toBe('/admin/configuracion');
  });

  it('gives way to a notice while the browser is offline and comes back with the connection', () => {
    const { container } = renderMapa(URL_MAPA);
    setOnline(false);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Sin conexión a internet');
    setOnline(true);
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('asks to reload when the page’s CSP refused to frame the map', () => {
    const { container } = renderMapa(URL_MAPA);
    act(() => {
      const event = new Event('securitypolicyviolation') as Event & Record<string, string>;
      Object.assign(event, { effectiveDirective: 'frame-src', violatedDirective: 'frame-src', blockedURI: URL_MAPA });
      document.dispatchEvent(event);
    });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('El mapa cambió');
    expect(screen.getByRole('button', { name: 'Recargar la página' })).toBeTruthy();
  });
});
