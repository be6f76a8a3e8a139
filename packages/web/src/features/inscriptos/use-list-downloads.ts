import { useEffect, useRef, useState } from 'react';
import { apiDownload } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';
import type { AlertVariant } from '../../lib/timed-alert.tsx';
import { exportFileName, type ListAction } from './list-actions.ts';

/**
 * The list's exports (SPEC 2). One can take many seconds (thousands of records): `exporting` lets the
 * "Acciones" toggle show it and a status announce it, and leaving the page cancels the download (no file,
 * no alert, afterwards).
 */
export function useListDownloads(
  showAlert: (variant: AlertVariant, text: string) => void,
  /** The admission cycle being viewed (null: the current one); the SQL backup ignores it (whole system). */
  ciclo: string | null = null,
) {
  const [exporting, setExporting] = useState<ListAction | null>(null);
  const exportAbort = useRef<AbortController | null>(null);
  useEffect(() => () => exportAbort.current?.abort(), []);

  /** `ids`: only those records (an export of the list's selection). */
  const runExport = async (action: ListAction, ids?: ReadonlySet<string>) => {
    const spec = action.export;
    if (!spec || exporting) return;
    const controller = new AbortController();
    exportAbort.current = controller;
    setExporting(action);
    try {
      const params = new URLSearchParams();
      if (ciclo) params.set('ciclo', ciclo);
      if (ids?.size) params.set('ids', [...ids].join(','));
      const path = params.size ? `${spec.path}?${params}` : spec.path;
      const { blob, filename } = await apiDownload(path, { signal: controller.signal });
      if (controller.signal.aborted) return;
      saveFile(blob, filename ?? exportFileName(spec, new Date()));
      showAlert('success', spec.success);
    } catch {
      if (!controller.signal.aborted) showAlert('danger', spec.failure);
    } finally {
      if (exportAbort.current === controller) exportAbort.current = null;
      if (!controller.signal.aborted) setExporting(null);
    }
  };

  return { exporting, runExport };
}
