import { AppError } from '@inscripciones/shared/errors.ts';
import { yearInMontevideo } from '@inscripciones/shared/inscriptos/dates.ts';
import type { TInscriptoData } from '@inscripciones/shared/inscriptos/inscripto-schema.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { planRaffle } from '@inscripciones/shared/sorteo/plan.ts';
import { childResults, countersAt, type TContadores } from '@inscripciones/shared/sorteo/results.ts';
import type { TEstadisticas, TPlazas, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import {
  buildUnits,
  canonicalJson,
  estadisticas,
  poolOf,
  type TSorteoFuente,
} from '@inscripciones/shared/sorteo/units.ts';
import { iniciales, nombreUnidad, sexoDeLista } from '@inscripciones/shared/sorteo/format.ts';
import type {
  TSorteoLinea,
  TSorteoNext,
  TSorteoParticipante,
  TSorteoParticipants,
  TSorteoStatus,
  TSorteoTablero,
} from '@inscripciones/shared/sorteo/api-schema.ts';
import type { TActa } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { inactiveStatus } from '@inscripciones/shared/sorteo/status.ts';
import type { SorteoConfig } from '../../config.ts';
import { cicloActualAbierto } from '../../ciclos-store/ciclo-scope.ts';
import type { AppContext, SessionActor } from '../../context.ts';
import { requirePermission } from '../../lib/authorization.ts';
import { newId } from '@inscripciones/shared/ids.ts';
import * as repo from './sorteo-repository.ts';
import * as enrolments from '../../inscriptos-store/sorteo-reads.ts';
import { appendAudit } from '../../audit/audit-repository.ts';
import { paresAbiertos } from '../../duplicados-store/pares-abiertos.ts';
import { commitment, hmacSource, newSeed, sha256Hex } from './sorteo-random.ts';
import { buildActa } from './sorteo-acta.ts';
import { isUniqueViolation } from '../../db/db-errors.ts';
import { fechaHoraTexto } from '@inscripciones/shared/montevideo-time.ts';
import { DUPLICADO_MSG } from '@inscripciones/shared/duplicados/messages.ts';

/**
 * The raffle (docs/decisions/0008). State lives in the `sorteos` row: the frozen units, the seed, the plan
 * (computed once, at the first GET next) and `indice`, the number of confirmed draws. Everything else is
 * derived, so a restarted server, or another instance on the same database, continues exactly there.
 * Parsed units and plans are cached by raffle id: they never change once stored.
 */

export interface SorteoSettings {
  plazas: TPlazas;
  anio: number;
  soloIniciales: boolean;
}

interface LoadedPlan {
  draws: TSorteoDraw[];
  indexByNumero: Map<number, number>;
  /** counters[k]: titulares and suplentes after the first k draws. */
  counters: TContadores[];
}

interface Loaded {
  units: TUnidad[];
  byNumero: Map<number, TUnidad>;
  plan: LoadedPlan | null;
}

export interface SorteoRuntime {
  config: Readonly<SorteoConfig>;
  /** Told after every change made here, so live boards hear of it at once. */
  events: { changed(): void };
  newSeed: () => Buffer;
  cache: Map<string, Loaded>;
}

const CACHE_SIZE = 8;

export function createRuntime(config: Readonly<SorteoConfig>, seed: () => Buffer = newSeed): SorteoRuntime {
  return { config, events: { changed() {} }, newSeed: seed, cache: new Map() };
}

/**
 * The one place the raffle's settings are read: default places, the intake year of the board title and
 * whether the public board shows initials instead of full names. `rt.config` is the live view of the school's
 * content that app.ts passes in (docs/decisions/0011): each read returns what an administrator saved on
 * /admin/configuracion, or, while nothing is saved, the data file's defaults with the SORTEO_* variables over
 * them. Without a year, the year falls back to next year in Montevideo.
 */
export function sorteoSettings(ctx: AppContext, rt: SorteoRuntime): SorteoSettings {
  return {
    plazas: { nenas: rt.config.plazasNenas, varones: rt.config.plazasVarones },
    anio: rt.config.anio ?? yearInMontevideo(ctx.clock()) + 1,
    soloIniciales: rt.config.tableroSoloIniciales,
  };
}

/** What changes whenever anything about the raffles changes (start, confirmation, end): the live boards poll it. */
export function fingerprint(ctx: AppContext): Promise<string> {
  return repo.fingerprint(ctx.db);
}

// ---------------------------------------------------------------- loading

function loadedPlan(draws: TSorteoDraw[]): LoadedPlan {
  const counters = [countersAt(draws, 0)];
  for (const d of draws) {
    const prev = counters[counters.length - 1]!;
    counters.push(
      d.resultado === 'titular'
        ? { ...prev, selectedCount: prev.selectedCount + d.miembros.length }
        : { ...prev, suplentesCount: prev.suplentesCount + d.miembros.length },
    );
  }
  return { draws, indexByNumero: new Map(draws.map((d) => [d.numero, d.index])), counters };
}

function remember(rt: SorteoRuntime, id: string, entry: Loaded): Loaded {
  rt.cache.delete(id);
  rt.cache.set(id, entry);
  while (rt.cache.size > CACHE_SIZE) rt.cache.delete(rt.cache.keys().next().value!);
  return entry;
}

async function load(ctx: AppContext, rt: SorteoRuntime, head: repo.SorteoHead): Promise<Loaded> {
  const cached = rt.cache.get(head.id);
  if (cached && (cached.plan || head.con_plan !== 1)) return cached;
  const content = await repo.findContent(ctx.db, head.id);
  if (!content) throw new AppError('NOT_FOUND', SORTEO_MSG.noActivo);
  const units = cached?.units ?? (JSON.parse(content.participantes) as TUnidad[]);
  return remember(rt, head.id, {
    units,
    byNumero: new Map(units.map((u) => [u.numero, u])),
    plan: content.plan ? loadedPlan(JSON.parse(content.plan) as TSorteoDraw[]) : null,
  });
}

const plazasOf = (head: repo.SorteoHead): TPlazas => ({ nenas: head.plazas_nenas, varones: head.plazas_varones });

/**
 * The plan of the raffle, computed and stored on first use (the first GET next, after the public value could
 * be entered). Two instances computing it at once compute the same thing; the first to store it wins, and a
 * plan is only stored if the public value it used is still the stored one.
 */
async function ensurePlan(
  ctx: AppContext,
  rt: SorteoRuntime,
  head: repo.SorteoHead,
): Promise<Loaded & { plan: LoadedPlan }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await load(ctx, rt, head);
    if (loaded.plan) return loaded as Loaded & { plan: LoadedPlan };
    const draws = planRaffle(loaded.units, plazasOf(head), hmacSource(head.semilla, head.valor_publico));
    const now = ctx.clock().toISOString();
    const plan = JSON.stringify(draws);
    if (await ctx.db.transaction().execute((tx) => repo.savePlan(tx, head.id, head.valor_publico, plan, now))) {
      loaded.plan = loadedPlan(draws);
      rt.events.changed();
      return loaded as Loaded & { plan: LoadedPlan };
    }
    const again = await repo.findHead(ctx.db, head.id);
    if (!again || again.estado !== 'activo') throw new AppError('CONFLICT', SORTEO_MSG.noActivo);
    head = again;
  }
  throw new AppError('CONFLICT', SORTEO_MSG.valorPublicoCerrado);
}

