import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import Button from 'react-bootstrap/Button';
import { LIST_ACTIONS, type ListAction } from './list-actions.ts';

const action = (key: ListAction['key']) => LIST_ACTIONS.find((a) => a.key === key)!;

/**
 * What an administrator can do with the selected rows: export them to Excel, or print
 * them (the PDF masivo of the selection). The count is announced as it changes.
 */
export function SelectionBar({
  count,
  busy,
  onExport,
  onClear,
}: {
  count: number;
  busy: boolean;
  onExport: (action: ListAction) => void;
  onClear: () => void;
}) {
  return (
    <div className="inscriptos-selection mb-2">
      <span role="status" className="fw-semibold">
        {count ? INSCRIPTO_MSG.selected(count) : ''}
      </span>
      {count > 0 && (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => onExport(action('excel'))}>
            {INSCRIPTO_MSG.exportSelection}
          </Button>
          <Button size="sm" variant="outline-primary" disabled={busy} onClick={() => onExport(action('pdfAll'))}>
            {INSCRIPTO_MSG.printSelection}
          </Button>
          <Button size="sm" variant="link" onClick={onClear}>
            {INSCRIPTO_MSG.clearSelection}
          </Button>
        </div>
      )}
    </div>
  );
}
