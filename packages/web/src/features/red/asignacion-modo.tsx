import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { MAX_PREFERENCIAS_POR_DEFECTO } from '@inscripciones/shared/asignacion/schemas.ts';
import { errorMessage } from '../../lib/api-client.ts';
import type { TRedCiclo } from '@inscripciones/shared/asignacion/api-schema.ts';
import { useGuardarModo } from './asignacion-api.ts';
import { ASIGNACION_RED_TEXTOS as T } from './asignacion-textos.ts';

/** The year's choice: separate school raffles or one network assignment, and the network's N. */
export function AsignacionModo({ anio, ciclo, cerrado }: { anio: number; ciclo: TRedCiclo | null; cerrado: boolean }) {
  const guardar = useGuardarModo();
  const [modo, setModo] = useState<TRedCiclo['modo']>(ciclo?.modo ?? 'escuela');
  const [max, setMax] = useState(String(ciclo?.maxPreferencias ?? MAX_PREFERENCIAS_POR_DEFECTO));

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    guardar.mutate({ anio, modo, maxPreferencias: Number(max) });
  };

  return (
    <section aria-labelledby="asignacion-modo-titulo" className="mb-4">
      <h2 id="asignacion-modo-titulo" className="h5">
        {T.modoTitulo}
      </h2>
      <Form onSubmit={enviar}>
        <fieldset disabled={cerrado || guardar.isPending}>
          <legend className="visually-hidden">{T.modoTitulo}</legend>
          {(['escuela', 'red'] as const).map((m) => (
            <Form.Check
              key={m}
              type="radio"
              id={`asignacion-modo-${m}`}
              name="asignacion-modo"
              label={T.modos[m]}
              checked={modo === m}
              onChange={() => setModo(m)}
            />
          ))}
          {modo === 'red' && (
            <Form.Group controlId="asignacion-max" className="mt-2 asignacion-max">
              <Form.Label>{T.maxPreferencias}</Form.Label>
              <Form.Control
                type="number"
                inputMode="numeric"
                min={1}
                max={40}
                value={max}
                onChange={(e) => setMax(e.target.value)}
              />
            </Form.Group>
          )}
          {cerrado ? (
            <p className="small text-body-secondary mt-2 mb-0">{T.modoFijo}</p>
          ) : (
            <Button type="submit" variant="outline-primary" className="mt-2">
              {T.guardarModo}
            </Button>
          )}
        </fieldset>
      </Form>
      {guardar.isError && (
        <Alert variant="danger" className="mt-2">
          {errorMessage(guardar.error, T.error)}
        </Alert>
      )}
      {guardar.isSuccess && (
        <p className="small text-success mt-2 mb-0" role="status">
          {T.modoGuardado}
        </p>
      )}
    </section>
  );
}
