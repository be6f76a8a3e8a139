// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { ANNOUNCER_ID, AnnouncerProvider } from '../../lib/announcer.tsx';
import { ListNotices } from './list-notices.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup(readOnly: boolean, notice: string | null) {
  vi.useFakeTimers();
  render(
    <MemoryRouter initialEntries={[{ pathname: '/inscriptos', state: notice ? { notice } : null }]}>
      <AnnouncerProvider>
        <ListNotices cicloCerrado={null} readOnly={readOnly} />
      </AnnouncerProvider>
    </MemoryRouter>,
  );
  act(() => {
    vi.advanceTimersByTime(60);
  });
}

describe("the list's notices", () => {
  it('the guest sent back from /inscriptos/nuevo sees one notice, and hears why they are here', () => {
    setup(true, INSCRIPTO_MSG.createNotAllowed);
    expect(screen.getByText(INSCRIPTO_MSG.readOnlyNotice)).toBeTruthy();
    expect(document.querySelectorAll('.alert')).toHaveLength(1);
    expect(screen.queryByText(INSCRIPTO_MSG.createNotAllowed, { selector: '.alert, .alert *' })).toBeNull();
    expect(document.getElementById(ANNOUNCER_ID)!.textContent).toBe(INSCRIPTO_MSG.createNotAllowed);
  });

  it('the guest arriving normally: the standing notice only, nothing announced', () => {
    setup(true, null);
    expect(screen.getByText(INSCRIPTO_MSG.readOnlyNotice)).toBeTruthy();
    expect(document.getElementById(ANNOUNCER_ID)!.textContent).toBe('');
  });

  it('anyone else opened with a message sees it, closable', () => {
    setup(false, 'Un aviso');
    expect(screen.queryByText(INSCRIPTO_MSG.readOnlyNotice)).toBeNull();
    expect(screen.getByText('Un aviso')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy();
  });

  it('a closed cycle says so', () => {
    render(
      <MemoryRouter>
        <ListNotices cicloCerrado="Ingresos 2026" readOnly={false} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/^Ingresos 2026 está cerrado/)).toBeTruthy();
  });
});
