import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import { codigoLegible, ZCodigoEstado } from '@inscripciones/shared/estado/estado-schema.ts';
import { apiDownload, apiRequest, errorMessage } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { saveFile } from '../../lib/save-file.ts';

const ERROR = 'No se pudo obtener la constancia. Probá de nuevo.';

/** "Imprimir constancia": the one-page PDF with the number, the raffle, the code and its QR. */
export function ConstanciaButton({ id, variant = 'outline-primary' }: { id: string; variant?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const { blob, filename } = await apiDownload(`/api/inscriptos/${encodeURIComponent(id)}/constancia`);
      saveFile(blob, filename ?? 'constancia.pdf');
      // The first print makes the code: the form's panel shows it now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.codigoEstado(id) });
    } catch (e) {
      setError(errorMessage(e, ERROR));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button type="button" variant={variant} onClick={() => void download()} disabled={busy} aria-busy={busy}>
        {ESTADO_MSG.imprimirConstancia}
      </Button>
      {error && (
        <Alert variant="danger" className="mt-2 mb-0" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

/**
 * The enrolment's status code for the family (docs/decisions/0023): shown to staff who may edit the record,
 * with the constancia and "Generar un código nuevo" (the old code stops working).
 */
export function CodigoEstadoPanel({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const codigo = useQuery({
    queryKey: queryKeys.codigoEstado(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}/codigo-estado`, { schema: ZCodigoEstado, signal }),
  });
  const regenerar = useMutation({
    mutationFn: () =>
      apiRequest(`/api/inscriptos/${encodeURIComponent(id)}/codigo-estado`, { method: 'POST', schema: ZCodigoEstado }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.codigoEstado(id), data);
      setConfirming(false);
    },
  });
  return (
    <section className="border rounded p-3 mt-3" aria-labelledby={`codigo-estado-${id}`}>
      <h2 id={`codigo-estado-${id}`} className="h6">
        {ESTADO_MSG.codigoEstado}
      </h2>
      {codigo.isPending && <p className="mb-2">Cargando...</p>}
      {codigo.isError && (
        <Alert variant="warning" className="mb-2">
          {errorMessage(codigo.error, ERROR)}
        </Alert>
      )}
      {codigo.data && (
        <p className="mb-2">
          <span className="font-monospace fs-5 fw-bold" data-testid="codigo-estado">
            {codigoLegible(codigo.data.codigo)}
          </span>
          <span className="d-block small text-body-secondary">
            La familia lo usa en /estado con el número {String(codigo.data.numeroInscripcion).padStart(3, '0')}.
          </span>
        </p>
      )}
      {regenerar.isSuccess && !confirming && (
        <p className="small text-success" role="status">
          {ESTADO_MSG.regenerado}
        </p>
      )}
      {regenerar.isError && (
        <Alert variant="danger" className="mb-2" role="alert">
          {errorMessage(regenerar.error, ERROR)}
        </Alert>
      )}
      <div className="d-flex flex-wrap gap-2">
        <ConstanciaButton id={id} />
        {!confirming ? (
          <Button type="button" variant="outline-secondary" onClick={() => setConfirming(true)}>
            {ESTADO_MSG.regenerar}
          </Button>
        ) : (
          <div role="group" aria-label={ESTADO_MSG.regenerar} className="d-flex flex-wrap gap-2 align-items-center">
            <span className="small">{ESTADO_MSG.regenerarConfirmar}</span>
            <Button
              type="button"
              variant="warning"
              onClick={() => regenerar.mutate()}
              disabled={regenerar.isPending}
              aria-busy={regenerar.isPending}
            >
              Sí, generar
            </Button>
            <Button type="button" variant="outline-secondary" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
