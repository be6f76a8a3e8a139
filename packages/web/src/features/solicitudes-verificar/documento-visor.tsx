import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { TDocumentoSubido } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { bajarDocumento } from './verificar-api.ts';

const CLASE: Record<TDocumentoSubido['clase'], string> = {
  ci: 'Cédula del niño o niña',
  domicilio: 'Constancia de domicilio',
};

/** Images as data: URLs, which the app's CSP allows for images (blob: it does not). */
function comoDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('lectura'));
    reader.readAsDataURL(blob);
  });
}

/** One document of the application, fetched with the session when staff ask for it (each view is logged). */
export function DocumentoVisor({ solicitudId, doc }: { solicitudId: string; doc: TDocumentoSubido }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (url?.startsWith('blob:') && URL.revokeObjectURL(url)), [url]);

  const titulo = CLASE[doc.clase];
  return (
    <div className="border rounded p-2 mb-2">
      <p className="fw-semibold mb-1">
        {titulo} <span className="text-body-secondary small">({doc.tipo.toUpperCase()})</span>
      </p>
      {!url && (
        <Button
          size="sm"
          variant="outline-primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              const { blob } = await bajarDocumento(solicitudId, doc.id);
              setUrl(doc.tipo === 'pdf' ? URL.createObjectURL(blob) : await comoDataUrl(blob));
            } catch (e) {
              setError(errorMessage(e, 'No se pudo abrir el documento.'));
            } finally {
              setBusy(false);
            }
          }}
        >
          Ver {titulo.toLowerCase()}
        </Button>
      )}
      {url && doc.tipo !== 'pdf' && <img src={url} alt={titulo} className="img-fluid" />}
      {url && doc.tipo === 'pdf' && (
        <a href={url} target="_blank" rel="noreferrer">
          Abrir el PDF ({titulo.toLowerCase()})
        </a>
      )}
      {error && (
        <p className="text-danger small mb-0" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
