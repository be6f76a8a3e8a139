import Form from 'react-bootstrap/Form';
import type { InscriptoField } from '@inscripciones/shared/inscriptos/fields.ts';
import { BOOLEAN_FIELDS, FIELD_OPTIONS } from '@inscripciones/shared/inscriptos/field-options.ts';
import { CiAviso, ciAvisoId } from '../../lib/ci-aviso.tsx';

/**
 * One field of the form, built from the shared catalogue (fields.ts, field-options.ts): a list is a select
 * (the reasons, several checkboxes), a yes/no field a checkbox, anything else a text box with the keyboard
 * its content needs. The error is the shared schema's or the server's message.
 */

const BOOLEANOS: ReadonlySet<string> = new Set(BOOLEAN_FIELDS);
const VARIOS = new Set(['razonElegirInstitucion']);
const NUMERICOS = /^(ci|tel|cel\d|ingresosAclarar|anioAuto|.*(Inicio|Fin))$/;
const LARGOS = new Set(['observaciones', 'otroResponsableAclarar', 'necesidadesEducativasAclarar']);

interface CampoProps {
  campo: InscriptoField;
  valor: unknown;
  error: string | undefined;
  onChange: (valor: unknown) => void;
}

const idDe = (name: string) => `solicitud-${name}`;

export function Campo({ campo, valor, error, onChange }: CampoProps) {
  const id = idDe(campo.name);
  const errorId = `${id}-error`;
  const feedback = error && (
    <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
      {error}
    </Form.Control.Feedback>
  );
  const opciones = FIELD_OPTIONS[campo.name];
  // The child's CI: a check digit that does not match is a warning, never an error (a foreign document).
  const aviso = campo.name === 'ci' && !error ? ciAvisoId(id, valor) : undefined;

  if (BOOLEANOS.has(campo.name)) {
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Check
          type="checkbox"
          label={campo.label}
          checked={valor === true}
          onChange={(e) => onChange(e.target.checked)}
          isInvalid={!!error}
          aria-describedby={error ? errorId : undefined}
        />
        {feedback}
      </Form.Group>
    );
  }

  if (opciones && VARIOS.has(campo.name)) {
    const elegidas = Array.isArray(valor) ? (valor as string[]) : [];
    return (
      <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
        <legend className="form-label fs-6">{campo.label}</legend>
        {opciones.map((o) => (
          <Form.Check
            key={o.value}
            id={`${id}-${o.value}`}
            type="checkbox"
            label={o.label}
            checked={elegidas.includes(o.value)}
            onChange={(e) =>
              onChange(e.target.checked ? [...elegidas, o.value] : elegidas.filter((v) => v !== o.value))
            }
          />
        ))}
        {feedback}
      </fieldset>
    );
  }

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{campo.label}</Form.Label>
      {opciones ? (
        <Form.Select
          value={typeof valor === 'string' || typeof valor === 'number' ? String(valor) : ''}
          onChange={(e) => onChange(e.target.value)}
          isInvalid={!!error}
          aria-describedby={error ? errorId : undefined}
        >
          <option value="">Elegí una opción</option>
          {opciones.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      ) : (
        <Form.Control
          as={LARGOS.has(campo.name) ? 'textarea' : 'input'}
          {...(LARGOS.has(campo.name) ? { rows: 3 } : {})}
          type={campo.name === 'fechaNacimiento' ? 'date' : 'text'}
          inputMode={NUMERICOS.test(campo.name) ? 'numeric' : undefined}
          autoComplete="off"
          value={typeof valor === 'string' || typeof valor === 'number' ? String(valor) : ''}
          onChange={(e) => onChange(e.target.value)}
          isInvalid={!!error}
          aria-describedby={error ? errorId : aviso}
        />
      )}
      {feedback}
      {aviso && <CiAviso fieldId={id} ci={valor} />}
    </Form.Group>
  );
}
