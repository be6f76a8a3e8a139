import Alert from 'react-bootstrap/Alert';

/** The padlock of read-only notices and rows. */
function LockIcon() {
  return (
    <svg
      className="inscriptos-lock"
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M8 1a3 3 0 0 0-3 3v3H4a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1h-1V4a3 3 0 0 0-3-3Zm-2 6V4a2 2 0 1 1 4 0v3H6Z" />
    </svg>
  );
}

/** A read-only notice with its padlock. */
export function LockNotice({ variant, text }: { variant: 'warning' | 'info'; text: string }) {
  return (
    <Alert variant={variant} className="d-flex align-items-center gap-2">
      <LockIcon />
      <span>{text}</span>
    </Alert>
  );
}
