import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useWidth } from './use-width.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';

export interface BarSegment {
  value: number;
  /** The list filtered as this bar counts; null: not a link (a reserved segment for this reader). */
  href: string | null;
}

export interface BarRow {
  key: string;
  label: string;
  /** One segment per series, stacked left to right. */
  segments: BarSegment[];
}

interface BarChartProps {
  rows: BarRow[];
  /** Names of the series, for the links' labels and the legend (one series: no legend). */
  series: readonly string[];
}

const ROW = 30;
const BAR = 20;
const GAP_RIGHT = 48;
/** Average width of a label character at the chart's font size (0.8rem), to shorten labels that would not fit. */
const CHAR_PX = 6.8;

/**
 * Horizontal bars in SVG. Each bar is a link to the list filtered the same way: reachable with
 * Tab, named for screen readers ("Malvín, Finalizadas: 12. Ver en la lista"), opened without a reload.
 */
export function BarChart({ rows, series }: BarChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const navigate = useNavigate();
  const labelWidth = Math.min(170, Math.round(width * 0.45));
  const maxChars = Math.max(4, Math.floor((labelWidth - 10) / CHAR_PX));
  const plot = Math.max(40, width - labelWidth - GAP_RIGHT);
  const max = Math.max(1, ...rows.map((r) => r.segments.reduce((a, s) => a + s.value, 0)));
  const height = rows.length * ROW + 4;
  const go = (href: string) => (e: MouseEvent) => {
    e.preventDefault();
    void navigate(href);
  };

  return (
    <div ref={ref} className="panel-bars">
      {series.length > 1 && (
        <ul className="panel-legend" aria-hidden="true">
          {series.map((name, i) => (
            <li key={name}>
              <span className={`panel-swatch panel-series-${i}`} /> {name}
            </li>
          ))}
        </ul>
      )}
      <svg width={width} height={height} role="group">
        {rows.map((row, r) => {
          const y = r * ROW + 2;
          let x = labelWidth;
          const total = row.segments.reduce((a, s) => a + s.value, 0);
          return (
            <g key={row.key}>
              <text
                x={labelWidth - 8}
                y={y + BAR / 2}
                className="panel-bars__label"
                textAnchor="end"
                dominantBaseline="central"
              >
                {row.label.length > maxChars ? `${row.label.slice(0, maxChars - 1)}…` : row.label}
                <title>{row.label}</title>
              </text>
              {row.segments.map((s, i) => {
                const w = (s.value / max) * plot;
                const name = series.length > 1 ? `${row.label}, ${series[i]}` : row.label;
                const rect = (
                  <rect
                    x={x}
                    y={y}
                    width={Math.max(w, s.value ? 2 : 0)}
                    height={BAR}
                    className={`panel-series-${i}`}
                    rx={2}
                  />
                );
                x += w;
                if (!s.href || !s.value) return <g key={i}>{rect}</g>;
                return (
                  <a key={i} href={s.href} onClick={go(s.href)} aria-label={PANEL_MSG.barLink(name, s.value)}>
                    {rect}
                  </a>
                );
              })}
              <text x={x + 6} y={y + BAR / 2} className="panel-bars__value" dominantBaseline="central">
                {total}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
