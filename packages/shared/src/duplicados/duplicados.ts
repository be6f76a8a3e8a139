import { searchKey } from '../text.ts';
import { ciError, normalizeCi } from '../inscriptos/ci.ts';

/**
 * Possible duplicates among the enrolments of a cycle: pairs of children that may be the same
 * child, each with its reason, for a person to resolve before the raffle. Pure, and it never compares
 * every child with every other: names are looked up by key, CIs are compared only among the children born
 * the same day (blocking).
 *
 * A child is either the main child of an enrolment or a sibling listed in its section 9 ("Hermanos que se
 * inscriben este año"). The rules:
 * - `nombre_y_fecha`: two enrolments with the same birth date, the same first name (`nombre1`) and the
 *   same first surname, compared after `nameKey` (no accents, no case, no spaces or punctuation).
 * - `apellidos_invertidos`: the same, with both surnames given and swapped (Pérez García / García Pérez).
 * - `ci_un_digito`, `ci_digitos_invertidos`: two enrolments with the same birth date whose CIs (8 digits,
 *   well formed for `ciError`) differ in exactly one digit, or by two adjacent digits swapped. The check
 *   digit is not required to be right: it only warns at entry, so mistyped CIs get stored. A one-digit typo
 *   can even keep it right (a digit changed by 5 where the weight is even); an adjacent swap never does
 *   (the weight differences 7, 1, 1, 1, 3, 1 and 3 are prime to 10), so one of the two CIs is then stored
 *   with the warning.
 * - `hermano_e_inscripto`: a sibling listed in one enrolment whose name matches another enrolment's
 *   child while the two are not linked by the same CI: the listed sibling has no CI, the enrolment has
 *   none, or the two CIs differ by one digit or an adjacent swap. A listed sibling whose CI is the
 *   enrolment's CI is the normal link between siblings (decision 0006), not a duplicate. Listed siblings
 *   carry no birth date, so the name must match in full: the listed name is one free text, read as given
 *   names (`nombre1`) followed by the surnames, which must be both surnames in either order, or the first
 *   surname alone; a second surname listed for a child enrolled without one is accepted too.
 * Identical CIs between enrolments are refused at entry (unique index) and are not reported here.
 */

export const MOTIVOS_DUPLICADO = [
  'nombre_y_fecha',
  'apellidos_invertidos',
  'ci_un_digito',
  'ci_digitos_invertidos',
  'hermano_e_inscripto',
] as const;
export type TMotivoDuplicado = (typeof MOTIVOS_DUPLICADO)[number];

/** The reason as the screens show it ("Posible duplicado de Lucía Pérez, N° 12: misma fecha …"). */
export const MOTIVO_DUPLICADO_TEXTO: Readonly<Record<TMotivoDuplicado, string>> = {
  nombre_y_fecha: 'misma fecha de nacimiento y nombre',
  apellidos_invertidos: 'misma fecha de nacimiento y nombre, con los apellidos invertidos',
  ci_un_digito: 'misma fecha de nacimiento y cédulas que difieren en un dígito',
  ci_digitos_invertidos: 'misma fecha de nacimiento y cédulas con dos dígitos contiguos invertidos',
  hermano_e_inscripto: 'inscripto por su cuenta y también como hermano en otra inscripción',
};

/** What the rule needs from one enrolment of the cycle. */
export interface TDuplicadoFuente {
  inscriptoId: string;
  nombre1?: string | null | undefined;
  apellido1?: string | null | undefined;
  apellido2?: string | null | undefined;
  /** YYYY-MM-DD. */
  fechaNacimiento?: string | null | undefined;
  ci?: string | null | undefined;
  hermanosInscriben?: readonly { nombre?: string | undefined; ci?: string | undefined }[] | null | undefined;
}

/** One child: the enrolment's own child (`hermano: null`) or the sibling at that index of its section 9. */
export interface TNinoRef {
  inscriptoId: string;
  hermano: number | null;
}

export interface TParDuplicado {
  /** Stable identity of the pair: the two children's keys in order, joined by "|". */
  clave: string;
  a: TNinoRef;
  b: TNinoRef;
  motivo: TMotivoDuplicado;
}

/** Names as compared here: searchKey, then only letters and digits ("De León" → "deleon"). */
export function nameKey(text: string | null | undefined): string {
  return text ? searchKey(text).replace(/[^a-z0-9]/g, '') : '';
}

export function ninoKey(ref: TNinoRef): string {
  return ref.hermano === null ? ref.inscriptoId : `${ref.inscriptoId}#${ref.hermano}`;
}

/** An 8-digit CI (normalised) that ciError accepts, or null. */
export function usableCi(ci: string | null | undefined): string | null {
  if (!ci || ciError(ci) !== null) return null;
  return normalizeCi(ci);
}

/** How two different 8-digit CIs are near each other, if they are. */
export function ciNearMiss(a: string, b: string): 'ci_un_digito' | 'ci_digitos_invertidos' | null {
  if (a.length !== b.length || a === b) return null;
  // The positions of the first two differences (no array: it runs for every pair born the same day).
  let i = -1;
  let j = -1;
  for (let k = 0; k < a.length; k++) {
    if (a.charCodeAt(k) !== b.charCodeAt(k)) {
      if (i < 0) i = k;
      else if (j < 0) j = k;
      else return null;
    }
  }
  if (j < 0) return 'ci_un_digito';
  return j === i + 1 && a[i] === b[j] && a[j] === b[i] ? 'ci_digitos_invertidos' : null;
}

