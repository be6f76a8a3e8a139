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
    available ? button : <WithTooltip text={INSCRIPTO_MSG.unavailable}>{button}</WithTooltip>;
  const unavailableProps = available
    ? { disabled: busy }
    : { 'aria-disabled': true as const, className: 'app-unavailable' };

  const status = previewing
    ? INSCRIPTO_MSG.previewing
    : importing
      ? INSCRIPTO_MSG.importing
      : result
        ? INSCRIPTO_MSG.previewReady(result.imported, result.skipped, rejectedRows(result))
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
            {INSCRIPTO_MSG.importTitle}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group controlId={inputId} className="mb-3">
            <Form.Label>{INSCRIPTO_MSG.importFileLabel}</Form.Label>
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
              {INSCRIPTO_MSG.importSelected} <strong>{file.name}</strong> ({formatKb(file.size)})
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
              {INSCRIPTO_MSG.previewFailed(errorMessage(preview.error, ''))}
            </Alert>
          )}

          {result && (
            <section className="import-preview mt-3" aria-labelledby={previewTitleId}>
              <h3 id={previewTitleId} ref={previewHeading} tabIndex={-1} className="h6">
                {INSCRIPTO_MSG.previewTitle}
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
              {previewing ? INSCRIPTO_MSG.previewing : INSCRIPTO_MSG.previewButton}
            </Button>,
          )}
          {unavailable(
            <Button variant="primary" type="submit" {...unavailableProps}>
              {importing && <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {importing ? INSCRIPTO_MSG.importing : 'Importar'}
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
      </ul>

      {rejected > 0 && <div className="alert alert-warning py-2">{INSCRIPTO_MSG.previewProblems(rejected)}</div>}

      {result.errores.length > 0 && (
        <PreviewTable
          caption={INSCRIPTO_MSG.errorsCaption(errorRows)}
          headers={[INSCRIPTO_MSG.colFila, INSCRIPTO_MSG.colCampo, INSCRIPTO_MSG.colMotivo]}
          rows={result.errores.map((e) => [e.fila, e.campo, e.motivo])}
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
        <p className="small text-body-secondary mb-0">{INSCRIPTO_MSG.firstRowsOnly(PREVIEW_MAX_ROWS, rows.length)}</p>
      )}
    </div>
  );
}
