import Spinner from 'react-bootstrap/Spinner';

/** A button's label while its call runs. */
export function Busy({ label }: { label: string }) {
  return (
    <>
      <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
      {label}
    </>
  );
}
