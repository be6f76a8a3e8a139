// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ciCheckDigit } from '@inscripciones/shared/inscriptos/ci.ts';
import { CiField } from './ci-field.tsx';
import { FormHarness, readValues } from '../../test/test-harness.tsx';
import type { FormUi } from './form-ui.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

afterEach(cleanup);

const validCi = (first7: string) => `${first7}${ciCheckDigit(first7)}`;

function setup(ui: Partial<FormUi> = {}) {
  render(
    <FormHarness ui={ui}>
      <CiField name="ci" main />
    </FormHarness>,
  );
  return {
    input: screen.getByLabelText('Cédula de Identidad') as HTMLInputElement,
    values: () => readValues(screen.getByTestId('valores')),
  };
}

describe('CiField', () => {
  it('formats the digits as X.XXX.XXX-X while typing and keeps the bare digits in the form', async () => {
    const { input, values } = setup();
    await userEvent.type(input, '4567');
    expect(input.value).toBe('4.567');
    await userEvent.type(input, '8901');
    expect(input.value).toBe('4.567.890-1');
    expect(values().ci).toBe('45678901');
  });

  it('keeps digits only, at most 8', async () => {
    const { input, values } = setup();
    await userEvent.type(input, '6a.5b4-3 2109876');
    expect(input.value).toBe('6.543.210-9');
    expect(values().ci).toBe('65432109');
  });

  it('shows the hint and "Cédula válida ✓" for a valid CI', async () => {
    const { input } = setup();
    expect(screen.getByText(INSCRIPTO_MSG.ciHint)).toBeTruthy();
    await userEvent.type(input, validCi('6543210'));
    expect(screen.getByText(INSCRIPTO_MSG.ciValid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText(INSCRIPTO_MSG.ciCheckDigit)).toBeNull();
  });

  it('reports a CI below 6.000.000 as an error', async () => {
    const { input } = setup();
    await userEvent.type(input, validCi('5999999'));
    expect(screen.getByRole('alert').textContent).toBe(INSCRIPTO_MSG.ciMinimum);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(INSCRIPTO_MSG.ciValid)).toBeNull();
  });

  it('reports an unfinished CI once the field is left', async () => {
    const { input } = setup();
    await userEvent.type(input, '654');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(INSCRIPTO_MSG.ciLength);
  });

  it('a wrong check digit is a note, not an error', async () => {
    const first7 = '6543210';
    const wrong = (ciCheckDigit(first7) + 1) % 10;
    const { input } = setup();
    await userEvent.type(input, `${first7}${wrong}`);
    expect(screen.getByText(INSCRIPTO_MSG.ciCheckDigit)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    // One state at a time: never "válida" next to the check-digit note.
    expect(screen.queryByText(INSCRIPTO_MSG.ciValid)).toBeNull();
    expect(input.classList.contains('is-valid')).toBe(false);
  });

  it('shows the duplicate message of the check instead of the valid mark', async () => {
    const duplicate = INSCRIPTO_MSG.ciDuplicate('Joaquín', 'Núñez');
    const { input } = setup({ ciCheck: { duplicate, anteriores: [], checking: false } });
    await userEvent.type(input, validCi('6543210'));
    expect(screen.getByRole('alert').textContent).toBe(duplicate);
    expect(screen.queryByText(INSCRIPTO_MSG.ciValid)).toBeNull();
  });

  it('reports an enrolment in an earlier cycle as information: the CI stays valid', async () => {
    const info = 'Ya se inscribió en Ingresos 2026 (N° 12)';
    const { input } = setup({ ciCheck: { duplicate: null, anteriores: [info], checking: false } });
    await userEvent.type(input, validCi('6543211'));
    expect(screen.getByText(info)).toBeTruthy();
    expect(screen.getByText(INSCRIPTO_MSG.ciValid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toContain('anteriores');
  });
});
