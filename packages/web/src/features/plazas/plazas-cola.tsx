import { padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import type { ColaVisible } from './plazas-view.ts';

/** The suplentes waiting in the lists the filters show, with their position now and in the raffle. */
export function PlazasCola({ colas }: { colas: readonly ColaVisible[] }) {
  return (
    <div className="row g-3">
      {colas.map(({ lista, total, mostrados }) => (
        <section
          key={lista}
          className={colas.length > 1 ? 'col-12 col-md-6' : 'col-12'}
          aria-labelledby={`cola-${lista}`}
        >
          <h3 id={`cola-${lista}`} className="h6">
            Suplentes {LISTA_LABELS[lista].toLowerCase()} (
            {mostrados.length === total ? total : `${mostrados.length} de ${total}`})
          </h3>
          {total === 0 ? (
            <p className="text-body-secondary">Nadie en espera.</p>
          ) : mostrados.length === 0 ? (
            <p className="text-body-secondary">Nadie en espera coincide con la búsqueda.</p>
          ) : (
            <ol className="plazas-cola list-unstyled mb-0">
              {mostrados.map((c) => (
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
