// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { FormValues } from '../form-values.ts';
import { FormHarness } from '../../../test/test-harness.tsx';
import { SectionTrayectoria } from './section-trayectoria.tsx';

afterEach(cleanup);

function setup(anioIngreso: number | null, initial: Partial<FormValues> = {}) {
  render(
    <FormHarness initial={initial} ui={{ anioIngreso }}>
      <SectionTrayectoria />
    </FormHarness>,
  );
}

describe('section 3, Trayectoria educativa', () => {
  it("names Educación Inicial with the year before the cycle's intake year", () => {
    setup(2027);
    expect(screen.getByRole('radiogroup', { name: 'Educación Inicial 2026' })).toBeTruthy();
    expect(screen.queryByText(/Educación Inicial 2024/)).toBeNull();
  });

  it("keeps SPEC 5's label while the cycle is not known", () => {
    setup(null);
    expect(screen.getByRole('radiogroup', { name: 'Educación Inicial 2024' })).toBeTruthy();
  });

  it('offers "Seleccioná una opción" on Último centro, the wording of every list of the form', () => {
    setup(2027);
    const select = screen.getByRole('combobox', { name: 'Último centro de estudios' }) as HTMLSelectElement;
    expect(select.options[0]!.text).toBe(INSCRIPTO_MSG.selectPlaceholder);
    expect(screen.queryByText('Seleccione')).toBeNull();
  });

  it('shows a stored "Seleccione" (empty for the rules) as the placeholder, keeping the value', () => {
    setup(2027, { ultimoCentro: 'Seleccione' });
    const select = screen.getByRole('combobox', { name: 'Último centro de estudios' }) as HTMLSelectElement;
    expect(select.value).toBe('Seleccione');
    expect(select.selectedOptions[0]!.text).toBe(INSCRIPTO_MSG.selectPlaceholder);
    expect([...select.options].filter((o) => o.text === 'Seleccione')).toHaveLength(0);
  });

  it('a read-only form asks nothing: an empty list says "Sin responder"', () => {
    render(
      <FormHarness ui={{ readOnly: true, anioIngreso: 2027 }}>
        <SectionTrayectoria />
      </FormHarness>,
    );
    const select = screen.getByRole('combobox', { name: 'Último centro de estudios' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]!.text).toBe(INSCRIPTO_MSG.noAnswer);
  });
});
