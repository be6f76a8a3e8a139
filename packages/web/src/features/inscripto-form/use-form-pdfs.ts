import { useState } from 'react';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import type { AlertVariant } from '../../lib/timed-alert.tsx';
import { downloadBackupPdf, downloadInscriptoPdf } from './inscripto-api.ts';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';

type ShowAlert = (variant: AlertVariant, text: string) => void;

/**
 * The form's PDFs: "Exportar PDF" of the saved record (SPEC 2), and the backup PDF of what was typed
 * (SPEC 4) when a save failed on the server or after a conflict. `typed` gives the form's data as sent.
 */
export function useFormPdfs(typed: () => Record<string, unknown>, showAlert: ShowAlert) {
  const [exporting, setExporting] = useState(false);

  /** inscripcion_{número or id}.pdf, with a 2-second message either way. */
  const exportPdf = async (id: string | null, numeroInscripcion: number | null) => {
    if (!id) return;
    setExporting(true);
    try {
      await downloadInscriptoPdf(id, numeroInscripcion);
      showAlert('success', INSCRIPTO_MSG.pdfDownloaded);
    } catch {
      showAlert('danger', INSCRIPTO_MSG.pdfExportFailed);
    } finally {
      setExporting(false);
    }
  };

  /** The server was reached but did not save: a backup PDF of what was typed. */
  const saveBackup = async (message: string) => {
    try {
      await downloadBackupPdf(typed());
      showAlert('warning', INSCRIPTO_MSG.saveFailedBackupPdf(message));
    } catch {
      showAlert('danger', INSCRIPTO_MSG.saveFailedNoBackup(message));
    }
  };

  /** After a conflict, the user keeps what they typed as a PDF before reloading. */
  const conflictBackup = async () => {
    try {
      await downloadBackupPdf(typed());
      showAlert('success', OUTBOX_MSG.backupPdfDone);
    } catch (error) {
      showAlert('danger', OUTBOX_MSG.backupPdfFailed(errorMessage(error, INSCRIPTO_MSG.pdfExportFailed)));
    }
  };

  return { exporting, exportPdf, saveBackup, conflictBackup };
}
