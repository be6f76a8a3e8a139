import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { formatKb, IMPORT_ACCEPT, importFileError } from './import-file.ts';
import { LIST_TEXT } from './list-texts.ts';
import { WithTooltip } from './with-tooltip.tsx';

interface ImportModalProps {
  /** False while the server has no import endpoint: "Importar" shows disabled with a tooltip. */
  available: boolean;
  busy: boolean;
  onImport: (file: File) => void;
  onClose: () => void;
}

/**
 * SPEC 2 import dialog: one Excel file (.xlsx or .xls), its name and size in KB, the note that duplicate
 * enrolment numbers are skipped, "Cancelar" and "Importar"; the file messages of SPEC 5.
 */
export function ImportModal({ available, busy, onImport, onClose }: ImportModalProps) {
  const ids = useId();
  const titleId = `${ids}-titulo`;
  const inputId = `${ids}-archivo`;
  const errorId = `${ids}-error`;
  const noteId = `${ids}-nota`;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setError(chosen ? importFileError(chosen) : null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!available || busy) return;
    const problem = importFileError(file);
    setError(problem);
    if (!problem && file) onImport(file);
  };

  const importButton = (
    <Button
      variant="primary"
      type="submit"
      disabled={available && busy}
      aria-disabled={available ? undefined : true}
      className={available ? undefined : 'app-unavailable'}
    >
      {busy ? LIST_TEXT.importing : 'Importar'}
    </Button>
  );

  return (
    <Modal show onHide={busy ? () => undefined : onClose} aria-labelledby={titleId} centered>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel="Cerrar">
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
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" type="button" onClick={onClose} disabled={busy}>
            Cancelar
          </Button>
          {available ? importButton : <WithTooltip text={LIST_TEXT.unavailable}>{importButton}</WithTooltip>}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
