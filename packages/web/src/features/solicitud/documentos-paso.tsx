import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import {
  DOCUMENTO_ACCEPT,
  DOCUMENTO_CLASES,
  DOCUMENTO_CLASE_LABELS,
  DOCUMENTO_MAX_BYTES,
  type TDocumentoClase,
} from '@inscripciones/shared/solicitudes/documentos.ts';
import { SOLICITUD_MSG } from '@inscripciones/shared/solicitudes/messages.ts';
import type { TDocumentoSubido } from '@inscripciones/shared/solicitudes/solicitud-schema.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { subirDocumento, type Llave } from './solicitud-api.ts';

const ERROR = 'No se pudo subir el archivo. Revisá la conexión y probá de nuevo.';
const TIPO = { pdf: 'PDF', jpeg: 'foto JPEG', png: 'imagen PNG' } as const;
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface DocumentosPasoProps {
  llave: Llave;
  documentos: readonly TDocumentoSubido[];
  onSubido: (doc: TDocumentoSubido) => void;
}

/** The two documents: a photo or a PDF of each, checked by the server before it keeps anything. */
export function DocumentosPaso({ llave, documentos, onSubido }: DocumentosPasoProps) {
  const [subiendo, setSubiendo] = useState<TDocumentoClase | null>(null);
  const [errores, setErrores] = useState<Partial<Record<TDocumentoClase, string>>>({});

  const subir = async (clase: TDocumentoClase, archivo: File | undefined) => {
    if (!archivo) return;
    setErrores((e) => ({ ...e, [clase]: undefined }));
    // Too big is known before sending 5 MB over a phone's connection.
    if (archivo.size > DOCUMENTO_MAX_BYTES) {
      setErrores((e) => ({ ...e, [clase]: SOLICITUD_MSG.documentoPesado }));
      return;
    }
    setSubiendo(clase);
    try {
      onSubido(await subirDocumento(llave, clase, archivo));
    } catch (e) {
      setErrores((prev) => ({ ...prev, [clase]: errorMessage(e, ERROR) }));
    } finally {
      setSubiendo(null);
    }
  };

  return (
    <section aria-labelledby="solicitud-paso-titulo">
      <h2 className="h5" id="solicitud-paso-titulo" tabIndex={-1}>
        Documentos
      </h2>
      <p>
        Subí una foto o un PDF de cada documento (PDF, JPEG o PNG, hasta 5 MB). Las fotos se guardan sin los datos del
        teléfono ni el lugar donde se sacaron, y solo el personal de la escuela puede verlas.
      </p>
      {DOCUMENTO_CLASES.map((clase) => {
        const subido = documentos.find((d) => d.clase === clase);
        const id = `solicitud-doc-${clase}`;
        return (
          <Form.Group key={clase} className="mb-4" controlId={id}>
            <Form.Label className="fw-semibold">{DOCUMENTO_CLASE_LABELS[clase]}</Form.Label>
            {subido && (
              <p className="text-success mb-1" id={`${id}-estado`}>
                ✓ Subido: {TIPO[subido.tipo]}, {kb(subido.bytes)}. Podés reemplazarlo eligiendo otro archivo.
              </p>
            )}
            <Form.Control
              type="file"
              accept={DOCUMENTO_ACCEPT}
              disabled={subiendo !== null}
              isInvalid={!!errores[clase]}
              aria-describedby={errores[clase] ? `${id}-error` : subido ? `${id}-estado` : undefined}
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                void subir(clase, input.files?.[0]).then(() => (input.value = ''));
              }}
            />
            {subiendo === clase && (
              <p className="mb-0 mt-1" role="status">
                Subiendo…
              </p>
            )}
            {errores[clase] && (
              <Alert variant="danger" className="mt-2 mb-0" id={`${id}-error`} role="alert">
                {errores[clase]}
              </Alert>
            )}
          </Form.Group>
        );
      })}
    </section>
  );
}
