import type { TLista, TMiembro, TResultado, TSorteoDraw, TSorteoStage, TUnidad } from './schemas.ts';

/** What the lists and the acta show of each child placed by the first `upTo` draws. */
export interface TResultadoHijo {
  index: number;
  stage: TSorteoStage;
  numero: number;
  resultado: TResultado;
  lista: TLista;
  posicion: number;
  miembro: TMiembro;
  unidad: TUnidad;
}

export interface TListas<T> {
  titulares: Record<TLista, T[]>;
  suplentes: Record<TLista, T[]>;
}

/** One entry per child of the first `upTo` draws, in draw order (members in canonical order). */
export function childResults(
  units: readonly TUnidad[],
  draws: readonly TSorteoDraw[],
  upTo = draws.length,
): TResultadoHijo[] {
  const byNumero = new Map(units.map((u) => [u.numero, u]));
  const out: TResultadoHijo[] = [];
  for (const d of draws.slice(0, upTo)) {
    const unidad = byNumero.get(d.numero);
    if (!unidad) throw new Error(`El sorteo ${d.index} nombra la unidad ${d.numero}, que no participa`);
    if (unidad.miembros.length !== d.miembros.length) {
      throw new Error(`El sorteo ${d.index} no tiene un resultado por cada integrante de la unidad ${d.numero}`);
    }
    d.miembros.forEach((a, i) =>
      out.push({
        index: d.index,
        stage: d.stage,
        numero: d.numero,
        resultado: d.resultado,
        lista: a.lista,
        posicion: a.posicion,
        miembro: unidad.miembros[i]!,
        unidad,
      }),
    );
  }
  return out;
}

/** The four lists of the board, each in position order. */
export function splitLists<T extends { resultado: TResultado; lista: TLista; posicion: number }>(
  results: readonly T[],
): TListas<T> {
  const lists: TListas<T> = { titulares: { nenas: [], varones: [] }, suplentes: { nenas: [], varones: [] } };
  for (const r of results) (r.resultado === 'titular' ? lists.titulares : lists.suplentes)[r.lista].push(r);
  for (const group of [lists.titulares, lists.suplentes])
    for (const l of ['nenas', 'varones'] as const) group[l].sort((a, b) => a.posicion - b.posicion);
  return lists;
}

export interface TContadores {
  selectedCount: number;
  suplentesCount: number;
}

/** Children made titular and suplente by the first `upTo` draws: the counters SPEC 3 calls selected and suplentes. */
export function countersAt(draws: readonly TSorteoDraw[], upTo: number): TContadores {
  let selectedCount = 0;
  let suplentesCount = 0;
  for (const d of draws.slice(0, upTo)) {
    if (d.resultado === 'titular') selectedCount += d.miembros.length;
    else suplentesCount += d.miembros.length;
  }
  return { selectedCount, suplentesCount };
}

/** The first difference between two plans, in Spanish, or null when they agree draw for draw. */
export function firstDifference(expected: readonly TSorteoDraw[], actual: readonly TSorteoDraw[]): string | null {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i];
    const a = actual[i];
    if (!e) return `el acta tiene un sorteo ${i + 1} que la repetición no produce`;
    if (!a) return `falta el sorteo ${i + 1} (N° ${e.numero}, ${e.resultado})`;
    if (a.index !== i) return `el sorteo ${i + 1} dice ser el número ${a.index + 1}`;
    if (a.numero !== e.numero) return `sorteo ${i + 1}: el acta dice N° ${a.numero}, la repetición da N° ${e.numero}`;
    if (a.stage !== e.stage)
      return `sorteo ${i + 1} (N° ${e.numero}): etapa ${a.stage} en el acta, ${e.stage} al repetir`;
    if (a.resultado !== e.resultado) {
      return `sorteo ${i + 1} (N° ${e.numero}): el acta dice ${a.resultado}, la repetición da ${e.resultado}`;
    }
    if (a.miembros.length !== e.miembros.length)
      return `sorteo ${i + 1} (N° ${e.numero}): distinta cantidad de integrantes`;
    for (let j = 0; j < e.miembros.length; j++) {
      const em = e.miembros[j]!;
      const am = a.miembros[j]!;
      if (em.lista !== am.lista || em.posicion !== am.posicion) {
        return (
          `sorteo ${i + 1} (N° ${e.numero}), integrante ${j + 1}: el acta dice ${am.lista} ${am.posicion}, ` +
          `la repetición da ${em.lista} ${em.posicion}`
        );
      }
    }
  }
  return null;
}
