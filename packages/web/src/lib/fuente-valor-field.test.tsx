// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rondaDespuesDe } from '@inscripciones/shared/sorteo/drand.ts';
import { FuenteField, fuenteDe, fuenteDraftInicial, type FuenteDraft } from './fuente-valor-field.tsx';

let last: FuenteDraft | null = null;
function Harness() {
  const [draft, setDraft] = useState(() => fuenteDraftInicial(new Date('2026-11-12T21:00:00Z')));
  last = draft;
  return <FuenteField draft={draft} onChange={setDraft} invalid disabled={false} />;
}

describe('the public value source field (docs/decisions/0027)', () => {
  afterEach(cleanup);

  it('declares three dice by default, a lottery draw with its numbers and digits, or a drand round', async () => {
    render(<Harness />);
    expect(fuenteDe(last!)).toEqual({ tipo: 'dados', cantidad: 3 });
    expect(screen.getByText('3 dados de seis caras, tirados en la sala')).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('Fuente del valor público'), 'loteria');
    expect(fuenteDe(last!)).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Completá la fuente del valor público.');
    await userEvent.type(screen.getByLabelText('Sorteo de lotería'), 'Quiniela nocturna');
    await userEvent.clear(screen.getByLabelText('Cantidad de números'));
    await userEvent.type(screen.getByLabelText('Cantidad de números'), '5');
    expect(fuenteDe(last!)).toEqual({ tipo: 'loteria', sorteo: 'Quiniela nocturna', cantidad: 5, cifras: 3 });

    await userEvent.selectOptions(screen.getByLabelText('Fuente del valor público'), 'drand');
    const fuente = fuenteDe(last!)!;
    expect(fuente).toMatchObject({ tipo: 'drand', ronda: rondaDespuesDe(new Date(last!.despuesDe).toISOString()) });
    expect(screen.getByText(`Ronda de drand: ${fuente.tipo === 'drand' ? fuente.ronda : ''}`)).toBeTruthy();
    expect((screen.getByLabelText('Primera ronda después de') as HTMLInputElement).value).toBe(last!.despuesDe);
  });
});
