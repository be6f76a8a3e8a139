import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactElement } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { formatKb, IMPORT_ACCEPT, importFileError } from './import-file.ts';
import { ImportPreview, rejectedRows } from './import-preview.tsx';
import { usePreviewImport } from './inscriptos-api.ts';
import { WithTooltip } from './with-tooltip.tsx';

interface ImportModalProps {
  /** False while the server has no import endpoint: the buttons show disabled with a tooltip. */
  available: boolean;
  /** The real import is running (the page owns it: its result closes the dialog and shows the alert). */
  importing: boolean;
  onImport: (file: File) => void;
  onClose: () => void;
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
        ? INSCRIPTO_MSG.importResumen(result.imported, result.skipped, rejectedRows(result), true)
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
