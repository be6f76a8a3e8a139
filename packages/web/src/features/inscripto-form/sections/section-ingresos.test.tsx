// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import type { FormValues } from '../form-values.ts';
import { FormHarness, readValues } from '../../../test/test-harness.tsx';
import { SectionIngresos } from './section-ingresos.tsx';

afterEach(cleanup);

function setup(initial: Partial<FormValues>) {
  render(
    <FormHarness initial={initial}>
      <SectionIngresos />
    </FormHarness>,
  );
  return screen.getByLabelText(FIELD_LABELS.ingresosAclarar!) as HTMLInputElement;
}

const stratum = () => screen.getByText(/Estrato socioeconómico/).textContent;
const conditional = () => screen.queryByText(INSCRIPTO_MSG.conditional);

describe('stratum and conditional enrolment', () => {
  it('income below the threshold of the household size: BAJO and conditional', async () => {
    const income = setup({ totalIntegrantesHogar: '3' });
    expect(stratum()).toContain('NORMAL');
    expect(conditional()).toBeNull();

    await userEvent.type(income, '40.000');
    expect(stratum()).toContain('BAJO');
    expect(conditional()).not.toBeNull();
  });

  it('income at or above the threshold: NORMAL; a social benefit makes it conditional', async () => {
    const income = setup({ totalIntegrantesHogar: '3' });
    await userEvent.type(income, '60000');
    expect(stratum()).toContain('NORMAL');
    expect(conditional()).toBeNull();

    await userEvent.click(screen.getByLabelText(FIELD_LABELS.planEquidad!));
    expect(stratum()).toContain('NORMAL');
    expect(conditional()).not.toBeNull();
  });

  it('a tolerance zone makes it conditional; 7 or more members are always NORMAL', () => {
    setup({ zonaTolerancia: 'Sí', totalIntegrantesHogar: 'masde7', ingresosAclarar: '1000' });
    expect(stratum()).toContain('NORMAL');
    expect(conditional()).not.toBeNull();
  });

  it('the income keeps digits and dot only', async () => {
    const income = setup({});
    await userEvent.type(income, '$ 25.000,50 pesos');
    expect(income.value).toBe('25.00050');
    expect(readValues(screen.getByTestId('valores')).ingresosAclarar).toBe('25.00050');
  });
});
