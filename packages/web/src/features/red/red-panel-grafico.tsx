import type { TRedPanel } from '@inscripciones/shared/escuelas/red-schema.ts';

/**
 * Each school's applications as a bar (finished, then pending) against its places (the dark mark). Plain boxes
 * that reflow at any width. A drawing only: the table under it says the same, and is what screen readers get.
 */
export function RedPanelGrafico({ escuelas }: { escuelas: TRedPanel['escuelas'] }) {
  const max = Math.max(1, ...escuelas.map((e) => Math.max(e.finalizadas + e.pendientes, e.plazas)));
  const pct = (n: number) => `${(n / max) * 100}%`;
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
      {escuelas.map((e) => (
        <div className="red-fila" key={e.codigo}>
          <span className="red-etiqueta">{e.nombre}</span>
          <div className="red-pista">
            <span className="red-barra red-finalizadas" style={{ width: pct(e.finalizadas) }} />
            <span className="red-barra red-pendientes" style={{ width: pct(e.pendientes) }} />
            <span className="red-cifra">{e.solicitudes}</span>
            <span className="red-plazas" style={{ left: pct(e.plazas) }} />
          </div>
        </div>
      ))}
    </div>
  );
}
