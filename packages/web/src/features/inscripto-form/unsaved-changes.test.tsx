// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { hasUnsavedChanges, leavesForm, snapshotOf } from './unsaved-changes.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';

afterEach(cleanup);

describe('unsaved changes', () => {
  it('compares payloads whatever their key order, and sees any typed difference', () => {
    const saved = snapshotOf({ nombre1: 'Ana', hermanos: [{ ci: '1', nombre: 'Leo' }] });
    expect(hasUnsavedChanges(saved, { hermanos: [{ nombre: 'Leo', ci: '1' }], nombre1: 'Ana' })).toBe(false);
    expect(hasUnsavedChanges(saved, { nombre1: 'Ana ', hermanos: [{ ci: '1', nombre: 'Leo' }] })).toBe(true);
    expect(hasUnsavedChanges(saved, { nombre1: 'Ana', hermanos: [] })).toBe(true);
  });

  it('a navigation leaves the form only when the path changes', () => {
    expect(leavesForm({ pathname: '/inscriptos/nuevo' }, { pathname: '/inscriptos' })).toBe(true);
    expect(leavesForm({ pathname: '/inscriptos/a' }, { pathname: '/inscriptos/a' })).toBe(false);
  });
});

/** A one-field "form" behind the guard, with a save button, inside a real data router. */
function Editor() {
  const [nombre, setNombre] = useState('');
  const guard = useUnsavedGuard(() => ({ nombre }), true);
  return (
    <>
      <label>
        Nombre
        <input value={nombre} onChange={(e) => setNombre(e.target.value)} />
      </label>
      <button type="button" onClick={() => guard.markSaved({ nombre })}>
        Guardar
      </button>
      <Link to="/inscriptos">Salir</Link>
      {guard.asking && (
        <div role="dialog">
          <button type="button" onClick={guard.stay}>
            Seguir
          </button>
          <button type="button" onClick={guard.leave}>
            Descartar
          </button>
        </div>
      )}
    </>
  );
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/inscriptos/nuevo', element: <Editor /> },
      { path: '/inscriptos', element: <h1>Listado</h1> },
    ],
    { initialEntries: ['/inscriptos/nuevo'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUnsavedGuard', () => {
  it('leaves at once when nothing was typed', async () => {
    const router = setup();
    await userEvent.click(screen.getByRole('link', { name: 'Salir' }));
    expect(router.state.location.pathname).toBe('/inscriptos');
  });

  it('holds a navigation with typed data until the user answers: stay keeps the data, leave goes', async () => {
    const router = setup();
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    await userEvent.click(screen.getByRole('link', { name: 'Salir' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/inscriptos/nuevo');

    await userEvent.click(screen.getByRole('button', { name: 'Seguir' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Ana');

    await userEvent.click(screen.getByRole('link', { name: 'Salir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(router.state.location.pathname).toBe('/inscriptos');
  });

  it('does not ask once the typed data is saved, and asks the browser on unload only while data is unsaved', async () => {
    const router = setup();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(screen.getByLabelText('Nombre'), 'Ana');
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(unload()).toBe(false);
    await act(() => router.navigate('/inscriptos'));
    expect(router.state.location.pathname).toBe('/inscriptos');
  });
});
