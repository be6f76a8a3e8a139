import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import type { TInscripto } from '@inscripciones/shared/inscriptos/api-schema.ts';
import {
  HERMANO_FIELD_LABELS,
  INSCRIPTO_FIELDS,
  SYSTEM_FIELD_LABELS,
} from '@inscripciones/shared/inscriptos/fields.ts';
import { optionLabel } from '@inscripciones/shared/inscriptos/field-options.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth-context.tsx';
import { TimedAlert, useTimedAlert } from '../../../lib/timed-alert.tsx';
import { downloadBackupPdf } from '../inscripto-api.ts';
import { inscriptoOutbox, useOutboxView } from './inscripto-outbox.ts';
import { OUTBOX_MSG } from './outbox-messages.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxItem } from './outbox-storage.ts';
import { duenoDeLaCola } from '../../../lib/escuela.ts';

/** "Valentina Núñez", from a queued body. */
function queuedName(payload: Readonly<Record<string, unknown>>): string {
  const parts = [payload.nombre1, payload.nombre2, payload.apellido1, payload.apellido2].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return parts.length ? parts.join(' ') : OUTBOX_MSG.unnamed;
}

function siblingText(row: unknown): string {
  if (!row || typeof row !== 'object') return '';
  return Object.entries(row as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${HERMANO_FIELD_LABELS[k] ?? k}: ${String(v)}`)
    .join(', ');
}

/** The queued data as label/value lines, in the form's order (what the user typed, readable). */
function describeQueued(payload: Readonly<Record<string, unknown>>): { label: string; value: string }[] {
  const lines: { label: string; value: string }[] = [];
  for (const { name, label } of INSCRIPTO_FIELDS) {
    const value = payload[name];
    if (value === undefined || value === null || value === '') continue;
    if (name === 'hermanosInscriben' || name === 'hermanosPrimaria') {
      if (!Array.isArray(value)) continue;
      value.forEach((row, i) => lines.push({ label: `${label} ${i + 1}`, value: siblingText(row) }));
      continue;
    }
    lines.push({ label, value: optionLabel(name, value) });
  }
  if (typeof payload.funcionario === 'string' && payload.funcionario) {
    lines.push({ label: SYSTEM_FIELD_LABELS.funcionario ?? 'funcionario', value: payload.funcionario });
  }
  return lines;
}

interface OutboxBannerProps {
  /** Tests pass their own; the page uses the browser's. */
  outbox?: Outbox<TInscripto>;
  downloadBackup?: (formData: Record<string, unknown>) => Promise<void>;
  /** False while the form shows the waiting count beside the open section (OutboxPending) instead. */
  showPending?: boolean;
}

/**
 * How many changes wait to be sent (a live count), with "Reintentar ahora". At the top of the page, or
 * inside the section being edited, so the user sees it where they work; never both.
 */
export function OutboxPending({ outbox = inscriptoOutbox() }: { outbox?: Outbox<TInscripto> }) {
  const { user } = useAuth();
  const view = useOutboxView(outbox, user ? duenoDeLaCola(user) : null);
  const count = view.pending.length;
  if (count === 0) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto" role="status">
        <p className="mb-1 fw-semibold">{OUTBOX_MSG.pending(count)}</p>
        <p className="mb-0 small">
          {OUTBOX_MSG.pendingHint}
          {!view.persistent && ` ${OUTBOX_MSG.notPersistent}`}
          {view.lastError && ` ${OUTBOX_MSG.lastError(view.lastError)}`}
        </p>
      </div>
      <Button size="sm" variant="outline-dark" onClick={() => outbox.retryNow()} disabled={view.sending}>
        {view.sending ? OUTBOX_MSG.sending : OUTBOX_MSG.retryNow}
      </Button>
    </div>
  );
}

/**
 * What waits in this browser's outbox for the logged-in user: how many changes are waiting to be sent
 * (OutboxPending), and each record whose queued change will not be sent as it is, with its data.
 */
export function OutboxBanner({
  outbox = inscriptoOutbox(),
  downloadBackup = downloadBackupPdf,
  showPending = true,
}: OutboxBannerProps) {
  const { user } = useAuth();
  const view = useOutboxView(outbox, user ? duenoDeLaCola(user) : null);
  const { alert, show, dismiss } = useTimedAlert();
  const count = view.pending.length;
  const previous = useRef(count);

  useEffect(() => {
    if (previous.current > 0 && count === 0 && view.blocked.length === 0) show('success', OUTBOX_MSG.allSent);
    previous.current = count;
  }, [count, view.blocked.length, show]);

  const groups = new Map<string, OutboxItem[]>();
  for (const item of view.blocked) groups.set(item.recordId, [...(groups.get(item.recordId) ?? []), item]);

  return (
    <div className="inscripto-outbox">
      {showPending && <OutboxPending outbox={outbox} />}
      <TimedAlert alert={alert} onClose={dismiss} />
      {user &&
        [...groups].map(([recordId, items]) => (
          <BlockedChange
            key={recordId}
            items={items}
            onRetry={() => void outbox.retryRejected(duenoDeLaCola(user), recordId)}
            onDiscard={() => void outbox.discard(duenoDeLaCola(user), recordId)}
            downloadBackup={downloadBackup}
          />
        ))}
    </div>
  );
}

interface BlockedChangeProps {
  /** The record's items that will not be sent, in order (the last one holds the latest data). */
  items: OutboxItem[];
  onRetry: () => void;
  onDiscard: () => void;
  downloadBackup: (formData: Record<string, unknown>) => Promise<void>;
}

function BlockedChange({ items, onRetry, onDiscard, downloadBackup }: BlockedChangeProps) {
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const conflict = first.status === 'conflict';
  const id = useId();
  const [showData, setShowData] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const onServer = first.kind === 'update';

  const backup = async () => {
    setBusy(true);
    setNote(null);
    try {
      await downloadBackup(last.payload);
      setNote({ ok: true, text: OUTBOX_MSG.backupPdfDone });
    } catch (error) {
      setNote({ ok: false, text: OUTBOX_MSG.backupPdfFailed(errorMessage(error, OUTBOX_MSG.rejectedDefault)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="alert alert-danger" aria-labelledby={`${id}-titulo`}>
      <div role="alert">
        <h2 id={`${id}-titulo`} className="h6">
          {OUTBOX_MSG.blockedTitle(queuedName(last.payload))}
        </h2>
        <p className="mb-1">{conflict ? OUTBOX_MSG.conflictExplain : OUTBOX_MSG.rejectedExplain}</p>
        {first.message && <p className="mb-1 small">{OUTBOX_MSG.serverSaid(first.message)}</p>}
      </div>
      <p className="mb-2 small">
        {OUTBOX_MSG.changesCount(items.length)}: {items.map((i) => OUTBOX_MSG.sectionOf(i.section)).join(', ')}
      </p>
      <div className="d-flex flex-wrap gap-2">
        <Button size="sm" variant="danger" onClick={() => void backup()} disabled={busy}>
          {OUTBOX_MSG.backupPdf}
        </Button>
        <Button
          size="sm"
          variant="outline-dark"
          aria-expanded={showData}
          aria-controls={`${id}-datos`}
          onClick={() => setShowData((v) => !v)}
        >
          {showData ? OUTBOX_MSG.hideData : OUTBOX_MSG.showData}
        </Button>
        {onServer && (
          <Link className="btn btn-sm btn-outline-dark" to={`/inscriptos/${encodeURIComponent(first.recordId)}`}>
            {OUTBOX_MSG.open}
          </Link>
        )}
        {!conflict && (
          <Button size="sm" variant="outline-dark" onClick={onRetry}>
            {OUTBOX_MSG.retry}
          </Button>
        )}
        {!confirming && (
          <Button size="sm" variant="outline-dark" onClick={() => setConfirming(true)}>
            {OUTBOX_MSG.discard}
          </Button>
        )}
      </div>
      {confirming && (
        <div className="mt-2 d-flex flex-wrap align-items-center gap-2">
          <span>{OUTBOX_MSG.discardQuestion}</span>
          <Button size="sm" variant="dark" onClick={onDiscard}>
            {OUTBOX_MSG.discardConfirm}
          </Button>
          <Button size="sm" variant="outline-dark" onClick={() => setConfirming(false)}>
            {OUTBOX_MSG.discardCancel}
          </Button>
        </div>
      )}
      {note && (
        <p className={`mt-2 mb-0 small ${note.ok ? '' : 'fw-semibold'}`} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      <div id={`${id}-datos`} hidden={!showData}>
        {showData && (
          <dl className="row small mt-2 mb-0 bg-body text-body rounded p-2">
            {describeQueued(last.payload).map(({ label, value }, i) => (
              <div key={i} className="col-12 d-flex gap-2">
                <dt className="fw-semibold">{label}:</dt>
                <dd className="mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </section>
  );
}
