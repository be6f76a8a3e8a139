import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { TNinoDuplicado } from '@inscripciones/shared/duplicados/api-schema.ts';
import { DUPLICADO_MSG as T } from '@inscripciones/shared/duplicados/messages.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { ConfirmDeleteModal } from '../../lib/confirm-delete-modal.tsx';
import { useEliminarDuplicado } from './duplicados-api.ts';

/**
 * "Eliminar" for one record of a possible duplicate (administrators): asks first (focus on "Cancelar"), then
 * deletes it as the list's "Eliminar" does; the pair goes to "Resueltos" with who and when. A sibling listed in
 * an enrolment is not a record of its own: no button for it.
 */
export function EliminarNino({
  grupoId,
  nino,
  label,
  onDeleted,
}: {
  grupoId: string;
  nino: TNinoDuplicado;
  label: string;
  onDeleted: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const eliminar = useEliminarDuplicado();
  if (nino.hermano !== null) return null;

  const confirm = () =>
    // Not mutate's own onSuccess: the refreshed list unmounts this pair first, and that callback would be lost.
    void eliminar.mutateAsync({ id: grupoId, inscriptoId: nino.inscriptoId }).then(
      () => {
        setAsking(false);
        onDeleted();
      },
      () => setAsking(false), // shown from eliminar.error
    );

  return (
    <>
      <Button variant="outline-danger" size="sm" className="duplicado-par__eliminar" onClick={() => setAsking(true)}>
        {label}
      </Button>
      {eliminar.isError && (
        <Alert variant="danger" role="alert" className="py-2 mt-2 mb-0">
          {errorMessage(eliminar.error, T.errorEliminar)}
        </Alert>
      )}
      {asking && (
        <ConfirmDeleteModal
          title={T.eliminarTitulo}
          text={T.eliminarTexto(nino.nombreCompleto || T.noConsta, nino.numeroInscripcion)}
          busy={eliminar.isPending}
          onConfirm={confirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}
