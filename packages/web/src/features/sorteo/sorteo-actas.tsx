import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { downloadActa, fetchActas, type ActaArchivo } from './sorteo-api.ts';
import { sorteoErrorMessage } from './sorteo-view.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';

const ARCHIVOS: { archivo: ActaArchivo; label: string }[] = [
  { archivo: 'acta.pdf', label: SORTEO_MSG.actaPdf },
  { archivo: 'acta.json', label: SORTEO_MSG.actaJson },
  { archivo: 'resultados.xlsx', label: SORTEO_MSG.resultadosExcel },
];

/**
 * Archived raffles (administrators, docs/decisions/0008 "El final y el acta"): the acta in PDF (to print
 * and sign) and JSON (to verify with `npm run sorteo:verificar`), and the results in Excel. The list is
 * read again whenever the number of archived raffles on the public status changes.
 */
export function ActasPanel({ archivados }: { archivados: number }) {
  const headingId = useId();
  const actas = useQuery({
    queryKey: queryKeys.sorteo.actas(archivados),
    queryFn: ({ signal }) => fetchActas(signal),
    staleTime: Infinity,
  });
  const [downloading, setDownloading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (id: string, archivo: ActaArchivo, anio: number) => {
    if (downloading) return;
    setDownloading(`${id}/${archivo}`);
    setError(null);
    try {
      await downloadActa(id, archivo, anio);
    } catch (e) {
      setError(sorteoErrorMessage(e, SORTEO_MSG.errorDescarga));
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="sorteo-panel sorteo-actas" aria-labelledby={headingId}>
      <h2 id={headingId} className="sorteo-panel__titulo">
        {SORTEO_MSG.actasTitulo}
      </h2>
      {error && (
        <Alert variant="danger" role="alert" dismissible closeLabel="Cerrar" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {actas.isPending ? (
        <div role="status" className="mb-2">
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          {SORTEO_MSG.cargando}
        </div>
      ) : actas.isError ? (
        <Alert variant="danger" role="alert">
          {sorteoErrorMessage(actas.error, SORTEO_MSG.errorActas)}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void actas.refetch()}>
            {SORTEO_MSG.reintentar}
          </Button>
        </Alert>
      ) : actas.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{SORTEO_MSG.actasVacio}</p>
      ) : (
        <ul className="sorteo-actas__lista">
          {actas.data.map((acta) => {
            const resumen = SORTEO_MSG.actaResumen({
              anio: acta.anio,
              fecha: fechaHoraTexto(acta.archivadoEn),
              titulares: acta.titulares,
              suplentes: acta.suplentes,
              completo: acta.completo,
            });
            return (
              <li key={acta.id} className="sorteo-actas__item">
                <span>{resumen}</span>
                <span className="d-flex flex-wrap gap-2">
                  {ARCHIVOS.map(({ archivo, label }) => {
                    const busy = downloading === `${acta.id}/${archivo}`;
                    return (
                      <Button
                        key={archivo}
                        size="sm"
                        variant="outline-primary"
                        disabled={downloading !== null}
                        aria-busy={busy || undefined}
                        onClick={() => void download(acta.id, archivo, acta.anio)}
                      >
                        {busy ? SORTEO_MSG.descargando : label}
                        <span className="visually-hidden"> · {resumen}</span>
                      </Button>
                    );
                  })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
