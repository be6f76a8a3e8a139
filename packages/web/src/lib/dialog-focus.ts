/**
 * A dialog's `onEntered`: once its opening transition ends, focus moves to its first control (WAI-ARIA dialog
 * pattern) — unless the user is already in one of its controls. The transition can end after a quick typist (or
 * a browser's autofill) has moved on; taking the focus back then sends the next keys into the wrong field.
 */
export function focusWhenEntered(focus: () => void) {
  return (dialog: HTMLElement) => {
    const active = dialog.ownerDocument.activeElement;
    const userMoved = active instanceof HTMLElement && active !== dialog && dialog.contains(active);
    if (!userMoved || !active.matches('input, select, textarea, button, a[href]')) focus();
  };
}
