import type { TRedPanel } from '@inscripciones/shared/escuelas/red-schema.ts';

const FILA = 34;
const BARRA = 20;
const ETIQUETA = 150;
const ANCHO = 640;

/**
 * Each school's applications as a bar (finished, then pending) against its places (the dark tick). A drawing
 * only: the table under it says the same, and is what screen readers get.
 */
export function RedPanelGrafico({ escuelas }: { escuelas: TRedPanel['escuelas'] }) {
  const max = Math.max(1, ...escuelas.map((e) => Math.max(e.finalizadas + e.pendientes, e.plazas)));
  const plot = ANCHO - ETIQUETA - 48;
  const x = (n: number) => ETIQUETA + (n / max) * plot;
  const alto = escuelas.length * FILA + 4;
  return (
    <div className="red-grafico" aria-hidden="true">
      <ul className="red-leyenda">
        <li>
          <span className="red-muestra red-finalizadas" /> Finalizadas
        </li>
        <li>
          <span className="red-muestra red-pendientes" /> Pendientes
        </li>
        <li>
          <span className="red-muestra red-plazas-muestra" /> Plazas
        </li>
      </ul>
      <svg viewBox={`0 0 ${ANCHO} ${alto}`} width="100%" preserveAspectRatio="xMinYMin meet">
        {escuelas.map((e, i) => {
          const y = i * FILA + 2;
          const nombre = e.nombre.length > 20 ? `${e.nombre.slice(0, 19)}…` : e.nombre;
          return (
            <g key={e.codigo}>
              <text
                x={ETIQUETA - 8}
                y={y + BARRA / 2}
                textAnchor="end"
                dominantBaseline="central"
                className="red-etiqueta"
              >
                {nombre}
              </text>
              <rect x={ETIQUETA} y={y} width={x(e.finalizadas) - ETIQUETA} height={BARRA} className="red-finalizadas" />
              <rect
                x={x(e.finalizadas)}
                y={y}
                width={x(e.pendientes) - ETIQUETA}
                height={BARRA}
                className="red-pendientes"
              />
              <line x1={x(e.plazas)} x2={x(e.plazas)} y1={y - 3} y2={y + BARRA + 3} className="red-plazas" />
              <text
                x={x(e.finalizadas + e.pendientes) + 6}
                y={y + BARRA / 2}
                dominantBaseline="central"
                className="red-etiqueta"
              >
                {e.solicitudes}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
