import { useId } from 'react';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import type { TSorteoStatus } from '@inscripciones/shared/sorteo/api-schema.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { VerificarSorteo } from './sorteo-verificar.tsx';
import { sorteoMostrado } from './sorteo-proyector.ts';

/**
 * Every closed raffle of the cycle on the public board: an annulled one with its time, commitment
 * and reason, the finalised one with "Verificar este sorteo". Nothing is re-rolled out of sight.
 */
export function SorteosDelCiclo({ status }: { status: TSorteoStatus }) {
  const headingId = useId();
  // The raffle whose results are shown has its own block ("Sorteo finalizado") with its verify button.
  const mostrado = sorteoMostrado(status)?.id;
  const cerrados = status.sorteosDelCiclo.filter((s) => s.estado !== 'activo' && s.id !== mostrado);
  if (!cerrados.length) return null;
  return (
    <section className="sorteo-ciclo" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6">
        {SORTEO_MSG.sorteosDelCiclo}
      </h2>
      <ul className="list-unstyled mb-0">
        {cerrados.map((s) => (
          <li key={s.id} className={`sorteo-ciclo__item sorteo-ciclo__item--${s.estado}`}>
            <strong>
              {s.estado === 'anulado'
                ? SORTEO_MSG.anuladoEl(fechaHoraTexto(s.cerradoEn))
                : SORTEO_MSG.finalizadoEl(fechaHoraTexto(s.cerradoEn))}
            </strong>{' '}
            · {SORTEO_MSG.compromiso}: <code className="sorteo-hash">{s.compromiso}</code>
            {s.motivoAnulacion && (
              <p className="mb-1">
                {SORTEO_MSG.motivo}: {s.motivoAnulacion}
              </p>
            )}
            {s.listaPublicaHash && <VerificarSorteo sorteo={s} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
