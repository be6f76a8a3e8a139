import type { TLista, TPlazas, TSexoSorteo } from '../sorteo/schemas.ts';
import { poolOf } from '../sorteo/units.ts';
import { ASIGNACION_MSG } from './messages.ts';
import type { TEscuelaRed, TPostulacion, TPrioridad, TRed } from './schemas.ts';

/**
 * From a family's application to what the engine reads (docs/decisions/0028 "Prioridades" and "Listas"), and
 * the rules every run's input must follow. Pure: the server builds the applications from its records.
 */

/** Code-unit comparison: the same on every machine, unlike localeCompare. */
export function compareCodigo(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The priority class of an application at one school, from the raffle's stages (0008): a sibling group
 * enrolling together is `hermanos_juntos` (everywhere, as the raffle draws groups first); a lone child is
 * `hermanos_primaria` where it has a sibling in primary, `comun` elsewhere.
 */
export function clasePrioridad(integrantes: number, hermanosEnLaEscuela: boolean): TPrioridad {
  if (integrantes > 1) return 'hermanos_juntos';
  return hermanosEnLaEscuela ? 'hermanos_primaria' : 'comun';
}

/** Each child's list at a school with these places: F nenas, M varones, "Otro" the list with more places (0008). */
export function listasEn(sexos: readonly TSexoSorteo[], plazas: TPlazas): TLista[] {
  return sexos.map((sexo) => poolOf(sexo, plazas));
}

/** A family's application as the network records it: its children and its ranked school codes. */
export interface TSolicitud {
  numero: number;
  /** One per child, in the unit's canonical member order (0008). */
  sexos: readonly TSexoSorteo[];
  /** School codes, first choice first. */
  preferencias: readonly string[];
  /** Schools where one of the children has a sibling in primary. */
  hermanosPrimariaEn: readonly string[];
}

/** The engine's view of an application: each choice with its priority and the children's lists there. */
export function armarPostulacion(
  solicitud: TSolicitud,
  escuelas: ReadonlyMap<string, TEscuelaRed>,
  azar: number,
): TPostulacion {
  const hermanos = new Set(solicitud.hermanosPrimariaEn);
  return {
    numero: solicitud.numero,
    azar,
    preferencias: solicitud.preferencias.map((codigo) => {
      const escuela = escuelas.get(codigo);
      if (!escuela) throw new RangeError(ASIGNACION_MSG.escuelaDesconocida(solicitud.numero, codigo));
      return {
        escuela: codigo,
        prioridad: clasePrioridad(solicitud.sexos.length, hermanos.has(codigo)),
        listas: listasEn(solicitud.sexos, escuela.plazas),
      };
    }),
  };
}

const MAX_PROBLEMAS = 50;

/**
 * What is wrong with a run's input, in Spanish (at most 50 problems; empty when valid). The rules: school
 * codes and application numbers unique; random numbers unique (the verifier also asks them to be exactly
 * 1…N, as the draw gives them); at most `maxPreferencias` choices, each a school of the network, none twice;
 * the same number of children at every choice; `hermanos_juntos` exactly for groups; and a child whose list
 * changes between schools (only "Otro" can) is at each of them in the list with more places, nenas on a tie.
 */
export function problemasDeRed(red: TRed): string[] {
  const problemas: string[] = [];
  const add = (p: string) => {
    if (problemas.length < MAX_PROBLEMAS) problemas.push(p);
  };
  if (!Number.isSafeInteger(red.maxPreferencias) || red.maxPreferencias < 1)
    add(ASIGNACION_MSG.maxPreferenciasInvalido);
  const escuelas = new Map<string, TEscuelaRed>();
  for (const e of red.escuelas) {
    if (escuelas.has(e.codigo)) add(ASIGNACION_MSG.escuelaRepetida(e.codigo));
    escuelas.set(e.codigo, e);
  }
  const numeros = new Set<number>();
  const azares = new Map<number, number>();
  for (const p of red.postulaciones) {
    if (numeros.has(p.numero)) add(ASIGNACION_MSG.numeroRepetido(p.numero));
    numeros.add(p.numero);
    const otro = azares.get(p.azar);
    if (otro !== undefined) add(ASIGNACION_MSG.azarRepetido(p.azar, otro, p.numero));
    azares.set(p.azar, p.numero);
    if (p.preferencias.length > red.maxPreferencias) {
      add(ASIGNACION_MSG.demasiadasPreferencias(p.numero, p.preferencias.length, red.maxPreferencias));
    }
    const integrantes = p.preferencias[0]?.listas.length ?? 0;
    const vistas = new Set<string>();
    for (const pref of p.preferencias) {
      if (vistas.has(pref.escuela)) add(ASIGNACION_MSG.escuelaElegidaDosVeces(p.numero, pref.escuela));
      vistas.add(pref.escuela);
      if (!escuelas.has(pref.escuela)) add(ASIGNACION_MSG.escuelaDesconocida(p.numero, pref.escuela));
      if (pref.listas.length !== integrantes) add(ASIGNACION_MSG.integrantesDistintos(p.numero));
      if (integrantes > 1 && pref.prioridad !== 'hermanos_juntos') {
        add(ASIGNACION_MSG.prioridadDeGrupo(p.numero, pref.escuela));
      }
      if (integrantes === 1 && pref.prioridad === 'hermanos_juntos') {
        add(ASIGNACION_MSG.prioridadDeNinoSolo(p.numero, pref.escuela));
      }
    }
    // A child's list may change between schools only by the "Otro" rule.
    for (let m = 0; m < integrantes; m++) {
      const first = p.preferencias[0]!.listas[m];
      if (p.preferencias.every((pref) => pref.listas[m] === first)) continue;
      for (const pref of p.preferencias) {
        const escuela = escuelas.get(pref.escuela);
        if (escuela && pref.listas[m] !== undefined && pref.listas[m] !== poolOf('Otro', escuela.plazas)) {
          add(ASIGNACION_MSG.listaIncoherente(p.numero, m + 1, pref.escuela));
        }
      }
    }
  }
  return problemas;
}
