import { TimedAlert, type AlertMessage } from '../../lib/timed-alert.tsx';
import { ConflictAlert } from './conflict-alert.tsx';
import type { useConflict } from './use-conflict.ts';

/** The form's transient message and the conflict alert, kept in sight at the top while the user scrolls. */
export function FormFlash(props: {
  alert: AlertMessage | null;
  onClose: () => void;
  conflict: ReturnType<typeof useConflict>;
  /** The backup PDF of what was typed (absent in read-only mode). */
  onBackup?: () => void;
}) {
  const { conflict } = props;
  return (
    <div className="inscripto-form__flash">
      <TimedAlert alert={props.alert} onClose={props.onClose} />
      {conflict.conflict && (
        <ConflictAlert
          message={conflict.conflict}
          reloading={conflict.reloading}
          onReload={() => void conflict.reload()}
          onBackup={props.onBackup}
          focusRef={conflict.ref}
        />
      )}
    </div>
  );
}
