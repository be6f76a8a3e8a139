import {
  ciNearMiss,
  fullNameKeys,
  nameKey,
  ninoKey,
  siblingReadings,
  usableCi,
  type TDuplicadoFuente,
  type TMotivoDuplicado,
  type TNinoRef,
  type TParDuplicado,
} from './duplicados.ts';

/**
 * The rule of `findDuplicados`, kept up to date one enrolment at a time (issue 22): at 100,000 enrolments a
 * whole detection costs seconds, and a save changes one record. Every pair the rule gives joins two
 * enrolments and depends only on what those two hold, so a change of one enrolment removes its pairs and
 * compares it again with the enrolments that share a block with it (the same keys `findDuplicados` groups
 * by). The pairs are always exactly those `findDuplicados` gives over the same enrolments (property test).
 */

/** What the rule reads of one enrolment, computed once. */
interface Entry {
  id: string;
  ap1: string;
  sinAp2: boolean;
  fecha: string;
  ci: string | null;
  /** Birth date + first name + first surname (`nombre_y_fecha`). */
  nameKey: string | null;
  /** Birth date + first name + both surnames sorted (`apellidos_invertidos`). */
  swappedKey: string | null;
  /** The keys a listed sibling finds this child by. */
  fullNames: string[];
  siblings: { ci: string | null; exact: Set<string>; partial: Set<string> }[];
}

function entryOf(f: TDuplicadoFuente): Entry {
  const nombre = nameKey(f.nombre1);
  const ap1 = nameKey(f.apellido1);
  const ap2 = nameKey(f.apellido2);
  const fecha = f.fechaNacimiento ?? '';
  const named = !!(fecha && nombre && ap1);
  return {
    id: f.inscriptoId,
    ap1,
    sinAp2: !ap2,
    fecha,
    ci: usableCi(f.ci),
    nameKey: named ? `${fecha}|${nombre}|${ap1}` : null,
    swappedKey: named && ap2 && ap2 !== ap1 ? `${fecha}|${nombre}|${[ap1, ap2].sort().join('|')}` : null,
    fullNames: fullNameKeys(nombre, ap1, ap2),
    siblings: (f.hermanosInscriben ?? []).map((h) => ({ ci: usableCi(h.ci), ...siblingReadings(h.nombre) })),
  };
}

function makePair(x: TNinoRef, y: TNinoRef, motivo: TMotivoDuplicado): TParDuplicado {
  const [a, b] = ninoKey(y) < ninoKey(x) ? [y, x] : [x, y];
  return { clave: `${ninoKey(a)}|${ninoKey(b)}`, a, b, motivo };
}

/** Whether a listed sibling names this child, not linked to it by the same CI (`hermano_e_inscripto`). */
function siblingMatches(s: Entry['siblings'][number], child: Entry): boolean {
  const named =
    child.fullNames.some((n) => s.exact.has(n)) || (child.sinAp2 && child.fullNames.some((n) => s.partial.has(n)));
  return named && (s.ci === null || child.ci === null || ciNearMiss(s.ci, child.ci) !== null);
}

const main = (e: Entry): TNinoRef => ({ inscriptoId: e.id, hermano: null });

/** The pairs the rule gives between two different enrolments. */
function pairsBetween(x: Entry, y: Entry, found: (pair: TParDuplicado) => void) {
  let motivo: TMotivoDuplicado | null = null;
  if (x.nameKey !== null && x.nameKey === y.nameKey) motivo = 'nombre_y_fecha';
  else if (x.swappedKey !== null && x.swappedKey === y.swappedKey && x.ap1 !== y.ap1) motivo = 'apellidos_invertidos';
  else if (x.fecha && x.fecha === y.fecha && x.ci !== null && y.ci !== null) motivo = ciNearMiss(x.ci, y.ci);
  if (motivo) found(makePair(main(x), main(y), motivo));
  siblingPairs(x, y, found);
  siblingPairs(y, x, found);
}

function siblingPairs(owner: Entry, child: Entry, found: (pair: TParDuplicado) => void) {
  for (let hermano = 0; hermano < owner.siblings.length; hermano++) {
    if (siblingMatches(owner.siblings[hermano]!, child)) {
      found(makePair({ inscriptoId: owner.id, hermano }, main(child), 'hermano_e_inscripto'));
    }
  }
}

/** A map from a key to enrolments, a single one kept without an array (most keys name one enrolment). */
class Blocks {
  private readonly map = new Map<string, Entry | Entry[]>();
  add(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === undefined) this.map.set(key, e);
    else if (Array.isArray(found)) found.push(e);
    else this.map.set(key, [found, e]);
  }
  remove(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === e) this.map.delete(key);
    else if (Array.isArray(found)) {
      const rest = found.filter((other) => other !== e);
      this.map.set(key, rest.length === 1 ? rest[0]! : rest);
    }
  }
  get(key: string): Entry | Entry[] | undefined {
    return this.map.get(key);
  }
  visit(key: string | null, fn: (e: Entry) => void) {
    const found = key === null ? undefined : this.map.get(key);
    if (Array.isArray(found)) for (const e of found) fn(e);
    else if (found) fn(found);
  }
}

