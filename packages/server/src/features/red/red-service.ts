import type { TRedDuplicados, TRedPanel, TEnOtrasEscuelas } from '@inscripciones/shared/escuelas/red-schema.ts';
import { ROL_EN_ESCUELA_DE_RED } from '@inscripciones/shared/roles.ts';
import { requirePermission, requireRed, type SessionActor } from '../../lib/authorization.ts';
import { findActual } from '../../data/ciclos/ciclos-repository.ts';
import { cisDelCiclo } from '../../data/inscriptos/panel-reads.ts';
import type { EscuelaAbierta, PuertoRed } from '../../domain/red/puerto-red.ts';
import { conLimite } from '../../lib/con-limite.ts';

/*
 * The network sees itself (decision 0036). Each school's figures come from that school's own panel, so the
 * two can never disagree; the check of one child in several schools compares the CIs of the cycles in force.
 */

/** Schools read at once by the network's panel: under the network's pool of connections (10). */
const LECTURAS_A_LA_VEZ = 4;

/** The network role's way into one school's own panel. */
const comoLector = (actor: SessionActor): SessionActor => ({ ...actor, role: ROL_EN_ESCUELA_DE_RED.lector_red });

export async function panelDeRed(red: PuertoRed, actor: SessionActor): Promise<TRedPanel> {
  requireRed(actor, 'leer');
  // In parallel, a few schools at a time: the network's pool keeps connections free for every other request.
  const escuelas: TRedPanel['escuelas'] = await conLimite(red.abiertas(), LECTURAS_A_LA_VEZ, async (e) => {
    const p = await e.resumenPanel(comoLector(actor));
    return {
      codigo: e.ctx.escuela.codigo,
      nombre: e.identidad().escuelaNombre,
      ciclo: { id: p.ciclo.id, nombre: p.ciclo.nombre },
      solicitudes: p.tarjetas.total,
      finalizadas: p.tarjetas.finalizadas,
      pendientes: p.tarjetas.pendientes,
      plazas: p.plazas,
      plazasSorteo: p.plazasSorteo,
    };
  });
  const suma = (k: 'solicitudes' | 'finalizadas' | 'pendientes' | 'plazas') => escuelas.reduce((a, e) => a + e[k], 0);
  return {
    escuelas,
    totales: {
      solicitudes: suma('solicitudes'),
      finalizadas: suma('finalizadas'),
      pendientes: suma('pendientes'),
      plazas: suma('plazas'),
    },
  };
}

type PorCi = Map<string, { escuela: EscuelaAbierta; numeroInscripcion: number | null }[]>;

/**
 * The duplicates read two schools at a time: each one's CIs are a thousand rows or so, and fewer of those reads
 * at once leave the processor to the other requests, while the whole check stays well under its 2 s.
 */
const DUPLICADOS_A_LA_VEZ = 2;

/**
 * Every CI of the cycles in force, with the schools (and numbers) it applied to. Each school's CIs are merged a
 * turn of the event loop after they arrive (the requests waiting meanwhile go first), as soon as those of the
 * schools before it are: the same lists, in the same order, as reading one school after another.
 */
async function cisDeLaRed(red: PuertoRed): Promise<PorCi> {
  const escuelas = red.abiertas();
  const leidas = new Map<number, Awaited<ReturnType<typeof cisDelCiclo>>>();
  const porCi: PorCi = new Map();
  let siguiente = 0;
  await conLimite([...escuelas.keys()], DUPLICADOS_A_LA_VEZ, async (i) => {
    // Both reads on one connection: on PostgreSQL it is set to the school's schema once.
    const filas = await escuelas[i]!.ctx.db.connection().execute(async (db) =>
      cisDelCiclo(db, (await findActual(db)).id),
    );
    leidas.set(i, filas);
    await new Promise((resolve) => setImmediate(resolve));
    for (let lote = leidas.get(siguiente); lote; lote = leidas.get(siguiente)) {
      const escuela = escuelas[siguiente]!;
      leidas.delete(siguiente++);
      for (const { ci, numero_inscripcion } of lote) {
        const lista = porCi.get(ci) ?? [];
        // A CI twice in one school's cycle counts once there, with its first record.
        if (lista.at(-1)?.escuela !== escuela) lista.push({ escuela, numeroInscripcion: numero_inscripcion });
        porCi.set(ci, lista);
      }
    }
  });
  return porCi;
}

/** GET /api/red/duplicados: the network's administrator sees each child that applied to several schools. */
export async function duplicadosDeRed(red: PuertoRed, actor: SessionActor): Promise<TRedDuplicados> {
  requireRed(actor, 'administrar');
  const duplicados: TRedDuplicados['duplicados'] = [];
  for (const [ci, escuelas] of await cisDeLaRed(red)) {
    if (escuelas.length < 2) continue;
    duplicados.push({
      ci,
      escuelas: escuelas.map((x) => ({
        codigo: x.escuela.ctx.escuela.codigo,
        nombre: x.escuela.identidad().escuelaNombre,
        numeroInscripcion: x.numeroInscripcion,
      })),
    });
  }
  return { duplicados: duplicados.sort((a, b) => a.ci.localeCompare(b.ci)) };
}

/**
 * GET /api/duplicados/red: a school's staff learn which of their applications also applied elsewhere in the
 * network, and where; nothing of the other school's record (not even its number).
 */
export async function enOtrasEscuelas(
  red: PuertoRed,
  escuelaId: number,
  actor: SessionActor,
): Promise<TEnOtrasEscuelas> {
  requirePermission(actor, 'duplicados:leer');
  const inscripciones: TEnOtrasEscuelas['inscripciones'] = [];
  for (const escuelas of (await cisDeLaRed(red)).values()) {
    const propia = escuelas.find((x) => x.escuela.ctx.escuela.id === escuelaId);
    if (!propia || escuelas.length < 2) continue;
    inscripciones.push({
      numeroInscripcion: propia.numeroInscripcion,
      otrasEscuelas: escuelas.filter((x) => x !== propia).map((x) => x.escuela.identidad().escuelaNombre),
    });
  }
  return { inscripciones: inscripciones.sort((a, b) => (a.numeroInscripcion ?? 0) - (b.numeroInscripcion ?? 0)) };
}
