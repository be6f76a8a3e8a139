import type { TRedDuplicados, TRedPanel, TEnOtrasEscuelas } from '@inscripciones/shared/escuelas/red-schema.ts';
import { ROL_EN_ESCUELA_DE_RED } from '@inscripciones/shared/roles.ts';
import { requirePermission, requireRed, type SessionActor } from '../../lib/authorization.ts';
import { actualesDeLaRed, findActual } from '../../data/ciclos/ciclos-repository.ts';
import { cisDelCiclo, cisRepetidasDeLaRed } from '../../data/inscriptos/panel-reads.ts';
import type { EscuelaAbierta, PuertoRed } from '../../domain/red/puerto-red.ts';
import { conLimite } from '../../lib/con-limite.ts';

/*
 * The network sees itself (decision 0036). Each school's figures come from its own panel's rule (its summary,
 * panel-service.ts's resumenDelPanel), so the two can never disagree; the check of one child in several schools
 * compares the CIs of the cycles in force.
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
 * The CIs of the cycles in force, with the schools (and numbers) each applied to, in the schools' order; the
 * callers keep those in two or more. On PostgreSQL the database matches them across the schools' schemas and
 * sends only those (two statements for the whole network), so the process is free for the other requests
 * meanwhile. On SQLite each school's file is read in turn, a turn of the event loop apart.
 */
async function cisDeLaRed(red: PuertoRed): Promise<PorCi> {
  const escuelas = red.abiertas();
  const porCi: PorCi = new Map();
  const agregar = (ci: string, escuela: EscuelaAbierta, numeroInscripcion: number | null) => {
    const lista = porCi.get(ci) ?? [];
    lista.push({ escuela, numeroInscripcion });
    porCi.set(ci, lista);
  };
  const primera = escuelas[0];
  if (primera?.ctx.dialect === 'postgres') {
    // Each school's schema: where its jobs' processes open its database too.
    const esquemas = escuelas.map((e) => ({ esquema: e.ctx.heavyJobs.database.pgSchema }));
    const ciclos = await actualesDeLaRed(primera.ctx.red.db, esquemas);
    const filas = await cisRepetidasDeLaRed(
      primera.ctx.red.db,
      esquemas.map((e, i) => ({ ...e, cicloId: ciclos[i]! })),
    );
    for (const { ci, i, numero_inscripcion } of filas) agregar(ci, escuelas[i]!, numero_inscripcion);
    return porCi;
  }
  for (const escuela of escuelas) {
    const filas = await cisDelCiclo(escuela.ctx.db, (await findActual(escuela.ctx.db)).id);
    await new Promise((resolve) => setImmediate(resolve));
    // A CI is unique in a cycle (inscriptos_ci_unique): at most once per school.
    for (const { ci, numero_inscripcion } of filas) agregar(ci, escuela, numero_inscripcion);
  }
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
