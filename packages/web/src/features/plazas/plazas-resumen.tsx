import type { TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';

/** Per list: places, accepted, offered, free. */
export function PlazasResumen({ listas }: { listas: TPlazasEstado['listas'] }) {
  return (
    <section aria-labelledby="plazas-resumen" className="plazas-resumen mb-4">
      <h2 id="plazas-resumen" className="h5">
        Resumen por lista
      </h2>
      <div className="row g-3">
        {LISTAS.map((lista) => {
          const l = listas[lista];
          return (
            <div key={lista} className="col-12 col-md-6">
              <div className="card h-100">
                <div className="card-body">
                  <h3 className="h6 card-title">{LISTA_LABELS[lista]}</h3>
                  <dl className="plazas-resumen__cifras mb-0">
                    <div>
                      <dt>Plazas</dt>
                      <dd>{l.plazas}</dd>
                    </div>
                    <div>
                      <dt>Aceptadas</dt>
                      <dd>{l.aceptadas}</dd>
                    </div>
                    <div>
                      <dt>Ofrecidas</dt>
                      <dd>{l.ofrecidas}</dd>
                    </div>
                    <div>
                      <dt>Libres</dt>
                      <dd>{l.libres}</dd>
                    </div>
                  </dl>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
