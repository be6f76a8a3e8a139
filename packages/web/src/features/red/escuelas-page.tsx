import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { TEscuela } from '@inscripciones/shared/escuelas/escuela-schema.ts';
import { ESCUELA_MSG } from '@inscripciones/shared/escuelas/messages.ts';
import { TimedAlert, useTimedAlert } from '../../lib/timed-alert.tsx';
import { EscuelaFormModal } from './escuela-form-modal.tsx';
import { Cargando, ErrorDeCarga } from './red-estado.tsx';
import { useEscuelas } from './red-api.ts';
import './red.css';

type Editando = { escuela: TEscuela | null } | null;

/** /red/escuelas: the network's schools, for its administrator to add and edit (docs/decisions/0036). */
export function EscuelasPage() {
  const escuelas = useEscuelas();
  const [editando, setEditando] = useState<Editando>(null);
  const { alert, show, dismiss } = useTimedAlert();

  return (
    <>
      <title>Escuelas · Inscripciones</title>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h2 mb-0">Escuelas</h1>
        <Button variant="primary" onClick={() => setEditando({ escuela: null })}>
          + Nueva escuela
        </Button>
      </div>
      <p className="text-body-secondary">
        Cada escuela tiene sus propias inscripciones, su sorteo y sus cuentas. Su página pública es /sorteo?escuela=
        seguido del código.
      </p>

      <TimedAlert alert={alert} onClose={dismiss} />

      {escuelas.isPending ? (
        <Cargando texto="Cargando escuelas..." />
      ) : escuelas.isError ? (
        <ErrorDeCarga error={escuelas.error} onRetry={() => void escuelas.refetch()} />
      ) : escuelas.data.length === 0 ? (
        <Alert variant="info">Todavía no hay escuelas.</Alert>
      ) : (
        <Table striped hover className="align-middle red-tabla">
          <caption className="visually-hidden">Escuelas de la red</caption>
          <thead>
            <tr>
              <th scope="col">Código</th>
              <th scope="col">Nombre</th>
              <th scope="col">Dirección</th>
              <th scope="col">Teléfono</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {escuelas.data.map((e) => (
              <tr key={e.id}>
                <td className="font-monospace" data-label="Código">
                  {e.codigo}
                </td>
                <th scope="row" className="fw-normal">
                  {e.escuelaNombre}
                </th>
                <td data-label="Dirección">{e.direccion}</td>
                <td data-label="Teléfono">{e.telefono}</td>
                <td className="text-end">
                  <Button size="sm" variant="outline-primary" onClick={() => setEditando({ escuela: e })}>
                    Editar<span className="visually-hidden"> {e.escuelaNombre}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}

      {editando && (
        <EscuelaFormModal
          key={editando.escuela?.id ?? 'nueva'}
          escuela={editando.escuela}
          onClose={() => setEditando(null)}
          onSaved={(guardada, modo) => {
            setEditando(null);
            show(
              'success',
              modo === 'creada'
                ? ESCUELA_MSG.creada(guardada.escuelaNombre)
                : ESCUELA_MSG.actualizada(guardada.escuelaNombre),
            );
          }}
        />
      )}
    </>
  );
}
