import { AppError } from '@inscripciones/shared/errors.ts';
import { CICLO_MSG } from '@inscripciones/shared/ciclos/messages.ts';
import type { TPlazasCiclo, TPlazasEstado } from '@inscripciones/shared/plazas/plazas-schema.ts';
import { requirePermission, type SessionActor } from '../../lib/authorization.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import { leerTemporadaDe } from '../../domain/sorteos/temporada-lectura.ts';
import { estadoParaLector, estadoView } from './plazas-views.ts';
import type { AppContext } from '../../domain/context.ts';
import { findCiclo, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { abiertoEn, ciclosVigentes } from '../../domain/ciclos/temporadas-vigentes.ts';
import type { PlazasRuntime, TemporadaLeida } from '../../domain/sorteos/temporada.ts';

/**
 * Which cycle's season Plazas shows (docs/decisions/0030): the one asked for, or else the current cycle's while
 * its offers or suplentes are open, or else the newest cycle in force whose season still is, or else the
 * current one. A new cycle made current does not hide the season that is still running.
 */
export interface CicloElegido {
  ciclo: TPlazasCiclo;
  ciclos: TPlazasCiclo[];
  leida: TemporadaLeida | null;
}

type LeerTemporada = (ctx: AppContext, rt: PlazasRuntime, cicloId: string) => Promise<TemporadaLeida | null>;

async function elegirCiclo(
  ctx: AppContext,
  rt: PlazasRuntime,
  leer: LeerTemporada,
  cicloId: string | undefined,
): Promise<CicloElegido> {
  const vigentes = await ciclosVigentes(ctx.db, ctx.clock());
  if (cicloId && !vigentes.some((c) => c.id === cicloId)) {
    const pedido = await findCiclo(ctx.db, cicloId);
    if (!pedido) throw new AppError('NOT_FOUND', CICLO_MSG.notFound);
    vigentes.push(pedido);
  }
  const leidas = new Map<string, TemporadaLeida | null>();
  const opciones: TPlazasCiclo[] = [];
  for (const c of vigentes) {
    const leida = await leer(ctx, rt, c.id);
    leidas.set(c.id, leida);
    opciones.push(opcion(c, leida));
  }
  const elegido =
    opciones.find((o) => o.id === cicloId) ??
    opciones.find((o) => o.actual && o.abierta) ??
    opciones.find((o) => o.abierta) ??
    opciones.find((o) => o.actual)!;
  const ciclos = [...opciones].sort((a, b) => anio(vigentes, b.id) - anio(vigentes, a.id));
  return { ciclo: elegido, ciclos, leida: leidas.get(elegido.id) ?? null };
}

function opcion(c: CicloRow, leida: TemporadaLeida | null): TPlazasCiclo {
  const abierto = leida ? abiertoEn(leida.estado) : null;
  return {
    id: c.id,
    nombre: c.nombre,
    actual: c.actual === 1,
    abierta: !!abierto && abierto.ofertas + abierto.suplentes > 0,
  };
}

const anio = (ciclos: CicloRow[], id: string) => ciclos.find((c) => c.id === id)?.anio_ingreso ?? 0;

const EMPTY: Omit<TPlazasEstado, 'en' | 'ciclo' | 'ciclos'> = {
  sorteo: null,
  listas: {
    nenas: { plazas: 0, aceptadas: 0, ofrecidas: 0, libres: 0 },
    varones: { plazas: 0, aceptadas: 0, ofrecidas: 0, libres: 0 },
  },
  ofertas: [],
  cola: { nenas: [], varones: [] },
  historial: [],
};

/**
 * The staff's view of a cycle's season (the one still open unless `cicloId` names another); a list of children's
 * names, so each read is logged with how many.
 */
export async function getEstado(ctx: AppContext, rt: PlazasRuntime, actor: SessionActor, ip: string, cicloId?: string) {
  requirePermission(actor, 'plazas:leer');
  const { ciclo, ciclos, leida } = await elegirCiclo(ctx, rt, leerTemporadaDe, cicloId);
  const vista = leida ? estadoParaLector(actor, estadoView(leida)) : { ...EMPTY, en: ctx.clock().toISOString() };
  const estado: TPlazasEstado = { ciclo, ciclos, ...vista };
  const ninos = [...estado.ofertas, ...estado.cola.nenas, ...estado.cola.varones];
  const cantidad = new Set(ninos.map((n) => `${n.numeroInscripcion}:${n.miembro}`)).size;
  await recordAccess(ctx, actor, ip, { accion: 'listar', detalle: 'plazas', cantidad });
  return estado;
}
