import type { ReactNode, Ref } from 'react';
import type { FieldError } from '@inscripciones/shared/errors.ts';
import Button from 'react-bootstrap/Button';
import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { labelsOf } from '@inscripciones/shared/inscriptos/sections.ts';
import { ErrorMarker, MarkedText } from '../../lib/error-marker.tsx';
import { useFormUi } from './form-ui.ts';

export interface SectionBlockers {
  missing: FieldError[];
  errors: FieldError[];
}

interface FormSectionProps {
  number: SectionNumber;
  idPrefix: string;
  open: boolean;
  onToggle: () => void;
  /** "Siguiente" / "Guardar Sección"; absent in read-only mode. */
  onSave?: () => void;
  saving: boolean;
  disabled: boolean;
  readOnly: boolean;
  /** What blocked the last "Siguiente", kept up to date while the user fixes it. */
  blockers: SectionBlockers | null;
  /** The section lists its own rule errors (section 3's year ranges), so the message leaves them out. */
  ownErrors?: boolean;
  /** Shown above the save button while the section is open (the outbox's waiting count). */
  footer?: ReactNode;
  headerRef?: Ref<HTMLButtonElement>;
  messageRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

const sectionHeaderId = (prefix: string, n: SectionNumber) => `${prefix}-seccion-${n}-titulo`;
export const sectionBodyId = (prefix: string, n: SectionNumber) => `${prefix}-seccion-${n}`;

/**
 * One collapsible section (Bootstrap accordion markup): the header is a button with aria-expanded and
 * aria-controls, the body a labelled region holding the fields (only while open). Read-only mode disables
 * every input through the fieldset and drops the save button.
 */
export function FormSection(props: FormSectionProps) {
  const { number, idPrefix, open, onToggle, onSave, saving, disabled, readOnly, blockers, ownErrors } = props;
  const headerId = sectionHeaderId(idPrefix, number);
  const bodyId = sectionBodyId(idPrefix, number);
  const errors = ownErrors ? [] : (blockers?.errors ?? []);
  const missing = blockers?.missing ?? [];
  const showMessage = missing.length > 0 || errors.length > 0;
  const { anioIngreso } = useFormUi();

  return (
    <div className="accordion-item">
      <h2 className="accordion-header">
        <button
          ref={props.headerRef}
          id={headerId}
          type="button"
          className={`accordion-button${open ? '' : ' collapsed'}`}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          {number}. {SECTION_TITLES[number]}
        </button>
      </h2>
      <div id={bodyId} role="region" aria-labelledby={headerId} className="accordion-collapse" hidden={!open}>
        {open && (
          <div className="accordion-body">
            <fieldset disabled={readOnly}>{props.children}</fieldset>
            <div ref={props.messageRef} tabIndex={-1} className="inscripto-form__message">
              {showMessage && (
                <div className="alert alert-danger mb-3" role="alert">
                  {missing.length > 0 && (
                    <p className="mb-0">
                      <MarkedText text={INSCRIPTO_MSG.cannotAdvance(labelsOf(missing, anioIngreso).join(', '))} />
                    </p>
                  )}
                  {errors.length > 0 && (
                    <ul className="list-unstyled mb-0 mt-1">
                      {errors.map(({ message }) => (
                        <li key={message}>
                          <ErrorMarker />
                          {message}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )}
            </div>
            {props.footer}
            {onSave && (
              <div className="d-flex justify-content-end">
                <Button variant="primary" onClick={onSave} disabled={disabled}>
                  {saving ? INSCRIPTO_MSG.saving : number === 11 ? INSCRIPTO_MSG.saveSection : INSCRIPTO_MSG.next}
                </Button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
