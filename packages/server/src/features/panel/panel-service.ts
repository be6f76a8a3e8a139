import { diaMontevideo } from '@inscripciones/shared/montevideo-time.ts';
import { BARRIO, SEXO } from '@inscripciones/shared/inscriptos/options.ts';
import { MOTIVOS_CONDICION } from '@inscripciones/shared/inscriptos/socioeconomic.ts';
import {
  GRUPOS_HERMANOS,
  HERMANOS_LABELS,
  MOTIVO_LABELS,
  SIN_DATO,
  SIN_DATO_LABEL,
  grupoHermanos,
} from '@inscripciones/shared/inscriptos/segmento.ts';
import { PANEL_MSG } from '@inscripciones/shared/panel/messages.ts';
import type { TPanel, TPanelConteo, TPanelPlazas, TPanelQuery } from '@inscripciones/shared/panel/panel-schema.ts';
import type { AppContext } from '../../domain/context.ts';
import type { TResumenPanel } from '../../domain/red/puerto-red.ts';
import type { CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { cicloParaLeer, cicloRef } from '../../domain/ciclos/ciclo-scope.ts';
import { panelCounts, type PanelConteo } from '../../data/inscriptos/panel-reads.ts';
import { namesOf } from '../../data/users/users-repository.ts';

/** Adds `cantidad` under `clave` (keeps first-seen order; the caller sorts). */
function tally(map: Map<string, number>, clave: string, cantidad: number) {
  map.set(clave, (map.get(clave) ?? 0) + cantidad);
}

function toConteos(map: Map<string, number>, etiqueta: (clave: string) => string): TPanelConteo[] {
  return [...map].map(([clave, cantidad]) => ({ clave, etiqueta: etiqueta(clave), cantidad }));
}

const byCount = (a: TPanelConteo, b: TPanelConteo) => b.cantidad - a.cantidad || a.etiqueta.localeCompare(b.etiqueta);
const labelOf = (options: readonly { value: string; label: string }[]) => {
  const labels = new Map(options.map((o) => [o.value, o.label]));
  return (clave: string) => (clave === SIN_DATO ? SIN_DATO_LABEL : (labels.get(clave) ?? clave));
};

/** The counters of one dimension, by value ('' is "sin dato"). */
function dimension(conteos: PanelConteo[], name: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of conteos) if (c.dimension === name) out.set(c.clave, c.n);
  return out;
}

const sinDato = (clave: string) => clave || SIN_DATO;

/**
 * The places after a cycle's raffle, per list, or null before it is finished. The plazas feature gives it
 * (app.ts wires it in): the same roll-up GET /api/plazas reads.
 */
export type PlazasDelCiclo = (ctx: AppContext, cicloId: string) => Promise<TPanelPlazas['listas'] | null>;

/**
 * The figures the network's panel shows of each school (decision 0036), by the same rule as the school's own
 * panel below: its cycle, places, applications by estado and places after the raffle.
 */
function resumen(
  ciclo: CicloRow,
  conteos: PanelConteo[],
  listas: TPanelPlazas['listas'] | null,
): { estado: Map<string, number>; resumen: TResumenPanel } {
  const estado = new Map<string, number>([['pendiente', 0], ['finalizado', 0], ...dimension(conteos, 'estado')]);
  return {
    estado,
    resumen: {
      ciclo: cicloRef(ciclo),
      plazas: ciclo.plazas_nenas + ciclo.plazas_varones,
      tarjetas: {
        total: [...estado.values()].reduce((a, b) => a + b, 0),
        pendientes: estado.get('pendiente') ?? 0,
        finalizadas: estado.get('finalizado') ?? 0,
      },
      plazasSorteo: listas && { actual: ciclo.actual === 1, listas },
    },
  };
}

/** The network's panel's figures of this school's cycle in force: only the counters by estado are read. */
export async function resumenDelPanel(
  ctx: AppContext,
  plazasDelCiclo: PlazasDelCiclo,
  actor: SessionActor,
): Promise<TResumenPanel> {
  requirePermission(actor, 'panel:ver');
  const ciclo = await cicloParaLeer(ctx.db, undefined);
  const [conteos, listas] = await Promise.all([panelCounts(ctx.db, ciclo.id, 'estado'), plazasDelCiclo(ctx, ciclo.id)]);
  return resumen(ciclo, conteos, listas).resumen;
}

