import type { TPostulacion, TPrioridad, TRed, TResultadoAsignacion } from '../asignacion/schemas.ts';
import type { TLista } from '../sorteo/schemas.ts';

/**
 * A deliberately naive reference of docs/decisions/0028, written from the doc and not from the engine: plain
 * objects and strings, everything recounted from scratch, the lone children's deferred acceptance in rounds
 * ("everyone still in proposes to the school they point at; each school keeps its best; repeat until nobody
 * is rejected"). Slow (quadratic); the property tests require the engine to equal it on thousands of networks.
 */

const ORDEN: readonly TPrioridad[] = ['hermanos_juntos', 'hermanos_primaria', 'comun'];

function prefEn(p: TPostulacion, escuela: string) {
  return p.preferencias.find((x) => x.escuela === escuela);
}

/** Is `a` ahead of `b` at this school: better class, or the same class and a lower azar. */
function antes(a: TPostulacion, b: TPostulacion, escuela: string): boolean {
  const ca = ORDEN.indexOf(prefEn(a, escuela)!.prioridad);
  const cb = ORDEN.indexOf(prefEn(b, escuela)!.prioridad);
  return ca !== cb ? ca < cb : a.azar < b.azar;
}

export function asignarReferencia(red: TRed): TResultadoAsignacion[] {
  const plazas = new Map(red.escuelas.map((e) => [e.codigo, e.plazas]));
  const escuelaDe = new Map<number, string | null>(red.postulaciones.map((p) => [p.numero, null]));
  const ocupadas = (escuela: string, lista: TLista) => {
    let n = 0;
    for (const p of red.postulaciones) {
      if (escuelaDe.get(p.numero) !== escuela) continue;
      n += prefEn(p, escuela)!.listas.filter((l) => l === lista).length;
    }
    return n;
  };

  // Groups, one after the other by azar: the first choice where all fit.
  const grupos = red.postulaciones.filter((p) => p.preferencias[0]!.listas.length > 1).sort((a, b) => a.azar - b.azar);
  for (const g of grupos) {
    for (const pref of g.preferencias) {
      const cabe = (['nenas', 'varones'] as const).every(
        (l) => pref.listas.filter((x) => x === l).length <= plazas.get(pref.escuela)![l] - ocupadas(pref.escuela, l),
      );
      if (cabe) {
        escuelaDe.set(g.numero, pref.escuela);
        break;
      }
    }
  }

  // Lone children: rounds until nobody is rejected.
  const solos = red.postulaciones.filter((p) => p.preferencias[0]!.listas.length === 1);
  const cupoGrupos = new Map<string, number>();
  for (const e of red.escuelas) {
    for (const l of ['nenas', 'varones'] as const)
      cupoGrupos.set(`${e.codigo}|${l}`, e.plazas[l] - ocupadas(e.codigo, l));
  }
  const apunta = new Map(solos.map((p) => [p.numero, 0]));
  for (let cambio = true; cambio;) {
    cambio = false;
    const pedidos = new Map<string, TPostulacion[]>();
    for (const p of solos) {
      const pref = p.preferencias[apunta.get(p.numero)!];
      if (!pref) continue;
      const clave = `${pref.escuela}|${pref.listas[0]}`;
      pedidos.set(clave, [...(pedidos.get(clave) ?? []), p]);
    }
    for (const [clave, quienes] of pedidos) {
      const escuela = clave.split('|')[0]!;
      const ordenados = [...quienes].sort((a, b) => (antes(a, b, escuela) ? -1 : 1));
      for (const rechazado of ordenados.slice(Math.max(0, cupoGrupos.get(clave)!))) {
        apunta.set(rechazado.numero, apunta.get(rechazado.numero)! + 1);
        cambio = true;
      }
    }
  }
  for (const p of solos) escuelaDe.set(p.numero, p.preferencias[apunta.get(p.numero)!]?.escuela ?? null);

  // Waitlists: who ranked the school above their own, ahead by priority; positions per list.
  const esperan = (p: TPostulacion, escuela: string) => {
    const propia = escuelaDe.get(p.numero);
    const i = p.preferencias.findIndex((x) => x.escuela === escuela);
    const j = p.preferencias.findIndex((x) => x.escuela === propia);
    return i >= 0 && (propia === null || i < j);
  };
  return [...red.postulaciones]
    .sort((a, b) => a.numero - b.numero)
    .map((p) => ({
      numero: p.numero,
      escuela: escuelaDe.get(p.numero)!,
      espera: p.preferencias
        .filter((pref) => esperan(p, pref.escuela))
        .map((pref) => ({
          escuela: pref.escuela,
          posiciones: pref.listas.map((lista, m) => {
            let delante = 0;
            for (const otro of red.postulaciones) {
              if (otro === p || !esperan(otro, pref.escuela) || !antes(otro, p, pref.escuela)) continue;
              delante += prefEn(otro, pref.escuela)!.listas.filter((l) => l === lista).length;
            }
            return delante + pref.listas.slice(0, m).filter((l) => l === lista).length + 1;
          }),
        })),
    }));
}
