import type { TEnColaApi } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import type { TLista } from '@inscripciones/shared/sorteo/schemas.ts';

/** The suplentes waiting, per list, with their position now and in the raffle. */
export function PlazasCola({ colas }: { colas: Record<TLista, TEnColaApi[]> }) {
  return (
    <div className="row g-3">
      {(['nenas', 'varones'] as const).map((lista) => (
        <section key={lista} className="col-12 col-md-6" aria-labelledby={`cola-${lista}`}>
          <h3 id={`cola-${lista}`} className="h6">
            Suplentes {LISTA_LABELS[lista].toLowerCase()} ({colas[lista].length})
          </h3>
          {colas[lista].length === 0 ? (
            <p className="text-body-secondary">Nadie en espera.</p>
          ) : (
            <ol className="plazas-cola list-unstyled mb-0">
              {colas[lista].map((c) => (
                <li key={`${c.numeroInscripcion}-${c.miembro}`}>
                  <span className="plazas-cola__posicion">{c.posicionActual}.</span>{' '}
                  <span className="fw-semibold">{padNumero(c.numeroInscripcion)}</span> {c.nombreCompleto}{' '}
                  <span className="text-body-secondary small">(en el sorteo: {c.posicionPublicada})</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}
