import type { TLista, TPlazas, TResultado, TSorteoDraw, TSorteoStage, TUnidad } from './schemas.ts';
import { canonicalUnits, poolOf, unitKind } from './units.ts';

/**
 * The raffle engine (docs/decisions/0008): pure, no I/O. Given the frozen units, the places and a random
 * source it returns the whole ordered plan of draws; the server stores it and reveals it one draw at a
 * time, and the verifier replays it. The same inputs and the same random source always give the same plan.
 */

/** A source of uniform integers: `uniform(n)` is in [0, n), every value equally likely. */
export interface RandomSource {
  uniform(n: number): number;
}

/**
 * Fisher–Yates (Durstenfeld): for i = n−1 down to 1, swap item i with item uniform(i + 1).
 * n items take n − 1 calls; 0 or 1 item take none.
 */
export function shuffle<T>(items: readonly T[], rng: RandomSource): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.uniform(i + 1);
    if (!Number.isInteger(j) || j < 0 || j > i) throw new RangeError(`uniform(${i + 1}) returned ${j}`);
    const tmp = a[i]!;
    a[i] = a[j]!;
    a[j] = tmp;
  }
  return a;
}

const other = (l: TLista): TLista => (l === 'nenas' ? 'varones' : 'nenas');

/**
 * The plan, stage by stage (SPEC 4), consuming the random source in this order:
 * 1. `hermanos_juntos`: the sibling groups, shuffled. A group enters whole when, for each list, its members
 *    in that list fit in the places left; otherwise the whole group becomes suplente there and then (its
 *    members take the next suplente positions of their lists, before anyone from stage 4).
 * 2. `hermanos_primaria`: the lone children with siblings in primary, shuffled; each takes a place of its
 *    list while one is left, otherwise waits for stage 4.
 * 3. `comun`: the other lone children, split by list and each list shuffled (girls first, then boys), then
 *    taken alternately girl, boy, girl… starting with a girl; a list with no place or no child left is
 *    skipped, until no place can be filled. Whoever is not taken waits for stage 4.
 * 4. `suplentes`: everyone waiting (stage-2 children not placed, then stage-3 girls, then stage-3 boys, in
 *    their drawn order), shuffled together; each becomes the next suplente of their list.
 */
export function planRaffle(units: readonly TUnidad[], plazas: TPlazas, rng: RandomSource): TSorteoDraw[] {
  const ordered = canonicalUnits(units);
  const free: Record<TLista, number> = { nenas: plazas.nenas, varones: plazas.varones };
  const positions: Record<TResultado, Record<TLista, number>> = {
    titular: { nenas: 0, varones: 0 },
    suplente: { nenas: 0, varones: 0 },
  };
  const draws: TSorteoDraw[] = [];
  const listOf = (u: TUnidad) => poolOf(u.miembros[0]!.sexo, plazas);

  const record = (stage: TSorteoStage, unit: TUnidad, resultado: TResultado) => {
    const miembros = unit.miembros.map((m) => {
      const lista = poolOf(m.sexo, plazas);
      positions[resultado][lista] += 1;
      if (resultado === 'titular') free[lista] -= 1;
      return { lista, posicion: positions[resultado][lista] };
    });
    draws.push({ index: draws.length, stage, numero: unit.numero, resultado, miembros });
  };

  // 1. Sibling groups, whole or not at all.
  for (const group of shuffle(
    ordered.filter((u) => unitKind(u) === 'hermanos_juntos'),
    rng,
  )) {
    const need: Record<TLista, number> = { nenas: 0, varones: 0 };
    for (const m of group.miembros) need[poolOf(m.sexo, plazas)] += 1;
    const fits = need.nenas <= free.nenas && need.varones <= free.varones;
    record('hermanos_juntos', group, fits ? 'titular' : 'suplente');
  }

  // 2. Children with siblings in primary.
  const waiting: TUnidad[] = [];
  for (const child of shuffle(
    ordered.filter((u) => unitKind(u) === 'hermanos_primaria'),
    rng,
  )) {
    if (free[listOf(child)] > 0) record('hermanos_primaria', child, 'titular');
    else waiting.push(child);
  }

  // 3. Everyone else, alternating girl and boy while places remain.
  const comunes = ordered.filter((u) => unitKind(u) === 'comun');
  const pools: Record<TLista, TUnidad[]> = {
    nenas: shuffle(
      comunes.filter((u) => listOf(u) === 'nenas'),
      rng,
    ),
    varones: shuffle(
      comunes.filter((u) => listOf(u) === 'varones'),
      rng,
    ),
  };
  const taken: Record<TLista, number> = { nenas: 0, varones: 0 };
  const canTake = (l: TLista) => free[l] > 0 && taken[l] < pools[l].length;
  let turn: TLista = 'nenas';
  while (canTake('nenas') || canTake('varones')) {
    if (!canTake(turn)) turn = other(turn);
    record('comun', pools[turn][taken[turn]]!, 'titular');
    taken[turn] += 1;
    turn = other(turn);
  }
  waiting.push(...pools.nenas.slice(taken.nenas), ...pools.varones.slice(taken.varones));

  // 4. Substitutes, in random order.
  for (const unit of shuffle(waiting, rng)) record('suplentes', unit, 'suplente');
  return draws;
}
