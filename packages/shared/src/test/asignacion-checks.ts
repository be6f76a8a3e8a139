import { CLASE } from '../asignacion/deferred-acceptance.ts';
import type { TPostulacion, TRed, TResultadoAsignacion } from '../asignacion/schemas.ts';
import { LISTAS, type TLista } from '../sorteo/schemas.ts';

/**
 * The properties docs/decisions/0028 claims of a result, checked from their definitions (not from the engine):
 * each application once, its school among its choices, no school over its places, and no blocking pair.
 */

const cuenta = (listas: readonly TLista[], l: TLista) => listas.filter((x) => x === l).length;

/** Is `a` ahead of `b` at `escuela` (both ranked it): better class, or the same and a lower azar. */
export function tienePrioridad(a: TPostulacion, b: TPostulacion, escuela: string): boolean {
  const ca = CLASE[a.preferencias.find((p) => p.escuela === escuela)!.prioridad];
  const cb = CLASE[b.preferencias.find((p) => p.escuela === escuela)!.prioridad];
  return ca !== cb ? ca < cb : a.azar < b.azar;
}

/** Capacity and shape: null when every rule holds, else what broke. */
export function problemaDeForma(red: TRed, resultados: readonly TResultadoAsignacion[]): string | null {
  const numeros = red.postulaciones.map((p) => p.numero).sort((a, b) => a - b);
  if (resultados.map((r) => r.numero).join() !== numeros.join())
    return 'results are not one per application, by number';
  const porNumero = new Map(red.postulaciones.map((p) => [p.numero, p]));
  const ocupadas = new Map<string, number>();
  for (const r of resultados) {
    if (r.escuela === null) continue;
    const pref = porNumero.get(r.numero)!.preferencias.find((p) => p.escuela === r.escuela);
    if (!pref) return `N° ${r.numero} got ${r.escuela}, which it did not rank`;
    for (const l of pref.listas) ocupadas.set(`${r.escuela}|${l}`, (ocupadas.get(`${r.escuela}|${l}`) ?? 0) + 1);
  }
  for (const e of red.escuelas) {
    for (const l of LISTAS) {
      if ((ocupadas.get(`${e.codigo}|${l}`) ?? 0) > e.plazas[l]) return `${e.codigo} over its ${l} places`;
    }
  }
  return null;
}

/**
 * A blocking pair: an application and a school it ranks above its result where, in every list, its children
 * fit in the places free plus those held by applications with lower priority there. For a lone child that is
 * "a free place of its list, or a child behind it holding one" (justified envy or waste); for a group, that
 * all its children could come in by displacing only those behind it. Null when there is none.
 */
export function parBloqueante(red: TRed, resultados: readonly TResultadoAsignacion[]): string | null {
  const porNumero = new Map(red.postulaciones.map((p) => [p.numero, p]));
  const escuelaDe = new Map(resultados.map((r) => [r.numero, r.escuela]));
  for (const p of red.postulaciones) {
    const propia = escuelaDe.get(p.numero) ?? null;
    for (const pref of p.preferencias) {
      if (pref.escuela === propia) break;
      const plazas = red.escuelas.find((e) => e.codigo === pref.escuela)!.plazas;
      const disponibles: Record<TLista, number> = { ...plazas };
      for (const [numero, escuela] of escuelaDe) {
        if (escuela !== pref.escuela) continue;
        const otro = porNumero.get(numero)!;
        const listas = otro.preferencias.find((x) => x.escuela === escuela)!.listas;
        // Places of those ahead are not available; free ones and those behind are.
        if (tienePrioridad(otro, p, escuela)) for (const l of LISTAS) disponibles[l] -= cuenta(listas, l);
      }
      if (LISTAS.every((l) => cuenta(pref.listas, l) <= disponibles[l])) {
        return `N° ${p.numero} and ${pref.escuela} block (it holds ${propia ?? 'nothing'})`;
      }
    }
  }
  return null;
}