/** GET /api/panel: the season of one cycle at a glance, aggregates only. */
export async function panel(
  ctx: AppContext,
  plazasDelCiclo: PlazasDelCiclo,
  actor: SessionActor,
  query: TPanelQuery,
): Promise<TPanel> {
  requirePermission(actor, 'panel:ver');
  const ciclo = await cicloParaLeer(ctx.db, query.ciclo);
  const [conteos, listas] = await Promise.all([panelCounts(ctx.db, ciclo.id), plazasDelCiclo(ctx, ciclo.id)]);
  const { estado, resumen: comun } = resumen(ciclo, conteos, listas);
  const { total } = comun.tarjetas;
  const estrato = new Map<string, number>([
    ['BAJO', 0],
    ['NORMAL', 0],
  ]);
  // A record not yet derived ('') reads NORMAL, as estrato() does for missing data.
  for (const [clave, n] of dimension(conteos, 'estrato')) tally(estrato, clave || 'NORMAL', n);

  const motivo = new Map<string, number>(MOTIVOS_CONDICION.map((m) => [m, 0]));
  let condicionales = 0;
  for (const [clave, n] of dimension(conteos, 'condicion')) {
    if (!clave) continue;
    condicionales += n;
    for (const m of clave.split(',')) tally(motivo, m, n);
  }

  const sexo = new Map<string, number>();
  for (const [clave, n] of dimension(conteos, 'sexo')) tally(sexo, sinDato(clave), n);
  const hermanos = new Map<string, number>(GRUPOS_HERMANOS.map((g) => [g, 0]));
  for (const [clave, n] of dimension(conteos, 'hermanos')) tally(hermanos, grupoHermanos(Number(clave || 0)), n);
  const barrio = new Map<string, number>();
  for (const [clave, n] of dimension(conteos, 'barrio')) tally(barrio, sinDato(clave), n);

  const porDia = new Map<string, number>();
  for (const [hora, n] of dimension(conteos, 'hora')) {
    // An hour "2026-10-31T02" is 23:00 of the 30th in Montevideo; a bare date (imports) is that day.
    tally(porDia, hora.length >= 13 ? diaMontevideo(`${hora}:00:00Z`) : hora.slice(0, 10), n);
  }
  let acumulado = 0;
  const dias = [...porDia]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([fecha, cantidad]) => ({ fecha, cantidad, acumulado: (acumulado += cantidad) }));

  const porFuncionario = new Map<string, { finalizadas: number; pendientes: number }>();
  for (const [clave, n] of dimension(conteos, 'funcionario')) {
    const cut = clave.lastIndexOf('|');
    const username = clave.slice(0, cut);
    const entry = porFuncionario.get(username) ?? { finalizadas: 0, pendientes: 0 };
    if (clave.slice(cut + 1) === 'finalizado') entry.finalizadas += n;
    else entry.pendientes += n;
    porFuncionario.set(username, entry);
  }
  const nombres = await namesOf(ctx.red.db, [...porFuncionario.keys()]);

  const estratoBajo = estrato.get('BAJO') ?? 0;
  return {
    ciclo: comun.ciclo,
    plazas: comun.plazas,
    tarjetas: {
      ...comun.tarjetas,
      condicionales,
      estratoBajo,
      porcentajeEstratoBajo: total ? Math.round((estratoBajo / total) * 1000) / 10 : 0,
      fueraDeZona: dimension(conteos, 'fuera_zona').get('1') ?? 0,
    },
    porDia: dias,
    porEstado: toConteos(estado, (c) => PANEL_MSG.estados[c as keyof typeof PANEL_MSG.estados]),
    porBarrio: toConteos(barrio, labelOf(BARRIO)).sort(byCount),
    porEstrato: toConteos(estrato, (c) => c),
    porMotivo: toConteos(motivo, (c) => MOTIVO_LABELS[c as keyof typeof MOTIVO_LABELS] ?? c),
    porSexo: toConteos(sexo, labelOf(SEXO)).sort(byCount),
    porHermanos: toConteos(hermanos, (c) => HERMANOS_LABELS[c as keyof typeof HERMANOS_LABELS] ?? c),
    porFuncionario: [...porFuncionario]
      .map(([funcionario, v]) => ({ funcionario, nombre: nombres.get(funcionario) ?? funcionario, ...v }))
      .sort(
        (a, b) => b.finalizadas + b.pendientes - (a.finalizadas + a.pendientes) || a.nombre.localeCompare(b.nombre),
      ),
    plazasSorteo: comun.plazasSorteo,
  };
}
