// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FormHarness, readValues } from '../../test/test-harness.tsx';
import { PreferenciasField } from './preferencias-field.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(escuelas: { codigo: string; nombre: string }[], inicial?: string[]) {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(JSON.stringify({ anio: 2027, maxPreferencias: 5, escuelas }), {
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormHarness initial={inicial ? { preferencias: inicial } : {}}>
        <PreferenciasField />
      </FormHarness>
    </QueryClientProvider>,
  );
  return { values: () => readValues(screen.getByTestId('valores')) };
}

describe('PreferenciasField (staff form)', () => {
  it('binds the ranked schools to the form’s preferencias', async () => {
    const { values } = setup(
      [
        { codigo: 'norte', nombre: 'Escuela Norte' },
        { codigo: 'sur', nombre: 'Escuela Sur' },
      ],
      ['sur'],
    );
    await userEvent.selectOptions(await screen.findByLabelText('Agregar una escuela'), 'norte');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Subir Escuela Norte' }));
    expect(values().preferencias).toEqual(['norte', 'sur']);
  });

  it('is not shown in a network of one school', async () => {
    const { values } = setup([{ codigo: 'principal', nombre: 'Escuela Principal' }]);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('group', { name: 'Escuelas elegidas' })).toBeNull();
    expect(values().preferencias).toBeUndefined();
  });
});
