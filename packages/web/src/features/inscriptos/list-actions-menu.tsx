import { useId, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Spinner from 'react-bootstrap/Spinner';
import { LIST_ACTIONS, type ListAction } from './list-actions.ts';
import { WithTooltip } from './with-tooltip.tsx';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/**
 * SPEC 2, administrators only: import and the four exports. An entry whose endpoint the server lacks is a
 * disabled item (aria-disabled, nothing happens on selection) that the arrow keys still reach, for its
 * tooltip. While a file is prepared the toggle shows a spinner and "Exportando...", and does not open: it
 * is aria-disabled rather than disabled, so the keyboard focus stays on it.
 */
export function ListActionsMenu({
  busy,
  onSelect,
  cerrado = false,
}: {
  busy: boolean;
  onSelect: (action: ListAction) => void;
  /** A closed admission cycle takes no import; its exports stay. */
  cerrado?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  if (busy && open) setOpen(false);
  return (
    <Dropdown align="end" show={open} onToggle={(next) => setOpen(next && !busy)}>
      <Dropdown.Toggle
        variant="outline-secondary"
        id={`acciones-${id}`}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        className={busy ? 'inscriptos-acciones--busy' : undefined}
      >
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {busy ? INSCRIPTO_MSG.exporting : INSCRIPTO_MSG.actions}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {LIST_ACTIONS.filter((action) => !(cerrado && action.key === 'import')).map((action) =>
          action.available ? (
            <Dropdown.Item key={action.key} as="button" type="button" onClick={() => onSelect(action)}>
              {action.label}
            </Dropdown.Item>
          ) : (
            <WithTooltip key={action.key} text={INSCRIPTO_MSG.unavailable} placement="left">
              <Dropdown.Item as="button" type="button" disabled className="app-unavailable">
                {action.label}
              </Dropdown.Item>
            </WithTooltip>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