export class DuplicadosIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byName = new Blocks();
  private readonly bySwapped = new Blocks();
  private readonly byFechaConCi = new Blocks();
  private readonly byFullName = new Blocks();
  /** A listed sibling's readings → the enrolment listing it. */
  private readonly byReading = new Blocks();
  private readonly byPartialReading = new Blocks();
  private readonly pairsByKey = new Map<string, TParDuplicado>();
  private readonly pairKeysOf = new Map<string, Set<string>>();
  private sorted: TParDuplicado[] | null = null;

  constructor(fuentes: Iterable<TDuplicadoFuente> = []) {
    for (const f of fuentes) this.set(f);
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Adds an enrolment, or replaces the one with its id. */
  set(fuente: TDuplicadoFuente): void {
    this.delete(fuente.inscriptoId);
    const e = entryOf(fuente);
    this.compare(
      e,
      (other) => other.id === e.id,
      (pair) => this.addPair(pair),
    );
    this.entries.set(e.id, e);
    this.blocks(e, 'add');
  }

  delete(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.blocks(e, 'remove');
    this.entries.delete(id);
    for (const clave of this.pairKeysOf.get(id) ?? []) {
      const pair = this.pairsByKey.get(clave)!;
      this.pairsByKey.delete(clave);
      const other = pair.a.inscriptoId === id ? pair.b.inscriptoId : pair.a.inscriptoId;
      this.pairKeysOf.get(other)?.delete(clave);
      if (this.pairKeysOf.get(other)?.size === 0) this.pairKeysOf.delete(other);
    }
    this.pairKeysOf.delete(id);
    this.sorted = null;
  }

  /** Every pair, ordered by key, as `findDuplicados` gives them. */
  pairs(): readonly TParDuplicado[] {
    this.sorted ??= [...this.pairsByKey.values()].sort(byClave);
    return this.sorted;
  }

  /**
   * The pairs that involve `fuentes`, enrolments not stored (the form's record, an import's rows), as if they
   * were added: each replaces the stored one with its id; pairs among them count too. Nothing changes here.
   */
  pairsWith(fuentes: readonly TDuplicadoFuente[]): TParDuplicado[] {
    const ids = new Set(fuentes.map((f) => f.inscriptoId));
    const pairs = new Map<string, TParDuplicado>();
    for (const f of fuentes) {
      this.compare(
        entryOf(f),
        (other) => ids.has(other.id),
        (pair) => pairs.set(pair.clave, pair),
      );
    }
    if (fuentes.length > 1) for (const pair of new DuplicadosIndex(fuentes).pairs()) pairs.set(pair.clave, pair);
    return [...pairs.values()].sort(byClave);
  }

  /**
   * Compares `e` with the stored enrolments that share one of the rule's blocks with it. Those born the same
   * day with a CI are many (about n / 365); the ones that share no other block can only pair by CI.
   */
  private compare(e: Entry, skip: (other: Entry) => boolean, found: (pair: TParDuplicado) => void) {
    const near = new Set<Entry>();
    const collect = (other: Entry) => {
      if (!skip(other)) near.add(other);
    };
    this.byName.visit(e.nameKey, collect);
    this.bySwapped.visit(e.swappedKey, collect);
    for (const s of e.siblings) {
      for (const name of s.exact) this.byFullName.visit(name, collect);
      for (const name of s.partial) this.byFullName.visit(name, collect);
    }
    for (const name of e.fullNames) {
      this.byReading.visit(name, collect);
      if (e.sinAp2) this.byPartialReading.visit(name, collect);
    }
    for (const other of near) pairsBetween(e, other, found);
    if (e.fecha && e.ci !== null) {
      const ci = e.ci;
      const block = this.byFechaConCi.get(e.fecha);
      for (const other of Array.isArray(block) ? block : block ? [block] : []) {
        const motivo = ciNearMiss(ci, other.ci!);
        if (motivo && !near.has(other) && !skip(other)) found(makePair(main(e), main(other), motivo));
      }
    }
  }

  private blocks(e: Entry, op: 'add' | 'remove') {
    const apply = (blocks: Blocks, key: string | null) => {
      if (key !== null) blocks[op](key, e);
    };
    apply(this.byName, e.nameKey);
    apply(this.bySwapped, e.swappedKey);
    apply(this.byFechaConCi, e.fecha && e.ci !== null ? e.fecha : null);
    for (const name of e.fullNames) apply(this.byFullName, name);
    // Once per key: two siblings listed with one reading still list the enrolment once.
    for (const name of new Set(e.siblings.flatMap((s) => [...s.exact]))) apply(this.byReading, name);
    for (const name of new Set(e.siblings.flatMap((s) => [...s.partial]))) apply(this.byPartialReading, name);
  }

  private addPair(pair: TParDuplicado) {
    this.pairsByKey.set(pair.clave, pair);
    for (const id of [pair.a.inscriptoId, pair.b.inscriptoId]) {
      const keys = this.pairKeysOf.get(id);
      if (keys) keys.add(pair.clave);
      else this.pairKeysOf.set(id, new Set([pair.clave]));
    }
    this.sorted = null;
  }
}

function byClave(p: TParDuplicado, q: TParDuplicado) {
  return p.clave < q.clave ? -1 : p.clave > q.clave ? 1 : 0;
}