export const MOTIVO_RANK: Readonly<Record<TMotivoDuplicado, number>> = Object.fromEntries(
  MOTIVOS_DUPLICADO.map((m, i) => [m, i]),
) as Record<TMotivoDuplicado, number>;

/** The keys an enrolment's child is found by from a listed sibling's name: given name and surnames, joined. */
export function fullNameKeys(nombre: string, ap1: string, ap2: string): string[] {
  if (!nombre || !ap1) return [];
  const names = new Set([`${nombre}|${ap1}`]);
  if (ap2) names.add(`${nombre}|${ap1}${ap2}`).add(`${nombre}|${ap2}${ap1}`);
  return [...names];
}

/**
 * The readings of a listed sibling's name, one free text ("María José de León Silva"), split at every word
 * into given names and surnames: `exact` match a child's fullNameKeys; `partial` (a second surname listed for
 * a child enrolled with one only) match only a child without a second surname.
 */
export function siblingReadings(nombre: string | undefined): { exact: Set<string>; partial: Set<string> } {
  const words = (nombre ? searchKey(nombre) : '').split(' ').map(nameKey).filter(Boolean);
  const exact = new Set<string>();
  const partial = new Set<string>();
  for (let split = 1; split < words.length; split++) {
    const given = words.slice(0, split).join('');
    exact.add(`${given}|${words.slice(split).join('')}`);
    for (let to = split + 1; to < words.length; to++) partial.add(`${given}|${words.slice(split, to).join('')}`);
  }
  return { exact, partial };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The pairs of possible duplicates, ordered by their key; a pair found by several rules keeps the first. */
export function findDuplicados(fuentes: readonly TDuplicadoFuente[]): TParDuplicado[] {
  const pairs = new Map<string, TParDuplicado>();
  const add = (x: TNinoRef, y: TNinoRef, motivo: TMotivoDuplicado) => {
    let [a, b] = [x, y];
    if (ninoKey(b) < ninoKey(a)) [a, b] = [b, a];
    const clave = `${ninoKey(a)}|${ninoKey(b)}`;
    const found = pairs.get(clave);
    if (!found || MOTIVO_RANK[motivo] < MOTIVO_RANK[found.motivo]) pairs.set(clave, { clave, a, b, motivo });
  };

  // Blocks: enrolments by birth date + name keys, by birth date with a CI (a day's children are few, about
  // n / 365 in a cycle, so they are compared pairwise), and by full name (for listed siblings).
  const byName = new Map<string, number[]>();
  const bySwapped = new Map<string, number[]>();
  const byFechaConCi = new Map<string, number[]>();
  const byFullName = new Map<string, number[]>();
  const cis: (string | null)[] = [];
  const apellidos1: string[] = [];
  const sinApellido2: boolean[] = [];
  fuentes.forEach((f, index) => {
    const nombre = nameKey(f.nombre1);
    const ap1 = nameKey(f.apellido1);
    const ap2 = nameKey(f.apellido2);
    const fecha = f.fechaNacimiento ?? '';
    const ci = usableCi(f.ci);
    cis.push(ci);
    apellidos1.push(ap1);
    sinApellido2.push(!ap2);
    if (fecha && nombre && ap1) {
      push(byName, `${fecha}|${nombre}|${ap1}`, index);
      if (ap2 && ap2 !== ap1) push(bySwapped, `${fecha}|${nombre}|${[ap1, ap2].sort().join('|')}`, index);
    }
    if (fecha && ci) push(byFechaConCi, fecha, index);
    for (const name of fullNameKeys(nombre, ap1, ap2)) push(byFullName, name, index);
  });

  const main = (i: number): TNinoRef => ({ inscriptoId: fuentes[i]!.inscriptoId, hermano: null });
  const eachPair = (block: readonly number[], visit: (i: number, j: number) => void) => {
    for (let x = 0; x < block.length; x++) for (let y = x + 1; y < block.length; y++) visit(block[x]!, block[y]!);
  };

  for (const block of byName.values()) eachPair(block, (i, j) => add(main(i), main(j), 'nombre_y_fecha'));
  for (const block of bySwapped.values()) {
    eachPair(block, (i, j) => {
      // Same surnames in the other order (the same order is nombre_y_fecha, found above).
      if (apellidos1[i] !== apellidos1[j]) {
        add(main(i), main(j), 'apellidos_invertidos');
      }
    });
  }
  for (const block of byFechaConCi.values()) {
    eachPair(block, (i, j) => {
      const motivo = ciNearMiss(cis[i]!, cis[j]!);
      if (motivo) add(main(i), main(j), motivo);
    });
  }

  // Listed siblings: each reading of the name is looked up.
  fuentes.forEach((f, index) => {
    (f.hermanosInscriben ?? []).forEach((h, hermano) => {
      const hermanoCi = usableCi(h.ci);
      const readings = siblingReadings(h.nombre);
      const candidates = new Set<number>();
      for (const name of readings.exact) for (const j of byFullName.get(name) ?? []) candidates.add(j);
      for (const name of readings.partial) {
        for (const j of byFullName.get(name) ?? []) if (sinApellido2[j]) candidates.add(j);
      }
      for (const j of candidates) {
        if (j === index) continue;
        const otherCi = cis[j] ?? null;
        // The same CI is the normal link; a CI far from the enrolment's is another child with that name.
        if (hermanoCi === null || otherCi === null || ciNearMiss(hermanoCi, otherCi) !== null) {
          add({ inscriptoId: f.inscriptoId, hermano }, main(j), 'hermano_e_inscripto');
        }
      }
    });
  });

  return [...pairs.values()].sort((p, q) => (p.clave < q.clave ? -1 : p.clave > q.clave ? 1 : 0));
}
