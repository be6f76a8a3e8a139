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
import { Blocks } from './bloques.ts';
import { unirHermanos } from './hermanos.ts';
import { ciAristasPasos, drenar, Uniones, type TCiArista, type TGrupoDuplicado, type TUnion } from './grupos.ts';

/**
 * The rule of `findDuplicados`, kept up to date one enrolment at a time (issue 22) and answered as groups
 * (issue 31). A change of one enrolment only moves it between the rule's blocks (the same keys
 * `findDuplicados` groups by); no pair is stored. The groups are the connected parts of the rule's pairs
 * (property test), found by joining whole blocks: every two enrolments in a block of a name and birth date
 * pair, so k look-alikes cost k steps, not k(k−1)/2 pairs.
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

export class DuplicadosIndex {
  private readonly entries = new Map<string, Entry>();
  private readonly byName = new Blocks<Entry>();
  private readonly bySwapped = new Blocks<Entry>();
  private readonly byFechaConCi = new Blocks<Entry>();
  private readonly byFullName = new Blocks<Entry>();
  /** A listed sibling's readings → the enrolment listing it. */
  private readonly byReading = new Blocks<Entry>();
  private readonly byPartialReading = new Blocks<Entry>();
  private readonly conHermanos = new Set<Entry>();
  /** The near CIs of a birth date, kept until an enrolment with a CI born that day changes. */
  private readonly ciDelDia = new Map<string, TCiArista[]>();
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
    this.conHermanos.delete(e);
    this.cache = null;
    this.cambios++;
  }

  private put(e: Entry) {
    this.entries.set(e.id, e);
    this.blocks(e, 'add');
    if (e.siblings.length) this.conHermanos.add(e);
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
    const grupos = yield* this.agrupar([]);
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
    return yield* otro.agrupar(uniones);
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

  private *agrupar(uniones: readonly TUnion[]): Generator<void, TGrupoDuplicado[]> {
    const u = new Uniones();
    for (const [a, b, motivo] of uniones) u.unir(a, b, motivo);
    const unirBloque = (block: readonly Entry[], motivo: TMotivoDuplicado) => {
      for (let i = 1; i < block.length; i++) u.unir(main(block[0]!), main(block[i]!), motivo);
    };
    for (const key of this.byName.multi) unirBloque(this.byName.list(key), 'nombre_y_fecha');
    yield;
    for (const key of this.bySwapped.multi) {
      // Swapped only between different first surnames; the same one is already joined by name and date.
      const block = this.bySwapped.list(key);
      const otro = block.find((e) => e.ap1 !== block[0]!.ap1);
      if (otro)
        for (const e of block)
          u.unir(main(e), main(e.ap1 === block[0]!.ap1 ? otro : block[0]!), 'apellidos_invertidos');
    }
    for (const dia of this.byFechaConCi.multi) {
      let aristas = this.ciDelDia.get(dia);
      if (!aristas) {
        const hijos = this.byFechaConCi.list(dia).map((e) => ({ id: e.id, ci: e.ci! }));
        aristas = yield* ciAristasPasos(hijos, ciNearMiss);
        this.ciDelDia.set(dia, aristas);
      }
      for (const [a, b, motivo] of aristas)
        u.unir({ inscriptoId: a, hermano: null }, { inscriptoId: b, hermano: null }, motivo);
    }
    yield;
    unirHermanos(this.conHermanos, (name) => this.byFullName.list(name), u);
    return u.grupos();
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
    apply(this.byName, e.nameKey);
    apply(this.bySwapped, e.swappedKey);
    if (e.fecha && e.ci !== null) {
      apply(this.byFechaConCi, e.fecha);
      this.ciDelDia.delete(e.fecha);
    }
    for (const name of e.fullNames) apply(this.byFullName, name);
    // Once per key: two siblings listed with one reading still list the enrolment once.
    for (const name of new Set(e.siblings.flatMap((s) => [...s.exact]))) apply(this.byReading, name);
    for (const name of new Set(e.siblings.flatMap((s) => [...s.partial]))) apply(this.byPartialReading, name);
  }
}

/** Work between two steps of a grouping. */
const PASO = 1_000;

function byClave(p: TParDuplicado, q: TParDuplicado) {
  return p.clave < q.clave ? -1 : p.clave > q.clave ? 1 : 0;
}
