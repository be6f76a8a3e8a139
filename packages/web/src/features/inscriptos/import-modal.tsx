import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import type { TImportResult } from '@inscripciones/shared/inscriptos/import-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatKb, IMPORT_ACCEPT, importFileError } from './import-file.ts';
import { usePreviewImport } from './inscriptos-api.ts';
import { LIST_TEXT } from './list-texts.ts';
import { WithTooltip } from './with-tooltip.tsx';

/** Rows shown per table of the preview; a longer list says how many it leaves out. */
export const PREVIEW_MAX_ROWS = 200;

interface ImportModalProps {
  /** False while the server has no import endpoint: the buttons show disabled with a tooltip. */
  available: boolean;
  /** The real import is running (the page owns it: its result closes the dialog and shows the alert). */
  importing: boolean;
  onImport: (file: File) => void;
  onClose: () => void;
}

/** Rows the import leaves out for errors or repeated CIs, counted once each (as the server does). */
export function rejectedRows(result: TImportResult): number {
  return new Set(result.errores.map((e) => e.fila)).size + result.duplicados.length;
}

/**
 * SPEC 2 import dialog: one Excel file (.xlsx or .xls), its name and size in KB, the note that duplicate
 * enrolment numbers are skipped, "Cancelar" and "Importar"; the file messages of SPEC 5. "Vista previa"
 * sends the file with ?simular=true and shows what the import would do (nothing is written); "Importar"
 * then imports the same file.
 */
