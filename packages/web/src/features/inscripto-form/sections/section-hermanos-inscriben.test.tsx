// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import { FormHarness, readValues } from '../../../test/test-harness.tsx';
import { SectionHermanosInscriben } from './section-hermanos-inscriben.tsx';

afterEach(cleanup);

const cantidad = () => screen.getByLabelText(FIELD_LABELS.cantidadHermanosInscriben!);
const names = () => screen.queryAllByLabelText(/^Nombre completo del hermano \d$/) as HTMLInputElement[];

describe('Hermanos que se inscriben', () => {
  it('shows as many rows as the number chosen and keeps the entries already typed', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness>
        <SectionHermanosInscriben />
      </FormHarness>,
    );
    expect(names()).toHaveLength(0);

    await user.selectOptions(cantidad(), '2');
    expect(names()).toHaveLength(2);
    await user.type(names()[0]!, 'Martina Píriz');
    await user.type(names()[1]!, 'Tomás Píriz');

    await user.selectOptions(cantidad(), '3');
    expect(names().map((i) => i.value)).toEqual(['Martina Píriz', 'Tomás Píriz', '']);

    await user.selectOptions(cantidad(), '1');
    expect(names().map((i) => i.value)).toEqual(['Martina Píriz']);

    // Growing again brings back what was typed before.
    await user.selectOptions(cantidad(), '2');
    expect(names().map((i) => i.value)).toEqual(['Martina Píriz', 'Tomás Píriz']);
  });

  it('opens with the rows of a stored record, padded to the number enrolling', () => {
    render(
      <FormHarness
        initial={{
          cantidadHermanosInscriben: '2',
          hermanosInscriben: [
            { nombre: 'Lucía Núñez', nivel: 'Inicial', ci: '', sexo: 'F' },
            { nombre: '', nivel: '', ci: '', sexo: '' },
          ],
        }}
      >
        <SectionHermanosInscriben />
      </FormHarness>,
    );
    expect(names().map((i) => i.value)).toEqual(['Lucía Núñez', '']);
    expect(readValues(screen.getByTestId('valores')).hermanosInscriben).toHaveLength(2);
  });
});
