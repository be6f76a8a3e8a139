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
import { ciAristas, Uniones, type TCiArista, type TGrupoDuplicado } from './grupos.ts';

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

/** A map from a key to enrolments, a single one kept without a set (most keys name one enrolment). */
class Blocks {
  private readonly map = new Map<string, Entry | Set<Entry>>();
  /** The keys of two enrolments or more: the only ones that can join children. */
  readonly multi = new Set<string>();
  add(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === undefined) this.map.set(key, e);
    else if (found instanceof Set) found.add(e);
    else {
      this.map.set(key, new Set([found, e]));
      this.multi.add(key);
    }
  }
  remove(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === e) this.map.delete(key);
    else if (found instanceof Set) {
      found.delete(e);
      if (found.size === 1) {
        this.map.set(key, found.values().next().value!);
        this.multi.delete(key);
      }
    }
  }
  visit(key: string | null, fn: (e: Entry) => void) {
    const found = key === null ? undefined : this.map.get(key);
    if (found instanceof Set) for (const e of found) fn(e);
    else if (found) fn(found);
  }
  list(key: string): Entry[] {
    const found = this.map.get(key);
    return found instanceof Set ? [...found] : found ? [found] : [];
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
  private readonly conHermanos = new Set<Entry>();
  /** The near CIs of a birth date, kept until an enrolment with a CI born that day changes. */
  private readonly ciDelDia = new Map<string, TCiArista[]>();
  private cache: TGrupoDuplicado[] | null = null;

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
    this.put(entryOf(fuente));
  }

  delete(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    this.blocks(e, 'remove');
    this.entries.delete(id);
    this.conHermanos.delete(e);
    this.cache = null;
  }

  private put(e: Entry) {
    this.entries.set(e.id, e);
    this.blocks(e, 'add');
    if (e.siblings.length) this.conHermanos.add(e);
    this.cache = null;
  }

  /** The groups of look-alike children, ordered by their first child's key. */
  grupos(): readonly TGrupoDuplicado[] {
    this.cache ??= this.agrupar();
    return this.cache;
  }

  /**
   * The groups as if `fuentes` (records not saved: an import's rows) were added, each replacing the stored one
   * with its id. Nothing changes here: they are added, grouped and taken out again in one synchronous step.
   */
  gruposCon(fuentes: readonly TDuplicadoFuente[]): readonly TGrupoDuplicado[] {
    const antes = { cache: this.cache, dias: new Map(this.ciDelDia) };
    const reemplazados = fuentes.flatMap((f) => this.entries.get(f.inscriptoId) ?? []);
    for (const f of fuentes) this.set(f);
    const grupos = this.agrupar();
    for (const f of fuentes) this.delete(f.inscriptoId);
    for (const e of reemplazados) this.put(e);
    this.cache = antes.cache;
    this.ciDelDia.clear();
    for (const [dia, aristas] of antes.dias) this.ciDelDia.set(dia, aristas);
    return grupos;
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

  private agrupar(): TGrupoDuplicado[] {
    const u = new Uniones();
    const unirBloque = (block: readonly Entry[], motivo: TMotivoDuplicado) => {
      for (let i = 1; i < block.length; i++) u.unir(main(block[0]!), main(block[i]!), motivo);
    };
    for (const key of this.byName.multi) unirBloque(this.byName.list(key), 'nombre_y_fecha');
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
        this.ciDelDia.set(dia, (aristas = ciAristas(hijos, ciNearMiss)));
      }
      for (const [a, b, motivo] of aristas)
        u.unir({ inscriptoId: a, hermano: null }, { inscriptoId: b, hermano: null }, motivo);
    }
    for (const owner of this.conHermanos) {
      owner.siblings.forEach((s, hermano) => {
        const visto = new Set<Entry>();
        const probar = (child: Entry) => {
          if (child === owner || visto.has(child)) return;
          visto.add(child);
          if (siblingMatches(s, child)) u.unir({ inscriptoId: owner.id, hermano }, main(child), 'hermano_e_inscripto');
        };
        for (const name of s.exact) this.byFullName.visit(name, probar);
        for (const name of s.partial) this.byFullName.visit(name, probar);
      });
    }
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
    const apply = (blocks: Blocks, key: string | null) => {
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

function byClave(p: TParDuplicado, q: TParDuplicado) {
  return p.clave < q.clave ? -1 : p.clave > q.clave ? 1 : 0;
}
