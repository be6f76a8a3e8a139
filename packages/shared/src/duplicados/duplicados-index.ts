import { ciNearMiss, type TDuplicadoFuente, type TParDuplicado } from './duplicados.ts';
import { entryOf, main, makePair, pairsBetween, type Entry } from './entrada.ts';
import { Blocks } from './bloques.ts';
import { unionesDeNombre } from './hermanos.ts';
import { ciAristasPasos, drenar, type TGrupoDuplicado, type TUnion } from './grupos.ts';
import { Agrupador } from './agrupador.ts';

/**
 * The rule of `findDuplicados`, kept up to date one enrolment at a time and answered as groups.
 * A change of one enrolment only moves it between the rule's blocks (the same keys
 * `findDuplicados` groups by); no pair is stored. The groups are the connected parts of the rule's pairs
 * (property test), found by joining whole blocks: every two enrolments in a block of a name and birth date
 * pair, so k look-alikes cost k steps, not k(k−1)/2 pairs.
 */

export class DuplicadosIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byName = new Blocks<Entry>();
  private readonly bySwapped = new Blocks<Entry>();
  private readonly byFechaConCi = new Blocks<Entry>();
  private readonly byFullName = new Blocks<Entry>();
  /** A listed sibling's readings → the enrolment listing it. */
  private readonly byReading = new Blocks<Entry>();
  private readonly byPartialReading = new Blocks<Entry>();
  /** The groups, kept up to date by the sources of joins a change touched. */
  private readonly agrupador = new Agrupador();
  /** Joins given from outside (a private index's stored groups: gruposConNuevos). */
  private extra: TUnion[] = [];
  private cache: readonly TGrupoDuplicado[] | null = null;
  /** Counts every change: a grouping done in steps is kept only if none came meanwhile. */
  private cambios = 0;

  constructor(fuentes: Iterable<TDuplicadoFuente> = []) {
    for (const f of fuentes) this.set(f);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Adds an enrolment, or replaces the one with its id. */
  set(fuente: TDuplicadoFuente): void {
    this.delete(fuente.inscriptoId);
    this.put(entryOf(fuente));
  }

  delete(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.blocks(e, 'remove');
    this.entries.delete(id);
    this.cache = null;
    this.cambios++;
  }

  private put(e: Entry) {
    this.entries.set(e.id, e);
    this.blocks(e, 'add');
    this.cache = null;
    this.cambios++;
  }

  /** The groups of look-alike children, ordered by their first child's key. */
  grupos(): readonly TGrupoDuplicado[] {
    return drenar(this.gruposEnPasos());
  }

  /** `grupos()` in steps: the server gives other requests a turn between them. */
  *gruposEnPasos(): Generator<void, readonly TGrupoDuplicado[]> {
    if (this.cache) return this.cache;
    const cambios = this.cambios;
    const grupos = yield* this.agrupador.agrupar((f) => this.calcular(f));
    // Kept only if nothing changed meanwhile.
    if (cambios === this.cambios) this.cache = grupos;
    return grupos;
  }

  /**
   * The groups records not saved (an import's rows, with ids of their own) would be in: a new index of them and
   * the stored enrolments that share a block with any of them, where the stored ones of one stored group are
   * joined as they are here (through enrolments it may not hold). Nothing changes here; built in steps.
   */
  *gruposConNuevos(fuentes: readonly TDuplicadoFuente[]): Generator<void, TGrupoDuplicado[]> {
    const otro = new DuplicadosIndex();
    for (const [i, f] of fuentes.entries()) {
      otro.set(f);
      if (i % PASO === PASO - 1) yield;
    }
    let n = 0;
    const copiar = (e: Entry) => {
      if (!otro.entries.has(e.id)) otro.put(e);
    };
    const vecinos = (keys: Iterable<string>, ...blocks: Blocks<Entry>[]) => {
      for (const key of [...keys]) for (const b of blocks) b.visit(key, copiar);
    };
    vecinos(otro.byName.keys(), this.byName);
    vecinos(otro.bySwapped.keys(), this.bySwapped);
    vecinos(otro.byFechaConCi.keys(), this.byFechaConCi);
    vecinos([...otro.byReading.keys(), ...otro.byPartialReading.keys()], this.byFullName);
    vecinos(otro.byFullName.keys(), this.byReading, this.byPartialReading);
    yield;
    const uniones: TUnion[] = [];
    for (const g of yield* this.gruposEnPasos()) {
      // A stored group near a row comes whole: its children are joined through enrolments the new index lacks.
      if (g.ninos.some((r) => otro.entries.has(r.inscriptoId))) {
        for (let i = 1; i < g.ninos.length; i++) uniones.push([g.ninos[0]!, g.ninos[i]!, g.motivos[0]!]);
      }
      if (++n % PASO === 0) yield;
    }
    otro.extra = uniones;
    otro.agrupador.marcar('x|');
    return yield* otro.agrupador.agrupar((f) => otro.calcular(f));
  }

  /**
   * The pairs of one record not saved (the form's), as if it were added, replacing the stored one with its id:
   * compared with the enrolments that share a block with it, so it grows with the block, never with its square.
   */
  pairsWith(fuente: TDuplicadoFuente): TParDuplicado[] {
    const pairs = new Map<string, TParDuplicado>();
    this.compare(
      entryOf(fuente),
      (other) => other.id === fuente.inscriptoId,
      (pair) => pairs.set(pair.clave, pair),
    );
    return [...pairs.values()].sort(byClave);
  }

  /** The joins of one source (see Agrupador): a block of name and date, of swapped surnames, a day, a name. */
  private *calcular(fuente: string): Generator<void, TUnion[]> {
    const key = fuente.slice(2);
    if (fuente[0] === 'n') {
      const block = this.byName.list(key);
      return block.slice(1).map((e): TUnion => [main(block[0]!), main(e), 'nombre_y_fecha']);
    }
    if (fuente[0] === 's') {
      // Swapped only between different first surnames; the same one is already joined by name and date.
      const block = this.bySwapped.list(key);
      const otro = block.find((e) => e.ap1 !== block[0]!.ap1);
      if (!otro) return [];
      return block.map((e): TUnion => [
        main(e),
        main(e.ap1 === block[0]!.ap1 ? otro : block[0]!),
        'apellidos_invertidos',
      ]);
    }
    if (fuente[0] === 'd') {
      const hijos = this.byFechaConCi.list(key).map((e) => ({ id: e.id, ci: e.ci! }));
      const aristas = yield* ciAristasPasos(hijos, ciNearMiss);
      return aristas.map(([a, b, m]): TUnion => [
        { inscriptoId: a, hermano: null },
        { inscriptoId: b, hermano: null },
        m,
      ]);
    }
    if (fuente[0] === 'x') return this.extra;
    return unionesDeNombre(key, this.byReading.list(key), this.byPartialReading.list(key), this.byFullName.list(key));
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
      this.byFechaConCi.visit(e.fecha, (other) => {
        const motivo = ciNearMiss(ci, other.ci!);
        if (motivo && !near.has(other) && !skip(other)) found(makePair(main(e), main(other), motivo));
      });
    }
  }

  private blocks(e: Entry, op: 'add' | 'remove') {
    const apply = (blocks: Blocks<Entry>, key: string | null) => {
      if (key !== null) blocks[op](key, e);
    };
    const marcar = (tipo: string, key: string | null) => {
      if (key !== null) this.agrupador.marcar(`${tipo}|${key}`);
    };
    apply(this.byName, e.nameKey);
    marcar('n', e.nameKey);
    apply(this.bySwapped, e.swappedKey);
    marcar('s', e.swappedKey);
    if (e.fecha && e.ci !== null) {
      apply(this.byFechaConCi, e.fecha);
      marcar('d', e.fecha);
    }
    for (const name of e.fullNames) {
      apply(this.byFullName, name);
      marcar('h', name);
    }
    // Once per key: two siblings listed with one reading still list the enrolment once.
    for (const name of new Set(e.siblings.flatMap((s) => [...s.exact]))) {
      apply(this.byReading, name);
      marcar('h', name);
    }
    for (const name of new Set(e.siblings.flatMap((s) => [...s.partial]))) {
      apply(this.byPartialReading, name);
      marcar('h', name);
    }
  }
}

/** Work between two steps of a grouping. */
const PASO = 1_000;

function byClave(p: TParDuplicado, q: TParDuplicado) {
  return p.clave < q.clave ? -1 : p.clave > q.clave ? 1 : 0;
}
