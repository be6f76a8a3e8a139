import { AppError } from '@inscripciones/shared/errors.ts';
import { SORTEO_MSG } from '@inscripciones/shared/sorteo/messages.ts';
import { planRaffle } from '@inscripciones/shared/sorteo/plan.ts';
import { countersAt, type TContadores } from '@inscripciones/shared/sorteo/results.ts';
import type { TPlazas, TSorteoDraw, TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import type { SorteoConfig } from '../../lib/config.ts';
import type { AppContext } from '../../domain/context.ts';
import * as repo from '../../data/sorteos/sorteo-repository.ts';
import { semillaEnClaro } from '../../lib/semilla-cifrada.ts';
import { hmacSource, newSeed } from './sorteo-random.ts';

/**
 * The raffle's runtime and its cache (docs/decisions/0008 "Estado en la base de datos"): the frozen units and the
 * plan are parsed once per raffle id and kept, since they never change once stored; everything else is read
 * from the raffle's small row on every request, so restarts and other instances agree.
 */

export interface LoadedPlan {
  draws: TSorteoDraw[];
  indexByNumero: Map<number, number>;
  /** counters[k]: titulares and suplentes after the first k draws. */
  counters: TContadores[];
}

export interface Loaded {
  units: TUnidad[];
  byNumero: Map<number, TUnidad>;
  plan: LoadedPlan | null;
  /** The stored list's hash (`sorteos.participantes_hash`) these units were read with. */
  hash?: string | undefined;
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

export const plazasOf = (head: repo.SorteoHead): TPlazas => ({
  nenas: head.plazas_nenas,
  varones: head.plazas_varones,
});

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

export function remember(
  rt: SorteoRuntime,
  id: string,
  units: TUnidad[],
  draws: TSorteoDraw[] | null,
  hash?: string,
): Loaded {
  const entry = {
    units,
    byNumero: new Map(units.map((u) => [u.numero, u])),
    plan: draws ? loadedPlan(draws) : null,
    hash,
  };
  rt.cache.delete(id);
  rt.cache.set(id, entry);
  while (rt.cache.size > CACHE_SIZE) rt.cache.delete(rt.cache.keys().next().value!);
  return entry;
}

export async function load(ctx: AppContext, rt: SorteoRuntime, head: repo.SorteoHead): Promise<Loaded> {
  // The frozen list changes once, when its cycle is anonymised (decision 0024), and its hash with it.
  const found = rt.cache.get(head.id);
  const cached = found?.hash === head.participantes_hash ? found : undefined;
  if (cached && (cached.plan || head.con_plan !== 1)) return cached;
  const content = await repo.findContent(ctx.db, head.id);
  if (!content) throw new AppError('NOT_FOUND', SORTEO_MSG.noActivo);
  const units = cached?.units ?? (JSON.parse(content.participantes) as TUnidad[]);
  const draws = content.plan ? (JSON.parse(content.plan) as TSorteoDraw[]) : null;
  return remember(rt, head.id, units, draws, head.participantes_hash);
}

/** The raffle's seed, opened from its seal while the raffle runs (0020); 409 if the server's key changed. */
export function semillaDe(ctx: AppContext, head: Pick<repo.SorteoHead, 'id' | 'semilla'>): string {
  const semilla = semillaEnClaro(ctx.claveSemillas, head.semilla, head.id);
  if (semilla === null) throw new AppError('CONFLICT', SORTEO_MSG.semillaIlegible);
  return semilla;
}

/** The draws confirmed so far (all of them once finalised). */
export function confirmedDraws(head: repo.SorteoHead, loaded: Loaded): TSorteoDraw[] {
  return loaded.plan?.draws.slice(0, head.indice) ?? [];
}

/**
 * The plan of the raffle, computed and stored on first use (the first POST next, after the public value was
 * entered). Two instances computing it at once compute the same thing; the first to store it wins, and a
 * plan is only stored if the public value it used is still the stored one.
 */
export async function ensurePlan(
  ctx: AppContext,
  rt: SorteoRuntime,
  head: repo.SorteoHead,
): Promise<Loaded & { plan: LoadedPlan }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const loaded = await load(ctx, rt, head);
    if (loaded.plan) return loaded as Loaded & { plan: LoadedPlan };
    const draws = planRaffle(loaded.units, plazasOf(head), hmacSource(semillaDe(ctx, head), head.valor_publico));
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

export async function requireActive(ctx: AppContext): Promise<repo.SorteoHead> {
  const head = await repo.findActive(ctx.db);
  if (!head) throw new AppError('CONFLICT', SORTEO_MSG.noActivo);
  return head;
}
