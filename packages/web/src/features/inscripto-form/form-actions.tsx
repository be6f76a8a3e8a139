import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { OUTBOX_MSG } from './outbox/outbox-messages.ts';

interface FormActionsProps {
  idPrefix: string;
  readOnly: boolean;
  complete: boolean;
  busy: 'section' | 'finalize' | null;
  /** "Exportar PDF" is offered once the record exists (not on /inscriptos/nuevo). */
  showPdf: boolean;
  /** The server's copy lacks queued changes: the PDF waits for them. */
  pdfPending: boolean;
  exporting: boolean;
  onFinalize: () => void;
  onCancel: () => void;
  onExportPdf: () => void;
}

/** The buttons under the sections: Finalizar (SPEC 4), Cancelar and Exportar PDF (SPEC 2). */
export function FormActions(props: FormActionsProps) {
  const { idPrefix, readOnly, complete, busy, showPdf, pdfPending, exporting } = props;
  return (
    <div className="d-flex flex-wrap gap-2">
      {!readOnly && (
        <Button
          type="button"
          variant={complete ? 'success' : 'secondary'}
          onClick={props.onFinalize}
          disabled={busy !== null}
          aria-describedby={!complete ? `${idPrefix}-progreso-faltan` : undefined}
        >
          {busy === 'finalize'
            ? INSCRIPTO_MSG.saving
            : complete
              ? INSCRIPTO_MSG.finalize
              : INSCRIPTO_MSG.cannotFinalizeButton}
        </Button>
      )}
      {/* A read-only form has nothing to cancel: "Volver" (to the list). */}
      <Button type="button" variant="outline-secondary" onClick={props.onCancel}>
        {readOnly ? INSCRIPTO_MSG.back : INSCRIPTO_MSG.cancel}
      </Button>
      {showPdf &&
        (pdfPending ? (
          // The server's copy lacks the queued changes: no PDF of it until they arrive.
          <OverlayTrigger
            placement="top"
            overlay={<Tooltip id={`${idPrefix}-pdf-tooltip`}>{OUTBOX_MSG.pendingExportHint}</Tooltip>}
          >
            {/* aria-disabled, not disabled: the button stays in the tab order and says why (focus shows the
                tooltip through the wrapper); .disabled passes the pointer to the wrapper, which shows it on hover. */}
            <span className="d-inline-block">
              <Button
                type="button"
                variant="outline-primary"
                className="disabled"
                aria-disabled="true"
                aria-describedby={`${idPrefix}-pdf-ayuda`}
              >
                {INSCRIPTO_MSG.exportPdf}
              </Button>
              <span id={`${idPrefix}-pdf-ayuda`} className="visually-hidden">
                {OUTBOX_MSG.pendingExportHint}
              </span>
            </span>
          </OverlayTrigger>
        ) : (
          <Button
            type="button"
            variant="outline-primary"
            onClick={props.onExportPdf}
            disabled={exporting}
            aria-busy={exporting}
          >
            {INSCRIPTO_MSG.exportPdf}
          </Button>
        ))}
    </div>
  );
}
