import { searchKey } from '../text.ts';
import { normalizeCi } from '../inscriptos/ci.ts';
import type { TEstadisticas, TLista, TMiembro, TPlazas, TSexoSorteo, TUnidad } from './schemas.ts';

/**
 * Participants of a raffle (docs/decisions/0008): the finalised enrolments when it starts, grouped into
 * units. Pure: the server reads the rows and hashes the canonical form.
 */

/** What the raffle needs from one finalised enrolment. */
export interface TSorteoFuente {
  inscriptoId: string;
  numero: number;
  ci: string | null;
  sexo: string | null;
  nombreCompleto: string;
  tieneHermanosPrimaria: boolean;
  /** Section 9, "Hermanos que se inscriben este año". */
  hermanosInscriben: readonly { nombre?: string | undefined; ci?: string | undefined; sexo?: string | undefined }[];
}

export const NOMBRE_HERMANO_SIN_NOMBRE = 'Hermano/a sin nombre';

function sexoOf(value: string | null | undefined): TSexoSorteo {
  return value === 'F' || value === 'M' ? value : 'Otro';
}

/** Code-unit comparison: the same on every machine, unlike localeCompare. */
function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareMiembros(a: TMiembro, b: TMiembro): number {
  if (a.ci !== b.ci) {
    if (a.ci === null) return 1;
    if (b.ci === null) return -1;
    return cmp(a.ci, b.ci);
  }
  return cmp(a.nombreCompleto, b.nombreCompleto) || cmp(a.inscriptoId ?? '', b.inscriptoId ?? '');
}

/** Units sorted by number, members by CI (those without one last), then name: the form that is hashed. */
export function canonicalUnits(units: readonly TUnidad[]): TUnidad[] {
  return [...units]
    .sort((a, b) => a.numero - b.numero)
    .map((u) => ({
      numero: u.numero,
      hermanosPrimaria: u.hermanosPrimaria,
      miembros: [...u.miembros].sort(compareMiembros).map((m) => ({
        ci: m.ci,
        inscriptoId: m.inscriptoId,
        nombreCompleto: m.nombreCompleto,
        sexo: m.sexo,
        ...(m.huella ? { huella: m.huella } : {}),
      })),
    }));
}

/**
 * The canonical JSON whose SHA-256 is the participant-list hash:
 * `[{"numero":…,"hermanosPrimaria":…,"miembros":[{"ci":…,"inscriptoId":…,"nombreCompleto":…,"sexo":…}]}]`,
 * keys in that order, no spaces, units and members in canonical order.
 */
export function canonicalJson(units: readonly TUnidad[]): string {
  return JSON.stringify(canonicalUnits(units));
}

/**
 * Groups enrolments sharing a number and adds the siblings they list in section 9 that have no record of
 * their own: a listed CI held by any enrolment (finalised or not) is skipped, since that child takes part
 * (or not) through its own record; a listed sibling without a CI is skipped when its name matches a member.
 * A numbered enrolment with no siblings is a unit of one child.
 */
export function buildUnits(fuentes: readonly TSorteoFuente[], cisConRegistro: ReadonlySet<string>): TUnidad[] {
  const byNumero = new Map<number, TSorteoFuente[]>();
  for (const f of fuentes) {
    const list = byNumero.get(f.numero);
    if (list) list.push(f);
    else byNumero.set(f.numero, [f]);
  }
  const units: TUnidad[] = [];
  for (const [numero, records] of byNumero) {
    const miembros: TMiembro[] = records.map((f) => ({
      ci: f.ci ? normalizeCi(f.ci) : null,
      inscriptoId: f.inscriptoId,
      nombreCompleto: f.nombreCompleto.trim(),
      sexo: sexoOf(f.sexo),
    }));
    const cis = new Set(miembros.flatMap((m) => (m.ci ? [m.ci] : [])));
    // Names are compared only for siblings listed without a CI (rare): built on first need.
    let names: Set<string> | null = null;
    const namesOf = () => (names ??= new Set(miembros.map((m) => searchKey(m.nombreCompleto))));
    for (const f of records) {
      for (const h of f.hermanosInscriben) {
        const ci = h.ci ? normalizeCi(h.ci) : '';
        const nombre = (h.nombre ?? '').trim();
        if (ci) {
          if (cisConRegistro.has(ci) || cis.has(ci)) continue;
        } else if (!nombre || namesOf().has(searchKey(nombre))) {
          continue;
        }
        miembros.push({
          ci: ci || null,
          inscriptoId: null,
          nombreCompleto: nombre || NOMBRE_HERMANO_SIN_NOMBRE,
          sexo: sexoOf(h.sexo),
        });
        if (ci) cis.add(ci);
        if (nombre) namesOf().add(searchKey(nombre));
      }
    }
    units.push({ numero, hermanosPrimaria: records.some((f) => f.tieneHermanosPrimaria), miembros });
  }
  return canonicalUnits(units);
}

export type TUnitKind = 'hermanos_juntos' | 'hermanos_primaria' | 'comun';

/** The stage a unit is drawn in (before stage 4, which takes whoever is left). */
export function unitKind(unit: TUnidad): TUnitKind {
  if (unit.miembros.length > 1) return 'hermanos_juntos';
  return unit.hermanosPrimaria ? 'hermanos_primaria' : 'comun';
}

/**
 * The list a child competes in. F → nenas, M → varones. "Otro" (or missing) → the list with more places
 * when the raffle starts, girls on a tie; the child then appears in that list's titulares or suplentes.
 */
export function poolOf(sexo: TSexoSorteo, plazas: TPlazas): TLista {
  if (sexo === 'F') return 'nenas';
  if (sexo === 'M') return 'varones';
  return plazas.varones > plazas.nenas ? 'varones' : 'nenas';
}

export function estadisticas(units: readonly TUnidad[]): TEstadisticas {
  const stats: TEstadisticas = { gruposHermanos: 0, hermanosPrimaria: 0, comunes: 0, total: 0 };
  for (const u of units) {
    const kind = unitKind(u);
    if (kind === 'hermanos_juntos') stats.gruposHermanos += 1;
    else if (kind === 'hermanos_primaria') stats.hermanosPrimaria += 1;
    else stats.comunes += 1;
    stats.total += u.miembros.length;
  }
  return stats;
}
