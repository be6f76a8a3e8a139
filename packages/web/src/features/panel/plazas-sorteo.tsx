import { Link } from 'react-router';
import type { TPanelPlazas } from '@inscripciones/shared/panel/panel-schema.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';

const M = PANEL_MSG.plazasSorteo;
const SERIES = ['aceptadas', 'ofrecidas', 'libres'] as const;

/**
 * After the raffle (issues 17 and 21): per list, the places accepted, offered and free, stacked to the list's
 * places, with the table, the CSV and a way to the Plazas screen (which shows the current cycle only).
 */
export function PlazasSorteo({ plazas }: { plazas: TPanelPlazas }) {
  const href = plazas.actual ? '/plazas' : null;
  const total = Object.fromEntries(
    (['plazas', ...SERIES] as const).map((k) => [k, LISTAS.reduce((n, l) => n + plazas.listas[l][k], 0)]),
  ) as Record<'plazas' | (typeof SERIES)[number], number>;
  const fila = (label: string, p: typeof total) => [label, p.plazas, p.aceptadas, p.ofrecidas, p.libres];
  return (
    <div className="panel-plazas-sorteo">
      <ChartFigure
        title={PANEL_MSG.charts.plazasSorteo}
        csvName="plazas"
        summary={LISTAS.map((l) => M.resumen(LISTA_LABELS[l], plazas.listas[l])).join('; ')}
        table={{
          header: [M.lista, M.plazas, M.series.aceptadas, M.series.ofrecidas, M.series.libres],
          rows: [...LISTAS.map((l) => fila(LISTA_LABELS[l], plazas.listas[l])), fila(M.total, total)],
        }}
      >
        <BarChart
          series={SERIES.map((s) => M.series[s])}
          rows={LISTAS.map((l) => ({
            key: l,
            label: LISTA_LABELS[l],
            segments: SERIES.map((s) => ({ value: plazas.listas[l][s], href })),
          }))}
        />
        {href && (
          <p className="mb-2 panel-no-print">
            <Link to={href}>{M.verPlazas}</Link>
          </p>
        )}
      </ChartFigure>
    </div>
  );
}
