import { ciNearMiss } from './duplicados.ts';
import type { TMotivoDuplicado, TNinoRef } from './duplicados.ts';
import type { TUnion } from './grupos.ts';

/**
 * `hermano_e_inscripto` as groups: a listed sibling joins every enrolment's child its name reads as,
 * unless they are the same enrolment or linked by the same CI. Comparing every listed sibling with every child
 * of that name would grow with their product (thousands of enrolments listing "Ana Pérez", thousands of Ana
 * Pérez), so each name is taken once: few on either side are compared one by one; many on both sides are one
 * group, because then every sibling and every child has three partners or more among the others. The index
 * keeps each name's joins until a sibling or child of that name changes.
 */

interface Hijo {
  id: string;
  ci: string | null;
  sinAp2: boolean;
}
interface Listado {
  ci: string | null;
  exact: Set<string>;
  partial: Set<string>;
}
interface Hermano {
  owner: string;
  indice: number;
  ci: string | null;
}

/** Below this many sibling–child candidates for one name, each is checked. */
const UNO_POR_UNO = 256;

/** Anything that joins two children (the groups' union-find, or a list of the joins to keep). */
interface Uniendo {
  unir(a: TNinoRef, b: TNinoRef, motivo: TMotivoDuplicado): void;
}

/**
 * The joins of one name: the siblings listed with it (`exactos`: read in full; `parciales`: with a second
 * surname the child may lack) and the children with it. Kept per name by the index until one of them changes.
 */
export function unionesDeNombre(
  nombre: string,
  exactos: Iterable<{ id: string; siblings: readonly Listado[] }>,
  parciales: Iterable<{ id: string; siblings: readonly Listado[] }>,
  hijos: Hijo[],
): TUnion[] {
  const uniones: TUnion[] = [];
  const u: Uniendo = { unir: (a, b, motivo) => uniones.push([a, b, motivo]) };
  const listados = (duenos: Iterable<{ id: string; siblings: readonly Listado[] }>, parcial: boolean) => {
    const hermanos: Hermano[] = [];
    for (const d of duenos) {
      d.siblings.forEach((s, indice) => {
        if ((parcial ? s.partial : s.exact).has(nombre)) hermanos.push({ owner: d.id, indice, ci: s.ci });
      });
    }
    return hermanos;
  };
  unirNombre(listados(exactos, false), hijos, u);
  unirNombre(
    listados(parciales, true),
    hijos.filter((c) => c.sinAp2),
    u,
  );
  return uniones;
}

const ref = (h: Hermano) => ({ inscriptoId: h.owner, hermano: h.indice });
const main = (c: Hijo) => ({ inscriptoId: c.id, hermano: null });
/** Not linked by the same CI: one has none, or the two are near (a typo), not equal and not far. */
const sinVinculo = (a: string | null, b: string | null) => a === null || b === null || ciNearMiss(a, b) !== null;

function unirNombre(hermanos: Hermano[], hijos: Hijo[], u: Uniendo) {
  if (hijos.length === 0) return;
  if (hermanos.length * hijos.length <= UNO_POR_UNO) {
    for (const h of hermanos) {
      for (const c of hijos)
        if (c.id !== h.owner && sinVinculo(h.ci, c.ci)) u.unir(ref(h), main(c), 'hermano_e_inscripto');
    }
    return;
  }
  // Without a CI on one side, only the same enrolment keeps them apart.
  completo(
    hermanos.filter((h) => h.ci === null),
    hijos,
    u,
  );
  const conCi = hermanos.filter((h) => h.ci !== null);
  completo(
    conCi,
    hijos.filter((c) => c.ci === null),
    u,
  );
  // Both with a CI: near ones, looked up by the keys of one digit blanked or two adjacent digits in order.
  const porClave = new Map<string, Hijo[]>();
  for (const c of hijos) if (c.ci !== null) for (const k of claves(c.ci)) push(porClave, k, c);
  for (const h of conCi) {
    for (const k of claves(h.ci!)) {
      for (const c of porClave.get(k) ?? []) {
        if (c.id !== h.owner && c.ci !== h.ci) u.unir(ref(h), main(c), 'hermano_e_inscripto');
      }
    }
  }
}

/**
 * Every sibling with every child but its own enrolment's (an enrolment has one child). With three children or
 * fewer, or siblings of three enrolments or fewer, each is checked; with more on both sides, all are one group.
 */
function completo(hermanos: Hermano[], hijos: Hijo[], u: Uniendo) {
  if (hermanos.length === 0 || hijos.length === 0) return;
  const duenos = new Set(hermanos.map((h) => h.owner));
  if (hijos.length <= 3 || duenos.size <= 3) {
    for (const h of hermanos)
      for (const c of hijos) if (c.id !== h.owner) u.unir(ref(h), main(c), 'hermano_e_inscripto');
    return;
  }
  // Each has three partners or more, and any two siblings share a child: one group.
  const primero = main(hijos[0]!);
  for (const h of hermanos) u.unir(ref(h), primero, 'hermano_e_inscripto');
  for (const c of hijos) u.unir(main(c), primero, 'hermano_e_inscripto');
}

function claves(ci: string): string[] {
  const keys: string[] = [];
  for (let i = 0; i < ci.length; i++) {
    keys.push(`u${i}|${ci.slice(0, i)}_${ci.slice(i + 1)}`);
    if (i + 1 < ci.length && ci[i] !== ci[i + 1]) {
      const [p, q] = ci[i]! < ci[i + 1]! ? [ci[i], ci[i + 1]] : [ci[i + 1], ci[i]];
      keys.push(`s${i}|${ci.slice(0, i)}${p}${q}${ci.slice(i + 2)}`);
    }
  }
  return keys;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
