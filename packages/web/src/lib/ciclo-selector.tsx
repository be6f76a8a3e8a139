import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useCiclos } from './use-ciclos.ts';

/**
 * The admission cycles, newest first (docs/decisions/0014): the list shows the one chosen, kept in the URL, or
 * the current one. Hidden while there is only one.
 */
export function CicloSelector({ value, onChange }: { value: string; onChange: (id: string | null) => void }) {
  const id = useId();
  const { ciclos } = useCiclos();
  if (ciclos.length < 2) return null;
  return (
    <Form.Group controlId={`${id}-ciclo`} className="d-flex align-items-center gap-2 mb-3">
      <Form.Label className="mb-0">Ciclo</Form.Label>
      <Form.Select
        className="w-auto"
        value={value}
        onChange={(e) => onChange(ciclos.find((c) => c.id === e.target.value)?.actual ? null : e.target.value)}
      >
        {ciclos.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nombre}
            {c.actual ? ' (actual)' : ''}
            {c.estado === 'cerrado' ? ' (cerrado)' : ''}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
