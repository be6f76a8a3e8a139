import { SECTION_TITLES, type SectionNumber } from '@inscripciones/shared/inscriptos/fields.ts';
import { STATUS_TEXT, type SectionState, type SectionStatus } from './section-status.ts';

/** Drawn marks (not emoji, which some systems lack): a tick, an exclamation, a pencil. */
function StatusMark({ status }: { status: SectionStatus }) {
  const path = {
    done: 'M3.5 8.5l3 3 6-7',
    missing: 'M8 3.5v6M8 12.2v.3',
    open: 'M3 13l1-3.5 6.5-6.5 2.5 2.5-6.5 6.5zM9.5 4l2.5 2.5',
  }[status];
  return (
    <svg className="section-stepper__mark" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The sections at a glance: one button per section with its number, title and state,
 * opening it. Each state has its own colour and mark, and the state is in the button's name (not colour
 * alone). At phone width the titles are visually hidden (still in the name) and the numbered marks wrap
 * in two rows.
 */
export function SectionStepper({ states, onGo }: { states: SectionState[]; onGo: (section: SectionNumber) => void }) {
  return (
    <nav aria-label="Secciones del formulario" className="section-stepper mb-3">
      <ol className="section-stepper__list">
        {states.map(({ section, status, problems }) => (
          <li key={section}>
            <button
              type="button"
              className={`section-stepper__step section-stepper__step--${status}`}
              aria-current={status === 'open' ? 'step' : undefined}
              onClick={() => onGo(section)}
              title={`${section}. ${SECTION_TITLES[section]}`}
            >
              {/* The name reads "Sección 1 Datos Personales del Estudiante: completa"; what shows is part of it. */}
              <span className="visually-hidden">Sección </span>
              <span className="section-stepper__number">{section}</span>
              <StatusMark status={status} />{' '}
              <span className="section-stepper__title">
                {SECTION_TITLES[section]}
                <span className="visually-hidden">: {STATUS_TEXT[status](problems)}</span>
              </span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
