import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import type { TPanel } from '@inscripciones/shared/panel/panel-schema.ts';
import { axisLabelAnchor, axisLabelIndexes } from './axis-labels.ts';
import { useWidth } from './use-width.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';

const HEIGHT = 220;
const PAD = { top: 16, right: 12, bottom: 28, left: 44 };

/** "05/10" from "2026-10-05". */
const corta = (fecha: string) => fechaMontevideo(`${fecha}T12:00:00Z`).slice(0, 5);

/**
 * Enrolments per day, cumulative, against the cycle's places: a line that climbs towards the
 * dashed line of the places. Drawn in SVG at the container's width; the table beside it has the numbers.
 */
interface DailyChartProps {
  dias: TPanel['porDia'];
  plazas: number;
  /** The list of one day's enrolments. */
  hrefDia: (fecha: string) => string;
}

export function DailyChart({ dias, plazas, hrefDia }: DailyChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const navigate = useNavigate();
  const go = (href: string) => (e: MouseEvent) => {
    e.preventDefault();
    void navigate(href);
  };
  const plotW = Math.max(60, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const total = dias.at(-1)?.acumulado ?? 0;
  const max = Math.max(1, total, plazas);
  const x = (i: number) => PAD.left + (dias.length > 1 ? (i / (dias.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const points = dias.map((d, i) => `${x(i).toFixed(1)},${y(d.acumulado).toFixed(1)}`).join(' ');
  const ticks = [0, Math.round(max / 2), max];
  const labelled = new Set(axisLabelIndexes(dias.length, plotW));

  return (
    <div ref={ref} className="panel-daily">
      <svg width={width} height={HEIGHT} role="group">
        {ticks.map((t) => (
          <g key={t} aria-hidden="true">
            <line x1={PAD.left} x2={PAD.left + plotW} y1={y(t)} y2={y(t)} className="panel-grid" />
            <text x={PAD.left - 6} y={y(t)} textAnchor="end" dominantBaseline="central" className="panel-axis">
              {t}
            </text>
          </g>
        ))}
        {plazas > 0 && (
          <g aria-hidden="true">
            <line x1={PAD.left} x2={PAD.left + plotW} y1={y(plazas)} y2={y(plazas)} className="panel-plazas" />
            <text x={PAD.left + plotW} y={y(plazas) - 4} textAnchor="end" className="panel-axis">
              {PANEL_MSG.plazas(plazas)}
            </text>
          </g>
        )}
        <polyline points={points} className="panel-line" aria-hidden="true" />
        {/* Each day is a link to its enrolments; the hit area is wider than the dot. */}
        {dias.map((d, i) => (
          <a
            key={d.fecha}
            href={hrefDia(d.fecha)}
            onClick={go(hrefDia(d.fecha))}
            aria-label={PANEL_MSG.dayLink(corta(d.fecha), d.cantidad, d.acumulado)}
          >
            <circle cx={x(i)} cy={y(d.acumulado)} r={8} className="panel-hit" />
            <circle cx={x(i)} cy={y(d.acumulado)} r={dias.length > 40 ? 2 : 3.5} className="panel-dot" />
          </a>
        ))}
        {dias.map((d, i) =>
          labelled.has(i) ? (
            <text
              key={d.fecha}
              x={x(i)}
              y={HEIGHT - 8}
              textAnchor={axisLabelAnchor(i, dias.length)}
              className="panel-axis"
              aria-hidden="true"
            >
              {corta(d.fecha)}
            </text>
          ) : null,
        )}
      </svg>
    </div>
  );
}
