import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { INFORME_MSG } from '@inscripciones/shared/informe-datos/messages.ts';
import { apiDownload, errorMessage } from '../../lib/api-client.ts';
import { saveFile } from '../../lib/save-file.ts';

/**
 * "Informe de datos personales" (Ley 18.331 art. 14; docs/privacy.md): an administrator downloads, as a PDF,
 * everything held about this child, its history, every access and the raffle's events. The server logs it.
 */
export function InformeDatosButton({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await apiDownload(
        `/api/inscriptos/${encodeURIComponent(id)}/informe-datos?formato=pdf`,
      );
      saveFile(blob, filename ?? `informe_datos_${id}.pdf`);
    } catch (e) {
      setError(errorMessage(e, INFORME_MSG.error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-3">
      <Button type="button" variant="outline-dark" onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {busy ? INFORME_MSG.descargando : INFORME_MSG.boton}
      </Button>
      {error && (
        <Alert variant="danger" className="mt-2" role="alert">
          {error}
        </Alert>
      )}
    </div>
  );
}