export function ImportModal({ available, importing, onImport, onClose }: ImportModalProps) {
  const ids = useId();
  const titleId = `${ids}-titulo`;
  const inputId = `${ids}-archivo`;
  const errorId = `${ids}-error`;
  const noteId = `${ids}-nota`;
  const previewTitleId = `${ids}-vista-previa`;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewImport();
  const previewing = preview.isPending;
  const busy = importing || previewing;
  const result = preview.data ?? null;
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const previewButton = useRef<HTMLButtonElement>(null);

  // The buttons are disabled while the preview runs, so focus moves on to what it produced.
  useEffect(() => {
    if (result) previewHeading.current?.focus();
  }, [result]);
  useEffect(() => {
    if (preview.isError) previewButton.current?.focus();
  }, [preview.isError]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setError(chosen ? importFileError(chosen) : null);
    // A preview belongs to the file it was made from.
    preview.reset();
  };

  /** The file when it passes the SPEC 5 check; otherwise the check's message shows. */
  const checkedFile = (): File | null => {
    const problem = importFileError(file);
    setError(problem);
    return problem ? null : file;
  };

  const runPreview = () => {
    if (!available || busy) return;
    const chosen = checkedFile();
    if (chosen) preview.mutate(chosen);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!available || busy) return;
    const chosen = checkedFile();
    if (chosen) onImport(chosen);
  };

  const unavailable = (button: ReactElement) =>
    available ? button : <WithTooltip text={LIST_TEXT.unavailable}>{button}</WithTooltip>;
  const unavailableProps = available
    ? { disabled: busy }
    : { 'aria-disabled': true as const, className: 'app-unavailable' };

  const status = previewing
    ? LIST_TEXT.previewing
    : importing
      ? LIST_TEXT.importing
      : result
        ? LIST_TEXT.previewReady(result.imported, result.skipped, rejectedRows(result))
        : '';

  return (
    <Modal
      show
      onHide={busy ? () => undefined : onClose}
      aria-labelledby={titleId}
      centered
      size={result ? 'lg' : undefined}
    >
      <Form noValidate onSubmit={onSubmit} aria-busy={busy}>
        <Modal.Header closeButton={!busy} closeLabel="Cerrar">
          <Modal.Title id={titleId} as="h2" className="h5">
            {LIST_TEXT.importTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId={inputId} className="mb-3">
            <Form.Label>{LIST_TEXT.importFileLabel}</Form.Label>
            <Form.Control
              type="file"
              accept={IMPORT_ACCEPT}
              onChange={onChange}
              isInvalid={!!error}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? errorId : null, noteId].filter(Boolean).join(' ')}
              disabled={busy}
            />
            {error && (
              <Form.Control.Feedback type="invalid" id={errorId} role="alert">
                {error}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          {file && (
            <p className="mb-2">
              {LIST_TEXT.importSelected} <strong>{file.name}</strong> ({formatKb(file.size)})
            </p>
          )}
          <p id={noteId} className="small text-body-secondary mb-0">
            {INSCRIPTO_MSG.importDuplicatesNote}
          </p>

          <div role="status" className="visually-hidden">
            {status}
          </div>

          {preview.isError && (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {LIST_TEXT.previewFailed(errorMessage(preview.error, ''))}
            </Alert>
          )}

          {result && (
            <section className="import-preview mt-3" aria-labelledby={previewTitleId}>
              <h3 id={previewTitleId} ref={previewHeading} tabIndex={-1} className="h6">
                {LIST_TEXT.previewTitle}
              </h3>
              <ImportPreview result={result} />
            </section>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" type="button" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          {unavailable(
            <Button
              ref={previewButton}
              variant="outline-primary"
              type="button"
              onClick={runPreview}
              {...unavailableProps}
            >
              {previewing && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {previewing ? LIST_TEXT.previewing : LIST_TEXT.previewButton}
            </Button>,
          )}
          {unavailable(
            <Button variant="primary" type="submit" {...unavailableProps}>
              {importing && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {importing ? LIST_TEXT.importing : 'Importar'}
            </Button>,
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** What a "vista previa" found: the counts, then the rows that would not be imported and why. */
export function ImportPreview({ result }: { result: TImportResult }) {
  const rejected = rejectedRows(result);
  const errorRows = new Set(result.errores.map((e) => e.fila)).size;
  return (
    <>
      <p className="small text-body-secondary">{LIST_TEXT.previewNote}</p>
      <ul className="import-preview__counts">
        <li>
          {LIST_TEXT.previewWouldImport}: <strong>{result.imported}</strong>
        </li>
        <li>
          {LIST_TEXT.previewWouldSkip}: <strong>{result.skipped}</strong>
        </li>
        <li>
          {LIST_TEXT.previewInvalidRows}: <strong>{errorRows}</strong>
        </li>
        <li>
          {LIST_TEXT.previewDuplicates}: <strong>{result.duplicados.length}</strong>
        </li>
      </ul>

      {rejected > 0 && <div className="alert alert-warning py-2">{LIST_TEXT.previewProblems(rejected)}</div>}

      {result.errores.length > 0 && (
        <PreviewTable
          caption={LIST_TEXT.errorsCaption(errorRows)}
          headers={[LIST_TEXT.colFila, LIST_TEXT.colCampo, LIST_TEXT.colMotivo]}
          rows={result.errores.map((e) => [e.fila, e.campo, e.motivo])}
        />
      )}

      {result.duplicados.length > 0 && (
        <PreviewTable
          caption={LIST_TEXT.duplicatesCaption}
          headers={[LIST_TEXT.colFila, LIST_TEXT.colNombre, LIST_TEXT.colCedula, LIST_TEXT.colConflicto]}
          rows={result.duplicados.map((d) => [d.fila, d.nombre, d.ci, d.conflicto])}
        />
      )}

      {result.avisos.length > 0 && (
        <>
          <h4 className="h6 mt-3">{LIST_TEXT.avisosTitle}</h4>
          <ul className="import-preview__avisos small">
            {result.avisos.slice(0, PREVIEW_MAX_ROWS).map((a, i) => (
              <li key={`${a.fila}-${i}`}>
                {LIST_TEXT.colFila} {a.fila}: {a.motivo}
              </li>
            ))}
          </ul>
          {result.avisos.length > PREVIEW_MAX_ROWS && (
            <p className="small text-body-secondary">
              {LIST_TEXT.firstRowsOnly(PREVIEW_MAX_ROWS, result.avisos.length)}
            </p>
          )}
        </>
      )}

      {result.columnasIgnoradas.length > 0 && (
        <p className="small mb-0 mt-3">
          {LIST_TEXT.ignoredColumns} {result.columnasIgnoradas.join(', ')}
        </p>
      )}
    </>
  );
}

/** A captioned table in a box that scrolls (and takes keyboard focus for it) when the list is long. */
function PreviewTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: (string | number)[][] }) {
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
                    <th key={j} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={j}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      {rows.length > PREVIEW_MAX_ROWS && (
        <p className="small text-body-secondary mb-0">{LIST_TEXT.firstRowsOnly(PREVIEW_MAX_ROWS, rows.length)}</p>
      )}
    </div>
  );
}
