import { useCallback, useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { ALERT_MS } from '@inscripciones/shared/constants.ts';

export type AlertVariant = 'success' | 'danger' | 'warning' | 'info';

export interface AlertMessage {
  variant: AlertVariant;
  text: string;
  /** Distinguishes two equal messages shown one after the other, so each gets its full time. */
  id: number;
  /** Already said through the page's live region (announcer.tsx): shown only, not read a second time. */
  quiet?: boolean;
}

let nextId = 1;

/** A transient alert that closes by itself after `ms` (SPEC 9: ALERT_MS). */
export function useTimedAlert(ms: number = ALERT_MS) {
  const [alert, setAlert] = useState<AlertMessage | null>(null);

  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), ms);
    return () => window.clearTimeout(timer);
  }, [alert, ms]);

  const show = useCallback(
    (variant: AlertVariant, text: string, quiet = false) => setAlert({ variant, text, id: nextId++, quiet }),
    [],
  );
  const dismiss = useCallback(() => setAlert(null), []);

  return { alert, show, dismiss };
}

/**
 * Success and info are polite (role="status"); danger and warning interrupt (role="alert"); a quiet one has
 * no role (the announcer said it).
 */
export function TimedAlert({ alert, onClose }: { alert: AlertMessage | null; onClose: () => void }) {
  if (!alert) return null;
  const urgent = alert.variant === 'danger' || alert.variant === 'warning';
  return (
    <Alert
      key={alert.id}
      variant={alert.variant}
      role={alert.quiet ? undefined : urgent ? 'alert' : 'status'}
      dismissible
      closeLabel="Cerrar"
      onClose={onClose}
      transition={false}
    >
      {alert.text}
    </Alert>
  );
}
