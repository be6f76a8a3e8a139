import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { TCiclo } from '@inscripciones/shared/ciclos/ciclo-schema.ts';
import { RETENCION_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { useGuardarRetencion, useRetencion } from './retencion-api.ts';
import { AnonimizarModal } from './anonimizar-modal.tsx';

/**
 * "Conservación de datos" on the Ciclos screen (docs/privacy.md): the period after which the non-admitted
 * children of a closed cycle are anonymised (a setting), and each closed cycle's state with its action.
 */
export function RetencionPanel({
  ciclos,
  onMessage,
}: {
  ciclos: TCiclo[];
  onMessage: (ok: boolean, m: string) => void;
}) {
  const ids = useId();
  const retencion = useRetencion();
  const guardar = useGuardarRetencion();
  const [meses, setMeses] = useState<string | null>(null);
  const [abierto, setAbierto] = useState<TCiclo | null>(null);
  const cerrados = ciclos.filter((c) => c.estado === 'cerrado');
  const actual = retencion.data?.meses;

  const onGuardar = (e: React.FormEvent) => {
    e.preventDefault();
    guardar.mutate(Number(meses ?? actual), {
      onSuccess: () => {
        setMeses(null);
        onMessage(true, RETENCION_MSG.guardado);
      },
      onError: (err) => onMessage(false, errorMessage(err, 'Error al guardar el plazo')),
    });
  };

  return (
    <section aria-labelledby={`${ids}-titulo`} className="mt-4">
      <h2 id={`${ids}-titulo`} className="h4">
        Conservación de datos personales
      </h2>
      {actual !== undefined && <p>{RETENCION_MSG.recordatorio(actual)} Ley 18.331, art. 8.</p>}
      {retencion.isError && <Alert variant="danger">{errorMessage(retencion.error, 'Error al cargar el plazo')}</Alert>}
      {actual !== undefined && (
        <Form onSubmit={onGuardar} className="mb-3" style={{ maxWidth: '22rem' }}>
          <Form.Label htmlFor={`${ids}-meses`}>Meses después del cierre</Form.Label>
          <InputGroup>
            <Form.Control
              id={`${ids}-meses`}
              type="number"
              min={1}
              max={120}
              value={meses ?? String(actual)}
              onChange={(e) => setMeses(e.target.value)}
            />
            <Button type="submit" variant="outline-primary" disabled={guardar.isPending}>
              Guardar plazo
            </Button>
          </InputGroup>
        </Form>
      )}
      {cerrados.length === 0 ? (
        <p className="text-body-secondary">No hay ciclos cerrados.</p>
      ) : (
        <ul className="list-unstyled">
          {cerrados.map((c) => (
            <li key={c.id} className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <strong>{c.nombre}</strong>
              <span className="text-body-secondary">cerrado el {c.cerradoEn ? fechaHoraTexto(c.cerradoEn) : '—'}</span>
              {c.anonimizadoEn ? (
                <Badge bg="secondary">Anonimizado el {fechaHoraTexto(c.anonimizadoEn)}</Badge>
              ) : (
                <Badge bg="warning" text="dark">
                  Sin anonimizar
                </Badge>
              )}
              <Button size="sm" variant="outline-danger" onClick={() => setAbierto(c)}>
                Anonimizar no admitidos<span className="visually-hidden"> de {c.nombre}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {abierto && (
        <AnonimizarModal
          ciclo={abierto}
          onClose={() => setAbierto(null)}
          onDone={(message) => {
            setAbierto(null);
            onMessage(true, message);
          }}
        />
      )}
    </section>
  );
}
