import type { Ref } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { FinalizeWarning } from './use-finalize-warning.ts';
import { ErrorMarker } from '../../lib/error-marker.tsx';

/** Why "Finalizar" did not finalise; the wrapper is always there so the focus can land on it. */
export function FinalizeWarningAlert({
  warning,
  focusRef,
}: {
  warning: FinalizeWarning | null;
  focusRef: Ref<HTMLDivElement>;
}) {
  return (
    <div ref={focusRef} tabIndex={-1}>
      {warning && (
        <Alert variant="warning" role="alert">
          {warning.text}
          {warning.list && (
            <ul className="list-unstyled mb-0 mt-1">
              {warning.list.map((e) => (
                <li key={e}>
                  <ErrorMarker />
                  {e}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
    </div>
  );
}
