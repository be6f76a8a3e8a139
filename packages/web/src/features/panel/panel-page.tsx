import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ZPanel, type TPanel, type TPanelConteo } from '@inscripciones/shared/panel/panel-schema.ts';
import { DIMENSION_GRAFICO, listaQuery, type FiltroLista } from '@inscripciones/shared/panel/panel-links.ts';
import { segmentoReservado } from '@inscripciones/shared/inscriptos/segmento.ts';
import { can } from '@inscripciones/shared/permissions.ts';
import { fechaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { apiRequest, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { CicloSelector } from '../../lib/ciclo-selector.tsx';
import { PanelCards } from './panel-cards.tsx';
import { BarChart, type BarRow } from './bar-chart.tsx';
import { DailyChart } from './daily-chart.tsx';
import { ChartFigure } from './chart-figure.tsx';
import './panel.css';

type Grafico = keyof typeof DIMENSION_GRAFICO;

const GRAFICOS: { key: Grafico; title: string; csv: string; header: string }[] = [
  { key: 'porEstado', title: 'Por estado', csv: 'estado', header: 'Estado' },
  { key: 'porMotivo', title: 'Condicionales por motivo', csv: 'motivo', header: 'Motivo' },
  { key: 'porEstrato', title: 'Por estrato', csv: 'estrato', header: 'Estrato' },
  { key: 'porSexo', title: 'Por sexo', csv: 'sexo', header: 'Sexo' },
  { key: 'porHermanos', title: 'Grupos de hermanos', csv: 'hermanos', header: 'Hermanos que se inscriben' },
  { key: 'porBarrio', title: 'Por barrio', csv: 'barrio', header: 'Barrio' },
];

/** /panel: the season of a cycle at a glance, for every signed-in role (issue 21; docs/decisions/0021). */
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
    segmentoReservado(filtro) && !can(user, 'inscriptos:filtrar-reservados')
      ? null
      : `/inscriptos?${listaQuery(filtro, ciclo)}`;

  return (
    <>
      <title>Panel · Inscripciones</title>
      <div className="panel-header">
        <h1 className="h3 mb-0">Panel{panel.data ? ` · ${panel.data.ciclo.nombre}` : ''}</h1>
        <div className="panel-header__actions panel-no-print">
          <CicloSelector
            value={ciclo ?? panel.data?.ciclo.id ?? ''}
            onChange={(id) => setParams(id ? { ciclo: id } : {}, { replace: true })}
          />
          <Button variant="outline-secondary" size="sm" className="mb-3" onClick={() => window.print()}>
            Imprimir
          </Button>
        </div>
      </div>

      {panel.isPending && (
        <p role="status" className="d-flex align-items-center gap-2">
          <Spinner animation="border" size="sm" aria-hidden="true" /> Cargando el panel…
        </p>
      )}
      {panel.isError && (
        <Alert variant="danger" role="alert">
          {errorMessage(panel.error, 'No se pudo cargar el panel. Probá de nuevo en unos minutos.')}
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
      {sinDatos ? (
        <p className="text-body-secondary">Todavía no hay inscripciones en este ciclo.</p>
      ) : (
        <div className="panel-grid">
          <ChartFigure
            title="Inscripciones por día (acumulado)"
            csvName="por_dia"
            summary={`${data.tarjetas.total} inscripciones en ${data.porDia.length} días, para ${data.plazas} plazas.`}
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
              title={g.title}
              csvName={g.csv}
              summary={data[g.key].map((c) => `${c.etiqueta}: ${c.cantidad}`).join('; ')}
              table={{ header: [g.header, 'Inscripciones'], rows: data[g.key].map((c) => [c.etiqueta, c.cantidad]) }}
            >
              <BarChart rows={barRows(data[g.key], DIMENSION_GRAFICO[g.key], href)} series={['Inscripciones']} />
            </ChartFigure>
          ))}
          <ChartFigure
            title="Por funcionario que inscribe"
            csvName="funcionario"
            summary={data.porFuncionario
              .map((f) => `${f.nombre}: ${f.finalizadas} finalizadas y ${f.pendientes} pendientes`)
              .join('; ')}
            table={{
              header: ['Funcionario', 'Finalizadas', 'Pendientes'],
              rows: data.porFuncionario.map((f) => [f.nombre, f.finalizadas, f.pendientes]),
            }}
          >
            <BarChart
              series={['Finalizadas', 'Pendientes']}
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
