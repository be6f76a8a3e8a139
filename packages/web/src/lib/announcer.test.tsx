// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ANNOUNCE_MS, ANNOUNCER_ID, AnnouncerProvider, useAnnounce } from './announcer.tsx';
import { TimedAlert } from './timed-alert.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

let say: (text: string) => void = () => undefined;
function Speaker() {
  say = useAnnounce();
  return null;
}

const region = () => document.getElementById(ANNOUNCER_ID)!;

describe('the live region of the logged-in pages', () => {
  it('is there, polite and empty, before anything is said; then says the message and empties itself', () => {
    vi.useFakeTimers();
    render(
      <AnnouncerProvider>
        <Speaker />
      </AnnouncerProvider>,
    );
    expect(region().getAttribute('aria-live')).toBe('polite');
    expect(region().getAttribute('role')).toBe('status');
    expect(region().textContent).toBe('');

    act(() => say('Sección guardada correctamente'));
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(region().textContent).toBe('Sección guardada correctamente');
    act(() => {
      vi.advanceTimersByTime(ANNOUNCE_MS);
    });
    expect(region().textContent).toBe('');
  });

  it('says the same message twice in a row: emptied first, so the change is heard again', () => {
    vi.useFakeTimers();
    render(
      <AnnouncerProvider>
        <Speaker />
      </AnnouncerProvider>,
    );
    act(() => say('Sección guardada correctamente'));
    act(() => {
      vi.advanceTimersByTime(60);
    });
    act(() => say('Sección guardada correctamente'));
    expect(region().textContent).toBe('');
    act(() => {
      vi.advanceTimersByTime(60);
    });
    expect(region().textContent).toBe('Sección guardada correctamente');
  });

  it('outside a provider, saying something does nothing', () => {
    render(<Speaker />);
    expect(() => say('nada')).not.toThrow();
  });
});

describe('TimedAlert', () => {
  it('a quiet alert (already announced) is shown without a live role', () => {
    render(
      <TimedAlert alert={{ variant: 'success', text: 'Guardado', id: 1, quiet: true }} onClose={() => undefined} />,
    );
    expect(screen.getByText('Guardado').closest('[role]')).toBeNull();
  });

  it('a success is a status, a danger an alert', () => {
    render(
      <>
        <TimedAlert alert={{ variant: 'success', text: 'Bien', id: 1 }} onClose={() => undefined} />
        <TimedAlert alert={{ variant: 'danger', text: 'Mal', id: 2 }} onClose={() => undefined} />
      </>,
    );
    expect(screen.getByRole('status').textContent).toContain('Bien');
    expect(screen.getByRole('alert').textContent).toContain('Mal');
  });
});
