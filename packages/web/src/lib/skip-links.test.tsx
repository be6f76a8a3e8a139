// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SkipLinks, useSkipLink } from './skip-links.tsx';

afterEach(cleanup);

function FormPage() {
  useSkipLink({
    id: 'campos',
    label: 'Ir al primer campo del formulario',
    find: () => document.getElementById('campos')?.querySelector('input') ?? null,
  });
  return (
    <div id="campos">
      <input aria-label="Primer Nombre" />
    </div>
  );
}

function Shell({ children }: { children?: React.ReactNode }) {
  return (
    <SkipLinks mainId="principal">
      <nav>
        {Array.from({ length: 12 }, (_, i) => (
          <a key={i} href={`/enlace-${i}`}>
            Enlace {i}
          </a>
        ))}
      </nav>
      <main id="principal" tabIndex={-1}>
        {children}
      </main>
    </SkipLinks>
  );
}

describe('skip links', () => {
  it("the page's own comes second, before the sidebar, and reaches the first field in two Tab presses", async () => {
    render(
      <Shell>
        <FormPage />
      </Shell>,
    );
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Saltar al contenido principal');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Ir al primer campo del formulario');
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('Primer Nombre'));
    // The address is not changed (a "#…" would be a navigation for the router).
    expect(window.location.hash).toBe('');
  });

  it('without a page link there is only the general one, which focuses the main content', async () => {
    render(<Shell />);
    expect(screen.getAllByRole('link', { name: /^(Saltar|Ir) / })).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Saltar al contenido principal' }));
    expect(document.activeElement?.id).toBe('principal');
  });

  it('the page link goes when the page does', () => {
    const { rerender } = render(
      <Shell>
        <FormPage />
      </Shell>,
    );
    expect(screen.getByRole('link', { name: 'Ir al primer campo del formulario' })).toBeTruthy();
    rerender(<Shell />);
    expect(screen.queryByRole('link', { name: 'Ir al primer campo del formulario' })).toBeNull();
  });
});
