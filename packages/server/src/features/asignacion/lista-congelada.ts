import { armarPostulacion, compareCodigo, type TSolicitud } from '@inscripciones/shared/asignacion/postulaciones.ts';
import { hashListaAsignacion, postulacionParaActa } from '@inscripciones/shared/asignacion/acta-schema.ts';
import type { TEscuelaRed, TPostulacion } from '@inscripciones/shared/asignacion/schemas.ts';
import { preferenciasDe } from '@inscripciones/shared/escuelas/preferencias.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import type { PuertoRed } from '../../domain/red/puerto-red.ts';
import { unitsNow } from '../../domain/sorteos/unidades.ts';
import { findByAnio } from '../../data/ciclos/ciclos-repository.ts';
import { preferenciasDelCiclo } from '../../data/inscriptos/sorteo-reads.ts';
import { conLimite } from '../../lib/con-limite.ts';
import type { OrigenRed } from '../../domain/asignacion/corrimiento-red.ts';

/**
 * The list the network raffle freezes (docs/decisions/0039): every school of the network with its places for the
 * year, and every finalised enrolment of that year that ranked schools, as the engine's applications (a child,
 * or siblings enrolling together: the school raffle's units, 0008), numbered 1…P across the network in school
 * code then enrolment number order. `origenes` (private) says where each came from.
 */

export interface ListaCongelada {
  maxPreferencias: number;
  escuelas: TEscuelaRed[];
  solicitudes: TSolicitud[];
  /** By network number: each child's initials, in member order. */
  iniciales: Record<number, string[]>;
  origenes: Record<number, OrigenRed>;
}

/** Schools read at once: under the network's pool of connections. */
const LECTURAS_A_LA_VEZ = 4;

export async function congelarLista(red: PuertoRed, anio: number, maxPreferencias: number): Promise<ListaCongelada> {
  const porEscuela = await conLimite(red.abiertas(), LECTURAS_A_LA_VEZ, async (e) => {
    const ciclo = await findByAnio(e.ctx.db, anio);
    if (!ciclo) return { codigo: e.ctx.escuela.codigo, plazas: { nenas: 0, varones: 0 }, unidades: [], prefs: null };
    const [unidades, prefs] = await Promise.all([unitsNow(e.ctx, ciclo.id), preferenciasDelCiclo(e.ctx.db, ciclo.id)]);
    return {
      codigo: e.ctx.escuela.codigo,
      plazas: { nenas: ciclo.plazas_nenas, varones: ciclo.plazas_varones },
      unidades,
      prefs,
    };
  });
  porEscuela.sort((a, b) => compareCodigo(a.codigo, b.codigo));
  const lista: ListaCongelada = {
    maxPreferencias,
    escuelas: porEscuela.map((e) => ({ codigo: e.codigo, plazas: e.plazas })),
    solicitudes: [],
    iniciales: {},
    origenes: {},
  };
  const codigos = new Set(lista.escuelas.map((e) => e.codigo));
  for (const escuela of porEscuela) {
    for (const unidad of [...escuela.unidades].sort((a, b) => a.numero - b.numero)) {
      // Siblings enrolling together rank together: the first member's list that has one.
      const ids = unidad.miembros.flatMap((m) => (m.inscriptoId ? [m.inscriptoId] : []));
      const elegidas = ids.map((id) => preferenciasDe(escuela.prefs?.get(id))).find((p) => p !== null) ?? [];
      // A school recoded or an N lowered since the family chose: what still names the network, up to N.
      const preferencias = elegidas.filter((c) => codigos.has(c)).slice(0, maxPreferencias);
      if (preferencias.length === 0) continue;
      const numero = lista.solicitudes.length + 1;
      const solo = unidad.miembros.length === 1;
      lista.solicitudes.push({
        numero,
        sexos: unidad.miembros.map((m) => m.sexo),
        preferencias,
        // Siblings in primary are known at the school of the enrolment only.
        hermanosPrimariaEn:
          solo && unidad.hermanosPrimaria && preferencias.includes(escuela.codigo) ? [escuela.codigo] : [],
      });
      lista.iniciales[numero] = unidad.miembros.map((m) => iniciales(m.nombreCompleto));
      lista.origenes[numero] = { escuela: escuela.codigo, numeroInscripcion: unidad.numero, inscriptoIds: ids };
    }
  }
  return lista;
}

const porCodigo = (lista: ListaCongelada) => new Map(lista.escuelas.map((e) => [e.codigo, e]));

/** The engine's applications with their random numbers (1 as a placeholder before the draw). */
export function postulacionesDe(lista: ListaCongelada, azar?: ReadonlyMap<number, number>): TPostulacion[] {
  const escuelas = porCodigo(lista);
  return lista.solicitudes.map((s) => armarPostulacion(s, escuelas, azar?.get(s.numero) ?? 1));
}

/** The hash shown before the draw: schools and applications as the acta publishes them, without `azar`. */
export function hashDeLista(lista: ListaCongelada): string {
  const postulaciones = postulacionesDe(lista).map((p) => {
    const { azar: _azar, ...sinAzar } = postulacionParaActa(p, lista.iniciales[p.numero] ?? []);
    return sinAzar;
  });
  return hashListaAsignacion({ maxPreferencias: lista.maxPreferencias, escuelas: lista.escuelas, postulaciones });
}
