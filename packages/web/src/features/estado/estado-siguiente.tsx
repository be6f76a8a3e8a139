import type { TEstadoFamilia } from '@inscripciones/shared/estado/estado-schema.ts';
import { enlaceTelefono, lineasDeHorario } from '@inscripciones/shared/configuracion/textos.ts';

/**
 * What the family does next, before when and how, and where: the school's phone (a tap calls), its
 * address and its opening hours, as Configuración has them.
 */
export function EstadoSiguiente({ estado, children }: { estado: TEstadoFamilia; children?: React.ReactNode }) {
  const { siguiente, escuela } = estado;
  return (
    <>
      <section
        className={`estado-siguiente mt-3 p-3 rounded border ${siguiente.antesDe ? 'border-primary bg-primary-subtle' : 'bg-body-tertiary'}`}
        aria-labelledby="estado-siguiente-titulo"
      >
        <h3 id="estado-siguiente-titulo" className="h6 fw-bold mb-2">
          Qué tenés que hacer
        </h3>
        <p className="fw-semibold mb-1">{siguiente.accion}</p>
        <p className="mb-0">{siguiente.como}</p>
        {children}
      </section>
      <section className="mt-3" aria-labelledby="estado-contacto-titulo">
        <h3 id="estado-contacto-titulo" className="h6 fw-bold mb-1">
          Contacto de la escuela
        </h3>
        <dl className="estado-contacto mb-0">
          <dt>Teléfono</dt>
          <dd>
            <a href={enlaceTelefono(escuela.telefono)}>{escuela.telefono}</a>
          </dd>
          <dt>Dirección</dt>
          <dd>{escuela.direccion}</dd>
          <dt>Horario de atención</dt>
          <dd>
            {lineasDeHorario(escuela.horarios).map((l) => (
              <span key={l} className="d-block">
                {l}
              </span>
            ))}
          </dd>
        </dl>
      </section>
    </>
  );
}
