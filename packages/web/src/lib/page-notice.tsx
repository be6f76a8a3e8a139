import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useLocation, useNavigate } from 'react-router';

/** The navigation state of a page that sends the user elsewhere and says why (the guest from /nuevo). */
export interface PageNoticeState {
  notice: string;
}

function noticeOf(state: unknown): string | null {
  const notice = (state as Partial<PageNoticeState> | null)?.notice;
  return typeof notice === 'string' ? notice : null;
}

/**
 * The message a page was opened with, once: the history entry's state is cleared, so a reload or a return
 * to the page does not bring it back. It stays until closed (it explains where the user is).
 */
export function usePageNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const [notice, setNotice] = useState(() => noticeOf(location.state));
  const arrived = noticeOf(location.state);

  useEffect(() => {
    if (!arrived) return;
    setNotice(arrived);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrived, location.pathname, location.search, navigate]);

  return { notice, close: () => setNotice(null) };
}

/** The message a page was opened with, as a closable notice. */
export function PageNoticeAlert({ notice, onClose }: { notice: string | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert variant="info" role="status" dismissible closeLabel="Cerrar" onClose={onClose}>
      {notice}
    </Alert>
  );
}
