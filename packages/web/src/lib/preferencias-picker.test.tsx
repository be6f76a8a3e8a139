// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PreferenciasPicker, type OpcionEscuela } from './preferencias-picker.tsx';

afterEach(cleanup);

const ESCUELAS: OpcionEscuela[] = [
  { codigo: 'A', nombre: 'Escuela Artigas' },
  { codigo: 'B', nombre: 'Escuela Bolivia' },
  { codigo: 'C', nombre: 'Escuela Canelones' },
];

function setup(inicial: string[] = [], max = 5) {
  const cambios: string[][] = [];
  function Harness() {
    const [value, setValue] = useState(inicial);
    return (
      <PreferenciasPicker
        id="pref"
        escuelas={ESCUELAS}
        value={value}
        max={max}
        onChange={(v) => {
          cambios.push(v);
          setValue(v);
        }}
      />
    );
  }
  render(<Harness />);
  const orden = () =>
    within(screen.queryByRole('list') ?? document.createElement('ol'))
      .queryAllByRole('listitem')
      .map((li) => /\((\w+)\)/.exec(li.textContent ?? '')?.[1]);
  return { cambios, orden };
}

describe('PreferenciasPicker', () => {
  it('adds schools in order from the select, each once', async () => {
    const { orden } = setup();
    expect(screen.getByRole('group', { name: 'Escuelas elegidas' })).toBeTruthy();
    expect(screen.getByText('Todavía no elegiste ninguna escuela.')).toBeTruthy();
    const select = screen.getByLabelText('Agregar una escuela');
    await userEvent.selectOptions(select, 'B');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    await userEvent.selectOptions(select, 'A');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar' }));
    expect(orden()).toEqual(['B', 'A']);
    // Chosen schools leave the select.
    expect(within(select).queryByRole('option', { name: /Bolivia/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Escuela Artigas agregada como opción 2.');
  });

  it('moves a school up and down with its buttons, which name it, and keeps the focus on it', async () => {
    const { orden } = setup(['A', 'B', 'C']);
    expect((screen.getByRole('button', { name: 'Subir Escuela Artigas' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Bajar Escuela Canelones' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Subir Escuela Canelones' }));
    expect(orden()).toEqual(['A', 'C', 'B']);
    expect(screen.getByRole('status').textContent).toBe('Escuela Canelones ahora es la opción 2.');
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Subir Escuela Canelones' }));
    // The keyboard: Enter on the focused button moves it again; at the top the focus goes to its "Bajar".
    await userEvent.keyboard('{Enter}');
    expect(orden()).toEqual(['C', 'A', 'B']);
    await new Promise((r) => requestAnimationFrame(r));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bajar Escuela Canelones' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bajar Escuela Artigas' }));
    expect(orden()).toEqual(['C', 'B', 'A']);
  });

  it('removes a school, which goes back to the select', async () => {
    const { orden, cambios } = setup(['A', 'B']);
    await userEvent.click(screen.getByRole('button', { name: 'Quitar Escuela Artigas' }));
    expect(orden()).toEqual(['B']);
    expect(cambios.at(-1)).toEqual(['B']);
    expect(within(screen.getByLabelText('Agregar una escuela')).getByRole('option', { name: /Artigas/ })).toBeTruthy();
  });

  it('stops at the network’s N and says so', () => {
    setup(['A', 'B'], 2);
    expect(screen.queryByLabelText('Agregar una escuela')).toBeNull();
    expect(screen.getByText(/Ya elegiste 2 escuelas, el máximo de la red/)).toBeTruthy();
  });

  it('reads each school with its place in the list', () => {
    setup(['B', 'A']);
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Opción 1:');
    expect(items[1]!.textContent).toContain('Opción 2:');
  });
});
