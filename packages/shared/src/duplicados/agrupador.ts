import { ninoKey } from './duplicados.ts';
import { Uniones, type TGrupoDuplicado, type TUnion } from './grupos.ts';

/**
 * The groups kept up to date by parts, so a write costs little: every source of joins (a block of
 * name and birth date, of swapped surnames, a birth date's near CIs, a listed sibling's name) keeps its joins until
 * it changes. A regrouping redoes only the region a change can reach: the old groups of the children whose joins
 * changed, and, through the joins, every group they now touch. The rest of the groups stay as they were.
 */
export class Agrupador {
  private readonly uniones = new Map<string, TUnion[]>();
  /** A child's key → the sources with a join on it. */
  private readonly fuentesDe = new Map<string, Set<string>>();
  private readonly cambiadas = new Set<string>();
  private grupos: TGrupoDuplicado[] = [];
  private readonly grupoDe = new Map<string, TGrupoDuplicado>();

  /** A source whose joins may have changed. */
  marcar(fuente: string): void {
    this.cambiadas.add(fuente);
  }

  *agrupar(calcular: (fuente: string) => Generator<void, TUnion[]>): Generator<void, TGrupoDuplicado[]> {
    const tocados: string[] = [];
    let n = 0;
    for (const fuente of [...this.cambiadas]) {
      if (++n % PASO === 0) yield;
      this.cambiadas.delete(fuente);
      for (const [a, b] of this.uniones.get(fuente) ?? []) {
        for (const k of [ninoKey(a), ninoKey(b)]) {
          tocados.push(k);
          this.fuentesDe.get(k)?.delete(fuente);
        }
      }
      const uniones = yield* calcular(fuente);
      if (uniones.length === 0) this.uniones.delete(fuente);
      else this.uniones.set(fuente, uniones);
      for (const [a, b] of uniones) {
        for (const k of [ninoKey(a), ninoKey(b)]) {
          tocados.push(k);
          const set = this.fuentesDe.get(k);
          if (set) set.add(fuente);
          else this.fuentesDe.set(k, new Set([fuente]));
        }
      }
    }
    if (tocados.length === 0) return this.grupos;
    // The region: closed under "its old group" and "the joins of its sources".
    const region = new Set<string>();
    const fuentes = new Set<string>();
    const pendientes = tocados;
    const agregar = (k: string) => {
      if (region.has(k)) return;
      region.add(k);
      pendientes.push(k);
    };
    while (pendientes.length) {
      const k = pendientes.pop()!;
      region.add(k);
      for (const r of this.grupoDe.get(k)?.ninos ?? []) agregar(ninoKey(r));
      for (const fuente of this.fuentesDe.get(k) ?? []) {
        if (fuentes.has(fuente)) continue;
        fuentes.add(fuente);
        for (const [a, b] of this.uniones.get(fuente)!) {
          agregar(ninoKey(a));
          agregar(ninoKey(b));
        }
      }
      if (++n % PASO === 0) yield;
    }
    const u = new Uniones();
    for (const fuente of fuentes) {
      for (const [a, b, motivo] of this.uniones.get(fuente)!) u.unir(a, b, motivo);
      if (++n % PASO === 0) yield;
    }
    yield;
    const nuevos = u.grupos();
    const quedan = this.grupos.filter((g) => !region.has(g.clave));
    for (const k of region) {
      this.grupoDe.delete(k);
      if (this.fuentesDe.get(k)?.size === 0) this.fuentesDe.delete(k);
    }
    for (const g of nuevos) for (const r of g.ninos) this.grupoDe.set(ninoKey(r), g);
    this.grupos = [...quedan, ...nuevos].sort((x, y) => (x.clave < y.clave ? -1 : x.clave > y.clave ? 1 : 0));
    return this.grupos;
  }
}

/** Sources or children between two steps. */
const PASO = 1_000;
