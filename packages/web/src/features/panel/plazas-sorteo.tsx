import { Link } from 'react-router';
import type { TPanelPlazas } from '@inscripciones/shared/panel/panel-schema.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';
import { LISTA_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { LISTAS } from '@inscripciones/shared/sorteo/schemas.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';

const M = PANEL_MSG.plazasSorteo;
const SERIES = ['aceptadas', 'ofrecidas', 'libres'] as const;
/** The table has one column per list (it fits a phone), one row per number. */
const FILAS = ['plazas', ...SERIES] as const;
const ETIQUETA = { plazas: PANEL_MSG.plazasSorteo.enTotal, ...PANEL_MSG.plazasSorteo.series };

/**
 * After the raffle: per list, the places accepted, offered and free, stacked to the list's
 * places, with the table, the CSV and a way to the Plazas screen (which shows the current cycle only).
 */
export function PlazasSorteo({ plazas }: { plazas: TPanelPlazas }) {
  const href = plazas.actual ? '/plazas' : null;
  const total = (k: (typeof FILAS)[number]) => LISTAS.reduce((n, l) => n + plazas.listas[l][k], 0);
  return (
    <div className="panel-plazas-sorteo">
      <ChartFigure
        title={PANEL_MSG.charts.plazasSorteo}
        csvName="plazas"
        summary={LISTAS.map((l) => M.resumen(LISTA_LABELS[l], plazas.listas[l])).join('; ')}
        table={{
          header: [M.plazas, ...LISTAS.map((l) => LISTA_LABELS[l]), M.total],
          rows: FILAS.map((k) => [ETIQUETA[k], ...LISTAS.map((l) => plazas.listas[l][k]), total(k)]),
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
