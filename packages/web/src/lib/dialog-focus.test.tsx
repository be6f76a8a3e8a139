// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { focusWhenEntered } from './dialog-focus.ts';

afterEach(cleanup);

function renderDialog() {
  render(
    <div role="dialog" tabIndex={-1} aria-label="Nuevo Usuario">
      <label>
        Usuario <input />
      </label>
      <label>
        Email <input />
      </label>
    </div>,
  );
  const dialog = screen.getByRole('dialog');
  const entered = focusWhenEntered(() => screen.getByLabelText('Usuario').focus());
  return { dialog, entered };
}

describe('the first field of a dialog takes the focus when it has opened', () => {
  it('when focus is still on the dialog itself, or outside it', () => {
    const { dialog, entered } = renderDialog();
    dialog.focus();
    entered(dialog);
    expect(document.activeElement).toBe(screen.getByLabelText('Usuario'));

    (document.activeElement as HTMLElement).blur();
    entered(dialog);
    expect(document.activeElement).toBe(screen.getByLabelText('Usuario'));
  });

  it('but not from a field the user is already typing in', () => {
    const { dialog, entered } = renderDialog();
    const email = screen.getByLabelText('Email');
    email.focus();
    entered(dialog);
    expect(document.activeElement).toBe(email);
  });
});
