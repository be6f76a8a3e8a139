import type { Ref } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';

interface ConflictAlertProps {
  message: string;
  reloading: boolean;
  onReload: () => void;
  /** Absent in read-only mode (nothing typed to keep). */
  onBackup?: () => void;
  focusRef: Ref<HTMLDivElement>;
}

/** Someone else saved the record first: "Recargar" reads it again; the backup PDF keeps what was typed. */
export function ConflictAlert({ message, reloading, onReload, onBackup, focusRef }: ConflictAlertProps) {
  return (
    <div ref={focusRef} tabIndex={-1}>
      <Alert variant="danger" role="alert">
        <p className="mb-2">{message}</p>
        <div className="d-flex flex-wrap gap-2">
          <Button variant="danger" size="sm" onClick={onReload} disabled={reloading}>
            {reloading ? 'Recargando...' : 'Recargar'}
          </Button>
          {onBackup && (
            <Button variant="outline-dark" size="sm" onClick={onBackup}>
              {OUTBOX_MSG.backupPdf}
            </Button>
          )}
        </div>
      </Alert>
    </div>
  );
}
