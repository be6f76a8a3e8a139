import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ZPanel, type TPanel, type TPanelConteo } from '@inscripciones/shared/panel/panel-schema.ts';
import { DIMENSION_GRAFICO, listaQuery, type FiltroLista } from '@inscripciones/shared/panel/panel-links.ts';
import { filtroNoPermitido } from '@inscripciones/shared/inscriptos/reserved-fields.ts';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { CicloSelector } from '../../lib/ciclo-selector.tsx';
import { PanelCards } from './panel-cards.tsx';
import { BarChart, type BarRow } from './bar-chart.tsx';
import { DailyChart } from './daily-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';
import { PlazasSorteo } from './plazas-sorteo.tsx';
import './panel.css';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';

type Grafico = keyof typeof DIMENSION_GRAFICO;

const GRAFICOS: { key: Grafico; csv: string; header: string }[] = [
  { key: 'porEstado', csv: 'estado', header: 'Estado' },
  { key: 'porMotivo', csv: 'motivo', header: 'Motivo' },
  { key: 'porEstrato', csv: 'estrato', header: 'Estrato' },
  { key: 'porSexo', csv: 'sexo', header: 'Sexo' },
  { key: 'porHermanos', csv: 'hermanos', header: 'Hermanos que se inscriben' },
  { key: 'porBarrio', csv: 'barrio', header: 'Barrio' },
];

/** /panel: the season of a cycle at a glance, for every signed-in role (docs/decisions/0021). */
export function PanelPage() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const ciclo = params.get('ciclo');
  const panel = useQuery({
    queryKey: queryKeys.panel(ciclo),
    queryFn: ({ signal }) =>
      apiRequest(`/api/panel${ciclo ? `?ciclo=${encodeURIComponent(ciclo)}` : ''}`, { schema: ZPanel, signal }),
  });

  const href = (filtro: FiltroLista) =>
    filtroNoPermitido(user, filtro) ? null : `/inscriptos?${listaQuery(filtro, ciclo)}`;

  return (
    <>
      <title>Panel · Inscripciones</title>
      <div className="panel-header">
        <h1 className="h3 mb-0">
          {PANEL_MSG.title}
          {panel.data ? ` · ${panel.data.ciclo.nombre}` : ''}
        </h1>
        <div className="panel-header__actions panel-no-print">
          <CicloSelector
            value={ciclo ?? panel.data?.ciclo.id ?? ''}
            onChange={(id) => setParams(id ? { ciclo: id } : {}, { replace: true })}
          />
          <Button variant="outline-secondary" size="sm" className="mb-3" onClick={() => window.print()}>
            {PANEL_MSG.print}
          </Button>
        </div>
      </div>

      {panel.isPending && (
        <p role="status" className="d-flex align-items-center gap-2">
          <Spinner animation="border" size="sm" aria-hidden="true" /> {PANEL_MSG.loading}
        </p>
      )}
      {panel.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(panel.error, PANEL_MSG.loadFailed)}
        </Alert>
      )}
      {panel.data && <PanelBody data={panel.data} href={href} />}
    </>
  );
}

function barRows(
  conteos: TPanelConteo[],
  dimension: keyof FiltroLista,
  href: (f: FiltroLista) => string | null,
): BarRow[] {
  return conteos.map((c) => ({
    key: c.clave,
    label: c.etiqueta,
    segments: [{ value: c.cantidad, href: href({ [dimension]: c.clave }) }],
  }));
}

function PanelBody({ data, href }: { data: TPanel; href: (f: FiltroLista) => string | null }) {
  const sinDatos = data.tarjetas.total === 0;
  return (
    <>
      <PanelCards tarjetas={data.tarjetas} href={href} />
      {data.plazasSorteo && <PlazasSorteo plazas={data.plazasSorteo} />}
      {sinDatos ? (
        <p className="text-body-secondary">{PANEL_MSG.empty}</p>
      ) : (
        <div className="panel-grid">
          <ChartFigure
            title={PANEL_MSG.charts.porDia}
            csvName="por_dia"
            summary={PANEL_MSG.porDiaResumen(data.tarjetas.total, data.porDia.length, data.plazas)}
            table={{
              header: ['Día', 'Inscripciones', 'Acumulado'],
              rows: data.porDia.map((d) => [fechaMontevideo(`${d.fecha}T12:00:00Z`), d.cantidad, d.acumulado]),
            }}
          >
            <DailyChart
              dias={data.porDia}
              plazas={data.plazas}
              hrefDia={(fecha) => href({ desde: fecha, hasta: fecha }) ?? ''}
            />
          </ChartFigure>
          {GRAFICOS.map((g) => (
            <ChartFigure
              key={g.key}
              title={PANEL_MSG.charts[g.key]}
              csvName={g.csv}
              summary={data[g.key].map((c) => `${c.etiqueta}: ${c.cantidad}`).join('; ')}
              table={{ header: [g.header, 'Inscripciones'], rows: data[g.key].map((c) => [c.etiqueta, c.cantidad]) }}
            >
              <BarChart rows={barRows(data[g.key], DIMENSION_GRAFICO[g.key], href)} series={['Inscripciones']} />
            </ChartFigure>
          ))}
          <ChartFigure
            title={PANEL_MSG.charts.porFuncionario}
            csvName="funcionario"
            summary={data.porFuncionario
              .map((f) => PANEL_MSG.porFuncionarioResumen(f.nombre, f.finalizadas, f.pendientes))
              .join('; ')}
            table={{
              header: ['Funcionario', 'Finalizadas', 'Pendientes'],
              rows: data.porFuncionario.map((f) => [f.nombre, f.finalizadas, f.pendientes]),
            }}
          >
            <BarChart
              series={[PANEL_MSG.series.finalizadas, PANEL_MSG.series.pendientes]}
              rows={data.porFuncionario.map((f) => ({
                key: f.funcionario,
                label: f.nombre,
                segments: [
                  { value: f.finalizadas, href: href({ funcionario: f.funcionario, estado: 'finalizado' }) },
                  { value: f.pendientes, href: href({ funcionario: f.funcionario, estado: 'pendiente' }) },
                ],
              }))}
            />
          </ChartFigure>
        </div>
      )}
    </>
  );
}
