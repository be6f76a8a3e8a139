// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { FormActions } from './form-actions.tsx';
import { readOnlyNotice } from './form-notices.tsx';

afterEach(cleanup);

function setup(readOnly: boolean) {
  const onCancel = vi.fn();
  render(
    <FormActions
      idPrefix="p"
      readOnly={readOnly}
      complete={false}
      busy={null}
      showPdf={false}
      pdfPending={false}
      exporting={false}
      onFinalize={() => undefined}
      onCancel={onCancel}
      onExportPdf={() => undefined}
    />,
  );
  return onCancel;
}

describe('the buttons under the form', () => {
  it('an editable form: Finalizar and Cancelar', () => {
    setup(false);
    expect(screen.getByRole('button', { name: INSCRIPTO_MSG.cancel })).toBeTruthy();
    expect(screen.getByRole('button', { name: INSCRIPTO_MSG.cannotFinalizeButton })).toBeTruthy();
  });

  it('a read-only form has nothing to cancel: "Volver" goes back, and there is no Finalizar', async () => {
    const onCancel = setup(true);
    expect(screen.queryByRole('button', { name: INSCRIPTO_MSG.cancel })).toBeNull();
    expect(screen.queryByRole('button', { name: /Finalizar|No se puede finalizar/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: INSCRIPTO_MSG.back }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('why a form is read-only', () => {
  it('speaks in voseo to a voluntario on a record that is not theirs (no "tienes" beside "podés")', () => {
    const text = readOnlyNotice(true, 'voluntario');
    expect(text).toBe(INSCRIPTO_MSG.notYoursNotice);
    expect(text).not.toMatch(/tienes/);
  });

  it('the guest gets the general notice, a closed cycle its own, an editable form none', () => {
    expect(readOnlyNotice(true, 'visitado')).toBe(INSCRIPTO_MSG.readOnlyNotice);
    expect(readOnlyNotice(true, 'voluntario', 'Ingresos 2026')).toMatch(/^Ingresos 2026 está cerrado/);
    expect(readOnlyNotice(false, 'voluntario')).toBeNull();
  });
});