async function requireActive(ctx: AppContext): Promise<repo.SorteoHead> {
  const head = await repo.findActive(ctx.db);
  if (!head) throw new AppError('CONFLICT', SORTEO_MSG.noActivo);
  return head;
}

// ---------------------------------------------------------------- views

/** Public boards may hide names (initials only); administrators always see them. */
type Privacy = { admin: boolean; soloIniciales: boolean };
const shown = (name: string, p: Privacy) => (p.soloIniciales && !p.admin ? iniciales(name) : name);

function participanteView(unit: TUnidad, plazas: TPlazas, p: Privacy): TSorteoParticipante {
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

const EMPTY_PARTICIPANTS: TSorteoParticipants = {
  principales: [],
  titulares: { nenas: [], varones: [] },
  suplentes: { varones: [], nenas: [] },
  totales: { principales: 0, suplentes: 0, total: 0 },
  participantes: [],
};

function participantsOf(head: repo.SorteoHead, loaded: Loaded, p: Privacy): TSorteoParticipants {
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

function statusOf(
  settings: SorteoSettings,
  head: repo.SorteoHead | undefined,
  loaded: Loaded | null,
  archivados: number,
  last: repo.SorteoHead | undefined,
): TSorteoStatus {
  const ultimoArchivado = last
    ? {
        id: last.id,
        archivadoEn: last.archivado_en ?? last.actualizado_en,
        compromiso: last.compromiso,
        semilla: last.semilla,
        valorPublico: last.valor_publico,
        participantesHash: last.participantes_hash,
      }
    : null;
  const common = { soloIniciales: settings.soloIniciales, sorteosArchivados: archivados, ultimoArchivado };
  if (!head || !loaded) return inactiveStatus({ plazas: settings.plazas, anio: settings.anio, ...common });
  const stats = JSON.parse(head.estadisticas) as TEstadisticas;
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
    participantesHash: head.participantes_hash,
    valorPublico: head.valor_publico || null,
    valorPublicoAbierto: head.con_plan !== 1,
    ...common,
  };
}

// ---------------------------------------------------------------- reading (public)

async function readState(ctx: AppContext, rt: SorteoRuntime) {
  const [head, archivados, last] = await Promise.all([
    repo.findActive(ctx.db),
    repo.countArchived(ctx.db),
    repo.lastArchived(ctx.db),
  ]);
  const loaded = head ? await load(ctx, rt, head) : null;
  return { head, loaded, archivados, last };
}

export async function getStatus(ctx: AppContext, rt: SorteoRuntime): Promise<TSorteoStatus> {
  const { head, loaded, archivados, last } = await readState(ctx, rt);
  return statusOf(sorteoSettings(ctx, rt), head, loaded, archivados, last);
}

/** The board. An administrator's session adds each child's stage and position. */
export async function getParticipants(
  ctx: AppContext,
  rt: SorteoRuntime,
  admin: boolean,
): Promise<TSorteoParticipants> {
  const head = await repo.findActive(ctx.db);
  if (!head) return EMPTY_PARTICIPANTS;
  const loaded = await load(ctx, rt, head);
  return participantsOf(head, loaded, { admin, soloIniciales: sorteoSettings(ctx, rt).soloIniciales });
}

/** What every live board receives: status and lists, as the public sees them. */
export async function getTablero(ctx: AppContext, rt: SorteoRuntime): Promise<TSorteoTablero> {
  const { head, loaded, archivados, last } = await readState(ctx, rt);
  const settings = sorteoSettings(ctx, rt);
  return {
    status: statusOf(settings, head, loaded, archivados, last),
    participants:
      head && loaded
        ? participantsOf(head, loaded, { admin: false, soloIniciales: settings.soloIniciales })
        : EMPTY_PARTICIPANTS,
  };
}

// ---------------------------------------------------------------- operating (administrador)

type Extracto = [
  TInscriptoData['nombre1'] | null,
  TInscriptoData['nombre2'] | null,
  TInscriptoData['apellido1'] | null,
  TInscriptoData['apellido2'] | null,
  unknown,
  TInscriptoData['hermanosInscriben'] | null,
];

function toFuente(row: Awaited<ReturnType<typeof enrolments.finalisedEnrolments>>[number]): TSorteoFuente {
  let fields: Extracto;
  if (row.extracto !== null) {
    fields = JSON.parse(row.extracto) as Extracto; // enrolments.EXTRACTO, in that order
  } else {
    const d = JSON.parse(row.datos!) as TInscriptoData;
    fields = [d.nombre1, d.nombre2, d.apellido1, d.apellido2, d.tieneHermanosPrimaria, d.hermanosInscriben];
  }
  const [nombre1, nombre2, apellido1, apellido2, primaria, hermanos] = fields;
  return {
    inscriptoId: row.id,
    numero: row.numero_inscripcion!,
    ci: row.ci,
    sexo: row.sexo,
    nombreCompleto: [nombre1, nombre2, apellido1, apellido2].filter(Boolean).join(' '),
    tieneHermanosPrimaria: primaria === true,
    hermanosInscriben: hermanos ?? [],
  };
}

export interface StartInput {
  plazasNenas?: number | undefined;
  plazasVarones?: number | undefined;
  confirmarNuevo?: boolean | undefined;
  motivoDuplicados?: string | undefined;
}

/**
 * Freezes the participants (the finalised enrolments now), draws the secret seed and publishes its commitment
 * and the participant hash. Refused while a raffle is in progress; asks for confirmation when an archived one
 * exists (it stays archived either way).
 */
export async function start(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: StartInput) {
  requirePermission(actor, 'sorteo:operar');
  // The current cycle's finalised enrolments, never an earlier cycle's (docs/decisions/0014).
  const ciclo = await cicloActualAbierto(ctx.db);
  if (await repo.findActive(ctx.db)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
  const last = await repo.lastArchived(ctx.db, ciclo.id);
  if (last && !input.confirmarNuevo) {
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      SORTEO_MSG.confirmarNuevo(fechaHoraTexto(last.archivado_en ?? last.actualizado_en)),
    );
  }
  // One child, one ticket (issue 24): the draw waits for open possible duplicates, unless a reason is written.
  const duplicadosAbiertos = (await paresAbiertos(ctx.db)).length;
  if (duplicadosAbiertos > 0 && !input.motivoDuplicados) {
    throw new AppError('CONFLICT', DUPLICADO_MSG.sorteoBloqueado(duplicadosAbiertos));
  }
  const motivoDuplicados = duplicadosAbiertos > 0 ? input.motivoDuplicados!.normalize('NFC') : null;
  const plazas = {
    nenas: input.plazasNenas ?? ciclo.plazas_nenas,
    varones: input.plazasVarones ?? ciclo.plazas_varones,
  };
  const [rows, cis] = await Promise.all([
    enrolments.finalisedEnrolments(ctx.db, ctx.dialect, ciclo.id),
    enrolments.enrolledCis(ctx.db, ciclo.id),
  ]);
  const units = buildUnits(rows.map(toFuente), cis);
  if (!units.length) throw new AppError('CONFLICT', SORTEO_MSG.sinParticipantes);
  const participantes = canonicalJson(units);
  const participantesHash = sha256Hex(participantes);
  const semilla = rt.newSeed().toString('hex');
  const compromiso = commitment(semilla);
  const stats = estadisticas(units);
  const now = ctx.clock().toISOString();
  const id = newId();
  try {
    const row = {
      id,
      ciclo_id: ciclo.id,
      estado: 'activo' as const,
      operador: actor.username,
      operador_nombre: actor.nombre,
      creado_en: now,
      anio: ciclo.anio_ingreso,
      plazas_nenas: plazas.nenas,
      plazas_varones: plazas.varones,
      participantes_hash: participantesHash,
      estadisticas: JSON.stringify(stats),
      total: units.length,
      semilla,
      compromiso,
      valor_publico: '',
      con_plan: 0,
      indice: 0,
      actualizado_en: now,
      archivado_en: null,
      archivado_por: null,
      archivado_por_nombre: null,
      version: 1,
      motivo_duplicados: motivoDuplicados,
    };
    await ctx.db.transaction().execute(async (tx) => {
      await repo.insert(tx, row, participantes);
      if (motivoDuplicados) {
        const cambios = {
          motivoDuplicados: { despues: motivoDuplicados },
          duplicadosAbiertos: { despues: duplicadosAbiertos },
        };
        await appendAudit(tx, {
          fecha: now,
          usuario: actor.username,
          accion: 'crear',
          inscripto_id: `sorteo:${id}`,
          cambios,
        });
      }
    });
  } catch (e) {
    // Another administrator (or instance) started one a moment ago: the partial unique index refused this.
    if (isUniqueViolation(e)) throw new AppError('CONFLICT', SORTEO_MSG.yaActivo);
    throw e;
  }
  remember(rt, id, { units, byNumero: new Map(units.map((u) => [u.numero, u])), plan: null });
  rt.events.changed();
  return { estadisticas: stats, id, plazas, compromiso, participantesHash, total: units.length };
}

/** The value said aloud in the room; it can be changed until the first draw, and is public. */
export async function setValorPublico(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, valor: string) {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  if (head.con_plan === 1) throw new AppError('CONFLICT', SORTEO_MSG.valorPublicoCerrado);
  if (!(await repo.setValorPublico(ctx.db, head.id, valor.normalize('NFC'), ctx.clock().toISOString()))) {
    const again = await repo.findHead(ctx.db, head.id);
    throw new AppError('CONFLICT', again?.estado === 'activo' ? SORTEO_MSG.valorPublicoCerrado : SORTEO_MSG.noActivo);
  }
  rt.events.changed();
  return getStatus(ctx, rt);
}

/** The draw on screen: the same until it is confirmed (the plan is fixed, nothing is re-drawn). */
export async function next(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor): Promise<TSorteoNext> {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  const loaded = await ensurePlan(ctx, rt, head);
  const total = loaded.plan.draws.length;
  const draw = loaded.plan.draws[head.indice];
  if (!draw) return { participante: null, stage: null, index: head.indice, total, resultado: null, asignaciones: [] };
  const unit = loaded.byNumero.get(draw.numero)!;
  const plazas = plazasOf(head);
  return {
    participante: participanteView(unit, plazas, { admin: true, soloIniciales: false }),
    stage: draw.stage,
    index: draw.index,
    total,
    resultado: draw.resultado,
    asignaciones: unit.miembros.map((m, i) => ({
      nombreCompleto: m.nombreCompleto,
      sexo: m.sexo,
      lista: draw.miembros[i]!.lista,
      resultado: draw.resultado,
      posicion: draw.miembros[i]!.posicion,
    })),
  };
}

export interface ConfirmInput {
  participante: { numeroInscripcion: number };
  index?: number | undefined;
}

/**
 * Records the draw on screen once. Confirming a draw that is already confirmed (double click, a second
 * browser, another instance) changes nothing and answers with the counters as they were right after it.
 */
export async function confirm(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, input: ConfirmInput) {
  requirePermission(actor, 'sorteo:operar');
  const head = await requireActive(ctx);
  if (head.con_plan !== 1) throw new AppError('CONFLICT', SORTEO_MSG.sinSiguiente);
  const { plan } = await ensurePlan(ctx, rt, head);
  const numero = input.participante.numeroInscripcion;
  const index = plan.indexByNumero.get(numero);
  if (index === undefined) throw new AppError('CONFLICT', SORTEO_MSG.participanteDesconocido(numero));
  if (input.index !== undefined && input.index !== index)
    throw new AppError('CONFLICT', SORTEO_MSG.noEsElActual(numero));
  const answer = (duplicado: boolean) => ({
    ...plan.counters[index + 1]!,
    currentIndex: index + 1,
    duplicado,
    completado: index + 1 >= plan.draws.length,
  });
  if (index < head.indice) return answer(true);
  if (index > head.indice) throw new AppError('CONFLICT', SORTEO_MSG.noEsElActual(numero));
  if (await repo.advance(ctx.db, head.id, index, ctx.clock().toISOString())) {
    rt.events.changed();
    return answer(false);
  }
  // Someone confirmed it between our read and our write.
  const again = await repo.findHead(ctx.db, head.id);
  if (again && again.indice > index) return answer(true);
  throw new AppError('CONFLICT', SORTEO_MSG.noActivo);
}

/** Archives the raffle (never deletes it): the screen goes back to inactive; the acta stays. */
export async function end(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor) {
  requirePermission(actor, 'sorteo:operar');
  const head = await repo.findActive(ctx.db);
  if (head && (await repo.archive(ctx.db, head.id, actor, ctx.clock().toISOString()))) {
    rt.events.changed();
    return { message: SORTEO_MSG.finalizado, actaId: head.id };
  }
  // A second click, or another administrator ended it first.
  const last = await repo.lastArchived(ctx.db);
  return { message: SORTEO_MSG.yaFinalizado, actaId: last?.id ?? null };
}

// ---------------------------------------------------------------- actas (administrador)

export async function listActas(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor) {
  requirePermission(actor, 'sorteo:actas');
  const heads = await repo.listArchived(ctx.db);
  const out = [];
  for (const head of heads) {
    const loaded = await load(ctx, rt, head);
    const counters = loaded.plan?.counters[head.indice] ?? { selectedCount: 0, suplentesCount: 0 };
    out.push({
      id: head.id,
      anio: head.anio,
      iniciadoEn: head.creado_en,
      archivadoEn: head.archivado_en ?? head.actualizado_en,
      operador: head.operador_nombre,
      plazas: plazasOf(head),
      titulares: counters.selectedCount,
      suplentes: counters.suplentesCount,
      sorteosConfirmados: head.indice,
      totalSorteos: head.total,
      completo: head.indice >= head.total,
    });
  }
  return out;
}

export async function getActa(ctx: AppContext, rt: SorteoRuntime, actor: SessionActor, id: string): Promise<TActa> {
  requirePermission(actor, 'sorteo:actas');
  const head = await repo.findHead(ctx.db, id);
  if (!head || head.estado !== 'archivado') throw new AppError('NOT_FOUND', SORTEO_MSG.actaNoEncontrada);
  const loaded = await load(ctx, rt, head);
  return buildActa(head, loaded.units, loaded.plan?.draws ?? []);
}
