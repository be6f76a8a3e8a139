// @vitest-environment happy-dom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_LABELS } from '@inscripciones/shared/inscriptos/fields.ts';
import type { FormValues } from '../form-values.ts';
import { FormHarness, readValues } from '../../../test/test-harness.tsx';
import { SectionHogar } from './section-hogar.tsx';

afterEach(cleanup);

/** Section 4 behind a toggle, as the accordion mounts it only while open. */
function Harness({ initial }: { initial: Partial<FormValues> }) {
  const [open, setOpen] = useState(false);
  return (
    <FormHarness initial={initial}>
      <button type="button" onClick={() => setOpen(!open)}>
        Sección 4
      </button>
      {open && <SectionHogar />}
    </FormHarness>
  );
}

const values = () => readValues(screen.getByTestId('valores'));
const toggle = () => userEvent.click(screen.getByRole('button', { name: 'Sección 4' }));

describe('household auto-tick from parentesco', () => {
  it('ticks the matching member when section 4 first opens, and only once', async () => {
    render(<Harness initial={{ parentesco: 'madre' }} />);
    expect(values().madre).toBe(false);

    await toggle();
    const madre = screen.getByLabelText(FIELD_LABELS.madre!) as HTMLInputElement;
    expect(madre.checked).toBe(true);
    expect(values().madre).toBe(true);

    // The user unticks it; closing and opening the section again does not tick it back.
    await userEvent.click(madre);
    await toggle();
    await toggle();
    expect((screen.getByLabelText(FIELD_LABELS.madre!) as HTMLInputElement).checked).toBe(false);
    expect(values().madre).toBe(false);
  });

  it('abuelo counts one grandfather', async () => {
    render(<Harness initial={{ parentesco: 'abuelo' }} />);
    await toggle();
    expect((screen.getByLabelText(FIELD_LABELS.abuelos!) as HTMLSelectElement).value).toBe('1');
    expect(values()).toMatchObject({ abuelos: '1', madre: false, padre: false });
  });

  it('leaves the household alone when a member is already set', async () => {
    render(<Harness initial={{ parentesco: 'madre', padre: true }} />);
    await toggle();
    expect(values()).toMatchObject({ madre: false, padre: true });
  });

  it('does nothing without a parentesco', async () => {
    render(<Harness initial={{}} />);
    await toggle();
    expect(values()).toMatchObject({ madre: false, padre: false, abuelos: '', otrosAdultos: '' });
  });
});
