import { MOTIVO_RANK, type TMotivoDuplicado, type TNinoRef } from './duplicados.ts';

/**
 * Groups of look-alike children: the connected parts of the rule's pairs. k children that all look
 * alike make one group of k, not k(k−1)/2 pairs, so detection, the list and the import preview grow with the
 * number of children, whatever the shape of the data.
 */

export interface TGrupoDuplicado {
  /** The first child's key: groups are listed in this order. */
  clave: string;
  /** Ordered by key. */
  ninos: TNinoRef[];
  /** The reasons that joined them, best first (a group of two has the pair's reason first). */
  motivos: TMotivoDuplicado[];
}

/** Union-find over children's keys, remembering the reasons that joined each part. */
export class Uniones {
  private readonly padre = new Map<string, string>();
  private readonly tamano = new Map<string, number>();
  private readonly motivos = new Map<string, Set<TMotivoDuplicado>>();
  private readonly refs = new Map<string, TNinoRef>();

  raiz(key: string): string {
    let r = key;
    for (let p = this.padre.get(r); p !== undefined && p !== r; p = this.padre.get(r)) r = p;
    // Path compression: the next look-up is one step.
    for (let k = key, p = this.padre.get(k); p !== undefined && p !== r; p = this.padre.get(k)) {
      this.padre.set(k, r);
      k = p;
    }
    return r;
  }

  private nodo(ref: TNinoRef, key: string) {
    if (this.refs.get(key) === undefined) {
      this.padre.set(key, key);
      this.refs.set(key, ref);
    }
  }

  unir(a: TNinoRef, b: TNinoRef, motivo: TMotivoDuplicado): void {
    const [ka, kb] = [keyOf(a), keyOf(b)];
    this.nodo(a, ka);
    this.nodo(b, kb);
    let [ra, rb] = [this.raiz(ka), this.raiz(kb)];
    if (ra !== rb) {
      if ((this.tamano.get(ra) ?? 1) < (this.tamano.get(rb) ?? 1)) [ra, rb] = [rb, ra];
      this.padre.set(rb, ra);
      this.tamano.set(ra, (this.tamano.get(ra) ?? 1) + (this.tamano.get(rb) ?? 1));
      const deB = this.motivos.get(rb);
      if (deB) {
        this.motivos.delete(rb);
        for (const m of deB) this.agregarMotivo(ra, m);
      }
    }
    this.agregarMotivo(ra, motivo);
  }

  private agregarMotivo(raiz: string, motivo: TMotivoDuplicado) {
    const set = this.motivos.get(raiz);
    if (set) set.add(motivo);
    else this.motivos.set(raiz, new Set([motivo]));
  }

  /** Every part of two children or more, ordered by its first child's key. */
  grupos(): TGrupoDuplicado[] {
    const partes = new Map<string, string[]>();
    for (const key of this.padre.keys()) {
      const r = this.raiz(key);
      const lista = partes.get(r);
      if (lista) lista.push(key);
      else partes.set(r, [key]);
    }
    const grupos: TGrupoDuplicado[] = [];
    for (const [r, keys] of partes) {
      keys.sort(compare);
      grupos.push({
        clave: keys[0]!,
        ninos: keys.map((k) => this.refs.get(k)!),
        motivos: [...(this.motivos.get(r) ?? [])].sort((x, y) => MOTIVO_RANK[x] - MOTIVO_RANK[y]),
      });
    }
    return grupos.sort((x, y) => compare(x.clave, y.clave));
  }
}

const keyOf = (ref: TNinoRef) => (ref.hermano === null ? ref.inscriptoId : `${ref.inscriptoId}#${ref.hermano}`);
const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Two children to join, and why. */
export type TUnion = [TNinoRef, TNinoRef, TMotivoDuplicado];

/** Runs steps to the end, at once. */
export function drenar<T>(pasos: Generator<void, T>): T {
  for (;;) {
    const r = pasos.next();
    if (r.done) return r.value;
  }
}

/** Two children whose CIs are near each other, and how. */
export type TCiArista = [string, string, 'ci_un_digito' | 'ci_digitos_invertidos'];

/** Below this many CIs in one birth date (a cycle of 100,000 has about 140 a day), every two are compared; above, they are looked up by key. */
const COMPARAR_DE_A_PARES = 256;

/**
 * The near CIs among children born the same day, as edges that join the same parts as every near pair would.
 * Many children born one day (a shape an import can have) are not compared pairwise: each CI gets a key per
 * position with that digit blanked (one digit apart: same key) and per two adjacent digits put in order
 * (swapped: same key). Two different CIs with one key are near; a key with two CIs or more joins its children.
 */
export function ciAristas(
  hijos: readonly { id: string; ci: string }[],
  cerca: (a: string, b: string) => TCiArista[2] | null,
): TCiArista[] {
  return drenar(ciAristasPasos(hijos, cerca));
}

/** `ciAristas` in steps (one per 1,000 children), so a caller can give other work a turn. */
export function* ciAristasPasos(
  hijos: readonly { id: string; ci: string }[],
  cerca: (a: string, b: string) => TCiArista[2] | null,
): Generator<void, TCiArista[]> {
  const aristas: TCiArista[] = [];
  if (hijos.length <= COMPARAR_DE_A_PARES) {
    for (let x = 0; x < hijos.length; x++) {
      for (let y = x + 1; y < hijos.length; y++) {
        const motivo = cerca(hijos[x]!.ci, hijos[y]!.ci);
        if (motivo) aristas.push([hijos[x]!.id, hijos[y]!.id, motivo]);
      }
    }
    return aristas;
  }
  const porClave = new Map<string, { id: string; ci: string }[]>();
  for (const [n, h] of hijos.entries()) {
    if (n % 1_000 === 999) yield;
    const ci = h.ci;
    for (let i = 0; i < ci.length; i++) {
      push(porClave, `u${i}|${ci.slice(0, i)}_${ci.slice(i + 1)}`, h);
      if (i + 1 < ci.length && ci[i] !== ci[i + 1]) {
        const [p, q] = ci[i]! < ci[i + 1]! ? [ci[i], ci[i + 1]] : [ci[i + 1], ci[i]];
        push(porClave, `s${i}|${ci.slice(0, i)}${p}${q}${ci.slice(i + 2)}`, h);
      }
    }
  }
  for (const [clave, lista] of porClave) {
    if (lista.length < 2) continue;
    const motivo = clave[0] === 'u' ? 'ci_un_digito' : 'ci_digitos_invertidos';
    const primero = lista[0]!;
    const otro = lista.find((h) => h.ci !== primero.ci);
    if (!otro) continue; // one CI only (the same CI twice is no near miss)
    for (const h of lista) {
      if (h !== primero) aristas.push([h.ci === primero.ci ? otro.id : primero.id, h.id, motivo]);
    }
  }
  return aristas;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
