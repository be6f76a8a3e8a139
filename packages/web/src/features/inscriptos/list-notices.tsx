import { useEffect } from 'react';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { useAnnounce } from '../../lib/announcer.tsx';
import { PageNoticeAlert, usePageNotice } from '../../lib/page-notice.tsx';
import { LockNotice } from './lock-icon.tsx';

/**
 * The list's standing notices (a closed cycle; read-only access, SPEC 2) and the message the page was opened
 * with. A read-only user sent here (the guest from /inscriptos/nuevo) gets one notice, not two: the page's own
 * says it already, and the reason they were sent here is announced instead of shown a second time.
 */
export function ListNotices({ cicloCerrado, readOnly }: { cicloCerrado: string | null; readOnly: boolean }) {
  const { notice, close } = usePageNotice();
  const announce = useAnnounce();
  const merged = readOnly && notice !== null;

  useEffect(() => {
    if (merged) announce(notice);
  }, [merged, notice, announce]);

  return (
    <>
      {cicloCerrado !== null && <LockNotice variant="warning" text={CICLO_MSG.cerradoBanner(cicloCerrado)} />}
      {readOnly && <LockNotice variant="info" text={INSCRIPTO_MSG.readOnlyNotice} />}
      {!merged && <PageNoticeAlert notice={notice} onClose={close} />}
    </>
  );
}
