import { useId, type ReactElement } from 'react';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';

type Placement = 'top' | 'bottom' | 'left' | 'right';

/**
 * A Bootstrap tooltip on hover and on keyboard focus. The child must take a ref and stay focusable, so
 * an unavailable control is marked aria-disabled="true" rather than disabled (which would get no events).
 */
export function WithTooltip({
  text,
  placement = 'top',
  children,
}: {
  text: string;
  placement?: Placement;
  children: ReactElement;
}) {
  const id = useId();
  return (
    <OverlayTrigger placement={placement} overlay={<Tooltip id={`tooltip-${id}`}>{text}</Tooltip>}>
      {children}
    </OverlayTrigger>
  );
}
