import { useEffect, useId, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { saveFile } from '../../lib/save-file.ts';
import { filasRechazadas, filasRechazadasCsv } from './filas-rechazadas.ts';
import { ImportAvisos, PreviewTable } from './import-preview.tsx';
import './import-result.css';

/**
 * What a real import did, kept on the list until the user closes it: the counts in one line, every refused row
 * with its reason (and a CSV of them to fix the file), the possible duplicates and the warnings. A timed alert
 * went away before the refused rows could be read.
 */
export function ImportResult({ result, onClose }: { result: TImportResult; onClose: () => void }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const rechazadas = filasRechazadas(result);
  const filas = new Set(rechazadas.map((f) => f.fila)).size;
  // The dialog closed: the result is where the user's attention goes next.
  useEffect(() => heading.current?.focus(), [result]);

  const download = () =>
    saveFile(
      new Blob([filasRechazadasCsv(result)], { type: 'text/csv;charset=utf-8' }),
      INSCRIPTO_MSG.importRejectedFile,
    );

  return (
    <section className="import-result mb-3" aria-labelledby={titleId}>
      <Alert variant={filas > 0 || result.imported === 0 ? 'warning' : 'success'} className="mb-0">
        <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="h5 mb-2">
            {INSCRIPTO_MSG.importResultTitle}
          </h2>
          <Button variant="outline-dark" size="sm" onClick={onClose}>
            {INSCRIPTO_MSG.importResultClose}
          </Button>
        </div>
        <p role="status" className="fw-semibold mb-2">
          {result.message}.
        </p>
        {rechazadas.length > 0 && (
          <>
            <PreviewTable
              caption={INSCRIPTO_MSG.importRejectedCaption(filas)}
              headers={[INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colCampo, INSCRIPTO_MSG.colValor, INSCRIPTO_MSG.colMotivo]}
              rows={rechazadas.map((f) => [f.fila, f.campo, f.valor, f.motivo])}
            />
            <Button variant="outline-dark" size="sm" className="mt-2" onClick={download}>
              {INSCRIPTO_MSG.importRejectedDownload}
            </Button>
          </>
        )}
        {result.posiblesDuplicados.length > 0 && (
          <PreviewTable
            caption={INSCRIPTO_MSG.posiblesDuplicadosCaption}
            headers={[INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colNombre, INSCRIPTO_MSG.colAviso]}
            rows={result.posiblesDuplicados.map((d) => [d.fila, d.nombre, d.conflicto])}
          />
        )}
        <ImportAvisos result={result} />
      </Alert>
    </section>
  );
}
