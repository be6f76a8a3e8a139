import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Estado } from '@inscripciones/shared/inscriptos/api-schema.ts';
import { INSCRIPTO_MSG } from '@inscripciones/shared/inscriptos/messages.ts';
import { SEARCH_MAX_LENGTH, type ListState } from './list-state.ts';

interface ListFiltersProps {
  state: ListState;
  /** The search box's text (it reaches the address after a pause). */
  draft: string;
  onDraft: (text: string) => void;
  onSubmit: (event: FormEvent) => void;
  /** "Mis inscripciones / Todas" is offered (not to read-only users). */
  allowMine: boolean;
  update: (patch: Partial<ListState>) => void;
  /** Staff who verify online applications get their filter, which opens their list (decision 0038). */
  /** Staff who verify the families' online applications see the way to them. */
  solicitudes?: boolean;
}

/** The list's filters (SPEC 2): the search, mine or all, and the state. Each change goes back to page 1. */
export function ListFilters({ state, draft, onDraft, onSubmit, allowMine, update, solicitudes }: ListFiltersProps) {
  const ids = useId();
  const searchId = `${ids}-buscar`;
  const estadoId = `${ids}-estado`;
  const desdeId = `${ids}-desde`;
  const hastaId = `${ids}-hasta`;
  return (
    <form role="search" className="inscriptos-filters mb-3" onSubmit={onSubmit}>
      <div className="inscriptos-filters__search">
        <label htmlFor={searchId} className="visually-hidden">
          {INSCRIPTO_MSG.searchLabel}
        </label>
        <Form.Control
          id={searchId}
          type="search"
          placeholder={INSCRIPTO_MSG.searchPlaceholder}
          value={draft}
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onDraft(event.target.value)}
        />
      </div>
      {allowMine && (
        <div className="btn-group" role="group" aria-label={INSCRIPTO_MSG.mineGroup}>
          <Button
            variant={state.mias ? 'primary' : 'outline-primary'}
            aria-pressed={state.mias}
            onClick={() => update({ mias: true, page: 1 })}
          >
            {INSCRIPTO_MSG.mine}
          </Button>
          <Button
            variant={state.mias ? 'outline-primary' : 'primary'}
            aria-pressed={!state.mias}
            onClick={() => update({ mias: false, page: 1 })}
          >
            {INSCRIPTO_MSG.all}
          </Button>
        </div>
      )}
      <div className="inscriptos-filters__estado">
        <label htmlFor={estadoId} className="visually-hidden">
          {INSCRIPTO_MSG.estadoLabel}
        </label>
        <Form.Select
          id={estadoId}
          value={state.estado ?? ''}
          onChange={(event) => update({ estado: (event.target.value || null) as Estado | null, page: 1 })}
        >
          <option value="">{INSCRIPTO_MSG.estadoAll}</option>
          <option value="pendiente">{INSCRIPTO_MSG.estadoPendientes}</option>
          <option value="finalizado">{INSCRIPTO_MSG.estadoFinalizados}</option>
        </Form.Select>
      </div>
      {/* The families' sent applications are a list of their own (decision 0038): a link, not an estado. */}
      {solicitudes && (
        <Link to="/solicitudes" className="btn btn-outline-primary">
          {INSCRIPTO_MSG.estadoSolicitudes}
        </Link>
      )}
      <fieldset className="inscriptos-filters__fechas">
        <legend className="visually-hidden">{INSCRIPTO_MSG.dateRange}</legend>
        <label htmlFor={desdeId} className="form-label mb-0 small">
          {INSCRIPTO_MSG.desde}
        </label>
        <Form.Control
          id={desdeId}
          type="date"
          size="sm"
          value={state.desde ?? ''}
          max={state.hasta ?? undefined}
          onChange={(event) => update({ desde: event.target.value || null, page: 1 })}
        />
        <label htmlFor={hastaId} className="form-label mb-0 small">
          {INSCRIPTO_MSG.hasta}
        </label>
        <Form.Control
          id={hastaId}
          type="date"
          size="sm"
          value={state.hasta ?? ''}
          min={state.desde ?? undefined}
          onChange={(event) => update({ hasta: event.target.value || null, page: 1 })}
        />
      </fieldset>
    </form>
  );
}
