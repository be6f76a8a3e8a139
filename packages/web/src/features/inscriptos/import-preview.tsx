import { useId } from 'react';
import Table from 'react-bootstrap/Table';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';

/** Rows shown per table of the preview; a longer list says how many it leaves out. */
export const PREVIEW_MAX_ROWS = 200;

/** Rows the import leaves out for errors or repeated CIs, counted once each (as the server does). */
export function rejectedRows(result: TImportResult): number {
  return new Set(result.errores.map((e) => e.fila)).size + result.duplicados.length;
}

/** What a "vista previa" found: the counts, then the rows that would not be imported and why. */
export function ImportPreview({ result }: { result: TImportResult }) {
  const rejected = rejectedRows(result);
  const errorRows = new Set(result.errores.map((e) => e.fila)).size;
  return (
    <>
      <p className="small text-body-secondary">{INSCRIPTO_MSG.previewNote}</p>
      <ul className="import-preview__counts">
        <li>
          {INSCRIPTO_MSG.previewWouldImport}: <strong>{result.imported}</strong>
        </li>
        <li>
          {INSCRIPTO_MSG.previewWouldSkip}: <strong>{result.skipped}</strong>
        </li>
        <li>
          {INSCRIPTO_MSG.previewInvalidRows}: <strong>{errorRows}</strong>
        </li>
        <li>
          {INSCRIPTO_MSG.previewDuplicates}: <strong>{result.duplicados.length}</strong>
        </li>
        <li>
          {INSCRIPTO_MSG.previewPosiblesDuplicados}: <strong>{result.posiblesDuplicados.length}</strong>
        </li>
      </ul>

      {rejected > 0 && <div className="alert alert-warning py-2">{INSCRIPTO_MSG.previewProblems(rejected)}</div>}

      {result.errores.length > 0 && (
        <PreviewTable
          caption={INSCRIPTO_MSG.errorsCaption(errorRows)}
          headers={[INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colCampo, INSCRIPTO_MSG.colValor, INSCRIPTO_MSG.colMotivo]}
          rows={result.errores.map((e) => [e.fila, e.campo, e.valor ?? '', e.motivo])}
        />
      )}

      {result.duplicados.length > 0 && (
        <PreviewTable
          caption={INSCRIPTO_MSG.duplicatesCaption}
          headers={[
            INSCRIPTO_MSG.colFila,
            INSCRIPTO_MSG.colNombre,
            INSCRIPTO_MSG.colCedula,
            INSCRIPTO_MSG.colConflicto,
          ]}
          rows={result.duplicados.map((d) => [d.fila, d.nombre, d.ci, d.conflicto])}
        />
      )}

      {result.posiblesDuplicados.length > 0 && (
        <PreviewTable
          caption={INSCRIPTO_MSG.posiblesDuplicadosCaption}
          headers={[INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colNombre, INSCRIPTO_MSG.colAviso]}
          rows={result.posiblesDuplicados.map((d) => [d.fila, d.nombre, d.conflicto])}
        />
      )}

      <ImportAvisos result={result} />
    </>
  );
}

/** The warnings of an import (rows left out with no data, doubtful CIs) and the columns it ignored. */
export function ImportAvisos({ result }: { result: TImportResult }) {
  return (
    <>
      {result.avisos.length > 0 && (
        <>
          <h4 className="h6 mt-3">{INSCRIPTO_MSG.avisosTitle}</h4>
          <ul className="import-preview__avisos small">
            {result.avisos.slice(0, PREVIEW_MAX_ROWS).map((a, i) => (
              <li key={`${a.fila}-${i}`}>
                {INSCRIPTO_MSG.colFila} {a.fila}: {a.motivo}
              </li>
            ))}
          </ul>
          {result.avisos.length > PREVIEW_MAX_ROWS && (
            <p className="small text-body-secondary">
              {INSCRIPTO_MSG.firstRowsOnly(PREVIEW_MAX_ROWS, result.avisos.length)}
            </p>
          )}
        </>
      )}

      {result.columnasIgnoradas.length > 0 && (
        <p className="small mb-0 mt-3">
          {INSCRIPTO_MSG.ignoredColumns} {result.columnasIgnoradas.join(', ')}
        </p>
      )}
    </>
  );
}

/** A captioned table in a box that scrolls (and takes keyboard focus for it) when the list is long. */
export function PreviewTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}) {
  const captionId = useId();
  const shown = rows.slice(0, PREVIEW_MAX_ROWS);
  return (
    <div className="mt-3">
      <div className="import-preview__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <Table size="sm" striped className="mb-0 caption-top">
          <caption id={captionId} className="fw-semibold text-body pt-0">
            {caption}
          </caption>
          <thead>
            <tr>
              {headers.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((cells, i) => (
              <tr key={i}>
                {cells.map((cell, j) =>
                  j === 0 ? (
                    <th key={j} scope="row" data-label={headers[j]}>
                      {cell}
                    </th>
                  ) : (
                    <td key={j} data-label={headers[j]}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {rows.length > PREVIEW_MAX_ROWS && (
        <p className="small text-body-secondary mb-0">{INSCRIPTO_MSG.firstRowsOnly(PREVIEW_MAX_ROWS, rows.length)}</p>
      )}
    </div>
  );
}
