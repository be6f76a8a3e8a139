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

/** One enrolment as the index holds it (duplicados-index.ts), and the rule between two of them. */

/** What the rule reads of one enrolment, computed once. */
export interface Entry {
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

export function entryOf(f: TDuplicadoFuente): Entry {
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

export function makePair(x: TNinoRef, y: TNinoRef, motivo: TMotivoDuplicado): TParDuplicado {
  const [a, b] = ninoKey(y) < ninoKey(x) ? [y, x] : [x, y];
  return { clave: `${ninoKey(a)}|${ninoKey(b)}`, a, b, motivo };
}

/** Whether a listed sibling names this child, not linked to it by the same CI (`hermano_e_inscripto`). */
function siblingMatches(s: Entry['siblings'][number], child: Entry): boolean {
  const named =
    child.fullNames.some((n) => s.exact.has(n)) || (child.sinAp2 && child.fullNames.some((n) => s.partial.has(n)));
  return named && (s.ci === null || child.ci === null || ciNearMiss(s.ci, child.ci) !== null);
}

export const main = (e: Entry): TNinoRef => ({ inscriptoId: e.id, hermano: null });

/** The pairs the rule gives between two different enrolments. */
export function pairsBetween(x: Entry, y: Entry, found: (pair: TParDuplicado) => void) {
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
