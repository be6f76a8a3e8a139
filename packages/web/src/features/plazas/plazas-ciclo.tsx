import Form from 'react-bootstrap/Form';
import type { TPlazasCiclo } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { PLAZA_MSG } from '@inscripciones/shared/plazas/messages.ts';

/**
 * The cycle whose season Plazas shows (decision 0030): a season goes on after another cycle becomes current,
 * so the screen opens on the one still open and says so when it is not the current cycle.
 */
export function PlazasCiclo({
  ciclo,
  ciclos,
  onChange,
}: {
  ciclo: TPlazasCiclo;
  ciclos: TPlazasCiclo[];
  onChange: (id: string) => void;
}) {
  const actual = ciclos.find((c) => c.actual);
  return (
    <div className="mb-3">
      <Form.Group controlId="plazas-ciclo" className="plazas-ciclo">
        <Form.Label>{PLAZA_MSG.ciclo}</Form.Label>
        <Form.Select value={ciclo.id} onChange={(e) => onChange(e.target.value)}>
          {ciclos.map((c) => (
            <option key={c.id} value={c.id}>
              {PLAZA_MSG.opcionCiclo(c.nombre, c.actual, c.abierta)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {!ciclo.actual && actual && (
        <p className="text-body-secondary mt-2 mb-0" data-testid="plazas-ciclo-aviso">
          {ciclo.abierta
            ? PLAZA_MSG.sigueAbierta(ciclo.nombre, actual.nombre)
            : PLAZA_MSG.otroCiclo(ciclo.nombre, actual.nombre)}
        </p>
      )}
    </div>
  );
}
