import type { TSorteoDelCiclo } from '@inscripciones/shared/sorteo/acta-schema.ts';
import type {
  TSorteoLinea,
  TSorteoParticipante,
  TSorteoParticipants,
  TSorteoStatus,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import { iniciales, nombreUnidad, sexoDeLista } from '@inscripciones/shared/sorteo/format.ts';
import { childResults } from '@inscripciones/shared/sorteo/results.ts';
import type { TEstadisticas, TPlazas, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { inactiveStatus } from '@inscripciones/shared/sorteo/status.ts';
import { poolOf } from '@inscripciones/shared/sorteo/units.ts';
import { plazasOf, type Loaded } from './sorteo-cache.ts';
import type { SorteoHead } from '../../data/sorteos/sorteo-repository.ts';
import { estadoCerrado } from './sorteo-acta.ts';
import { fuenteDe, valoresDe } from '../../domain/sorteos/fuente-valor-publico.ts';
import { describirFuente, formaDelValor } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';

/**
 * How a raffle is shown (docs/decisions/0008 "API"): the status, the board's lists, one participant. Pure
 * functions of the raffle's row and its loaded units and plan.
 */

export interface SorteoSettings {
  plazas: TPlazas;
  anio: number;
}

/**
 * Public boards show initials only (nothing public gives a child's full name); an administrator's
 * session sees the names.
 */
export type Privacy = { admin: boolean };
const shown = (name: string, p: Privacy) => (p.admin ? name : iniciales(name));

export function participanteView(unit: TUnidad, plazas: TPlazas, p: Privacy): TSorteoParticipante {
  const esGrupo = unit.miembros.length > 1;
  return {
    numeroInscripcion: unit.numero,
    nombreCompleto: esGrupo
      ? nombreUnidad(unit.miembros.map((m) => ({ nombreCompleto: shown(m.nombreCompleto, p) })))
      : shown(unit.miembros[0]!.nombreCompleto, p),
    sexo: sexoDeLista(poolOf(unit.miembros[0]!.sexo, plazas)),
    esGrupo,
    grupo: esGrupo
      ? unit.miembros.map((m) => ({
          nombreCompleto: shown(m.nombreCompleto, p),
          sexo: sexoDeLista(poolOf(m.sexo, plazas)),
        }))
      : [],
  };
}

export const EMPTY_PARTICIPANTS: TSorteoParticipants = {
  principales: [],
  titulares: { nenas: [], varones: [] },
  suplentes: { varones: [], nenas: [] },
  totales: { principales: 0, suplentes: 0, total: 0 },
  participantes: [],
};

export function participantsOf(head: SorteoHead, loaded: Loaded, p: Privacy): TSorteoParticipants {
  const total = (JSON.parse(head.estadisticas) as TEstadisticas).total;
  if (!loaded.plan) return { ...EMPTY_PARTICIPANTS, totales: { principales: 0, suplentes: 0, total } };
  const plazas = plazasOf(head);
  const results = childResults(loaded.units, loaded.plan.draws, head.indice);
  const unitViews = new Map<number, TSorteoParticipante>();
  const unitView = (u: TUnidad) => {
    let view = unitViews.get(u.numero);
    if (!view) unitViews.set(u.numero, (view = participanteView(u, plazas, p)));
    return view;
  };
  const lines: TSorteoLinea[] = results.map((r) => {
    const unit = unitView(r.unidad);
    return {
      numeroInscripcion: r.numero,
      nombreCompleto: shown(r.miembro.nombreCompleto, p),
      sexo: sexoDeLista(r.lista),
      esGrupo: unit.esGrupo,
      grupo: unit.grupo,
      index: r.index,
      lista: r.lista,
      resultado: r.resultado,
      ...(p.admin ? { etapa: r.stage, posicion: r.posicion } : {}),
    };
  });
  const list = (resultado: TSorteoLinea['resultado'], lista: TSorteoLinea['lista']) =>
    lines.filter((l) => l.resultado === resultado && l.lista === lista);
  const counters = loaded.plan.counters[head.indice]!;
  return {
    principales: lines.filter((l) => l.resultado === 'titular'),
    // Positions grow with the draws, so draw order is position order in every list.
    titulares: { nenas: list('titular', 'nenas'), varones: list('titular', 'varones') },
    suplentes: { varones: list('suplente', 'varones'), nenas: list('suplente', 'nenas') },
    totales: { principales: counters.selectedCount, suplentes: counters.suplentesCount, total },
    participantes: loaded.plan.draws.slice(0, head.indice).map((d) => ({
      index: d.index,
      resultado: d.resultado,
      participante: unitView(loaded.byNumero.get(d.numero)!),
      ...(p.admin ? { etapa: d.stage } : {}),
    })),
  };
}

const estadoPublico = (estado: SorteoHead['estado']) =>
  estado === 'activo' ? ('activo' as const) : estadoCerrado(estado);

/** The hash the board shows: the public list's (full list's for raffles older than 0013). */
const hashPublicado = (head: SorteoHead) => head.lista_publica_hash ?? head.participantes_hash;

export function sorteoDelCiclo(head: SorteoHead): TSorteoDelCiclo {
  return {
    id: head.id,
    estado: estadoPublico(head.estado),
    iniciadoEn: head.creado_en,
    cerradoEn: head.estado === 'activo' ? null : (head.archivado_en ?? head.actualizado_en),
    compromiso: head.compromiso,
    listaPublicaHash: head.lista_publica_hash,
    motivoAnulacion: head.motivo_anulacion,
    sorteosConfirmados: head.indice,
    totalSorteos: head.total,
  };
}

export interface StatusInput {
  settings: SorteoSettings;
  head: SorteoHead | undefined;
  loaded: Loaded | null;
  archivados: number;
  last: SorteoHead | undefined;
  ciclo: SorteoHead[];
  resultadosDe: string | null;
  ancla: TSorteoStatus['ancla'];
}

export function statusOf({
  settings,
  head,
  loaded,
  archivados,
  last,
  ciclo,
  resultadosDe,
  ancla,
}: StatusInput): TSorteoStatus {
  const fuenteUltimo = last ? fuenteDe(last) : null;
  const ultimoArchivado = last
    ? {
        id: last.id,
        archivadoEn: last.archivado_en ?? last.actualizado_en,
        estado: estadoCerrado(last.estado),
        motivoAnulacion: last.motivo_anulacion,
        compromiso: last.compromiso,
        semilla: last.semilla,
        sal: last.sal,
        valorPublico: last.valor_publico,
        valorPublicoOrigen: last.valor_publico_origen,
        fuenteValorPublico: fuenteUltimo,
        fuenteDescripcion: fuenteUltimo ? describirFuente(fuenteUltimo) : null,
        valoresIngresados: valoresDe(last),
        participantesHash: hashPublicado(last),
      }
    : null;
  const common = {
    sorteosArchivados: archivados,
    ultimoArchivado,
    sorteosDelCiclo: ciclo.map(sorteoDelCiclo),
    resultadosDe: head ? null : resultadosDe,
    ancla,
  };
  if (!head || !loaded) return inactiveStatus({ plazas: settings.plazas, anio: settings.anio, ...common });
  const stats = JSON.parse(head.estadisticas) as TEstadisticas;
  const fuente = fuenteDe(head);
  const counters = loaded.plan?.counters[head.indice] ?? { selectedCount: 0, suplentesCount: 0 };
  const firstStage = stats.gruposHermanos
    ? ('hermanos_juntos' as const)
    : stats.hermanosPrimaria
      ? ('hermanos_primaria' as const)
      : ('comun' as const);
  return {
    isActive: true,
    currentStage: loaded.plan ? (loaded.plan.draws[head.indice]?.stage ?? null) : firstStage,
    currentIndex: head.indice,
    ...counters,
    id: head.id,
    completado: head.indice >= head.total,
    total: head.total,
    participantesTotal: stats.total,
    estadisticas: stats,
    plazas: plazasOf(head),
    anio: head.anio,
    iniciadoEn: head.creado_en,
    compromiso: head.compromiso,
    participantesHash: hashPublicado(head),
    valorPublico: head.valor_publico || null,
    valorPublicoOrigen: head.valor_publico_origen || null,
    valorPublicoAbierto: head.con_plan !== 1,
    fuenteValorPublico: fuente,
    fuenteDescripcion: fuente ? describirFuente(fuente) : null,
    formaValor: fuente ? formaDelValor(fuente) : null,
    valoresIngresados: valoresDe(head),
    ...common,
  };
}
