import { AppError } from '@inscripciones/shared/errors.ts';
import { ESTADO_MSG } from '@inscripciones/shared/estado/messages.ts';
import {
  normalizarCodigo,
  type TConsultaEstado,
  type TEstadoFamilia,
  type TNinoEstado,
} from '@inscripciones/shared/estado/estado-schema.ts';
import { siguientePaso } from '@inscripciones/shared/estado/siguiente.ts';
import { SECTION_NUMBERS, SECTION_TITLES } from '@inscripciones/shared/inscriptos/fields.ts';
import { sectionMissing } from '@inscripciones/shared/inscriptos/sections.ts';
import { iniciales } from '@inscripciones/shared/sorteo/format.ts';
import type { TEstadoPlazas } from '@inscripciones/shared/sorteo/plazas-estado.ts';
import type { TUnidad } from '@inscripciones/shared/sorteo/schemas.ts';
import { textosSorteoConAnio } from '@inscripciones/shared/configuracion/textos.ts';
import type { AppContext } from '../../domain/context.ts';
import type { CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { contenidoDeCiclo } from '../../data/ciclos/ciclo-contenido.ts';
import { ciclosVigentes } from '../../domain/ciclos/temporadas-vigentes.ts';
import { rowData } from '../../data/inscriptos/inscripto-mapper.ts';
import { createRateLimitStore, type RateWindow } from '../../data/rate-limits/rate-limit-store.ts';
import { recordAccess } from '../../domain/datos-personales/datos-personales.ts';
import { codigoCoincide, hashCodigo } from '../../lib/codigos.ts';
import * as repo from '../../data/codigos-estado/codigos-repository.ts';
import { estadoEnRed } from './estado-en-red.ts';
import { recordsOfNumber } from '../../data/inscriptos/inscriptos-repository.ts';

/**
 * The families' status page (docs/decisions/0023). A wrong number and a wrong code give the same
 * 404; lookups are limited per address and per number; each one is in the access log, by record id only.
 */

/** The published raffle's season as stored, read without writing (leerTemporadaActual, given by the app). */
export interface TemporadaFamilias {
  byNumero: ReadonlyMap<number, TUnidad>;
  estado: TEstadoPlazas;
}

export interface EstadoDeps {
  /** The school's name in force, printed at the top of the constancia. */
  escuela: () => string;
  /** The school's phone, address and hours in force (Configuración): where the family does what comes next. */
  contacto: () => TEstadoFamilia['escuela'];
  /** The season of a cycle's finished raffle; null before it. */
  temporada: (cicloId: string) => Promise<TemporadaFamilias | null>;
}

export const ESTADO_LIMITS = { windowMs: 15 * 60 * 1000, perIp: 30, perNumero: 10 } as const;

/** Compared against when the number has no code, so both failures take the same work. */
const SIN_CODIGO = hashCodigo('');

class EstadoRateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('RATE_LIMITED', ESTADO_MSG.demasiadas(Math.max(1, Math.ceil(retryAfterSeconds / 60))));
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Counts the lookup on the address's key and then the number's, each with one conditional upsert (`take`), so a
 * burst of concurrent lookups cannot pass the limits together. A lookup refused by the number's limit is
 * uncounted from the address's again: a blocked number does not use up a school's lookups.
 */
async function limitar(ctx: AppContext, ip: string, numero: number, limits: typeof ESTADO_LIMITS) {
  const store = createRateLimitStore(ctx.red.db);
  const now = ctx.clock();
  const refuse = (w: RateWindow) => new EstadoRateLimitedError(Math.ceil((w.resetAt.getTime() - now.getTime()) / 1000));
  const ipKey = `estado:ip:${ip}`;
  const porIp = await store.take(ipKey, now, limits.windowMs, limits.perIp);
  if (!porIp.counted) throw refuse(porIp);
  const porNumero = await store.take(`estado:numero:${numero}`, now, limits.windowMs, limits.perNumero);
  if (!porNumero.counted) {
    await store.release(ipKey, porIp);
    throw refuse(porNumero);
  }
}

/**
 * The cycle whose code for the number this is, among every cycle in force (decision 0030): numbers restart
 * each cycle, so the code tells them apart. Every candidate is compared, found or not.
 */
export async function cicloDelCodigo(ctx: AppContext, numero: number, codigo: string): Promise<CicloRow | null> {
  let found: CicloRow | null = null;
  for (const ciclo of await ciclosVigentes(ctx.db, ctx.clock())) {
    const stored = await repo.findCodigo(ctx.db, ciclo.id, numero);
    if (codigoCoincide(codigo, stored?.hash ?? SIN_CODIGO) && stored && !found) found = ciclo;
  }
  return found;
}

export async function consultar(
  ctx: AppContext,
  deps: EstadoDeps,
  ip: string,
  body: TConsultaEstado,
  limits = ESTADO_LIMITS,
): Promise<TEstadoFamilia> {
  const numero = body.numeroInscripcion;
  try {
    await limitar(ctx, ip, numero, limits);
  } catch (e) {
    await recordAccess(ctx, null, ip, { accion: 'consultar-estado', detalle: 'demasiadas' });
    throw e;
  }
  const ciclo = await cicloDelCodigo(ctx, numero, normalizarCodigo(body.codigo));
  const records = ciclo ? await recordsOfNumber(ctx.db, ciclo.id, numero) : [];
  await recordAccess(ctx, null, ip, {
    accion: 'consultar-estado',
    inscriptoId: records[0]?.id ?? null,
    detalle: records.length ? 'encontrada' : 'no encontrada',
  });
  if (!ciclo || !records.length) throw new AppError('NOT_FOUND', ESTADO_MSG.noEncontrada);

  const sorteo = textosSorteoConAnio(contenidoDeCiclo(ciclo));
  const base = {
    numeroInscripcion: numero,
    ciclo: ciclo.nombre,
    sorteo: { fecha: sorteo.fecha, hora: sorteo.hora, lugar: sorteo.lugar, transmisionUrl: sorteo.transmisionUrl },
    faltan: [] as string[],
    escuela: deps.contacto(),
  };
  const conPaso = (e: Omit<TEstadoFamilia, 'siguiente'>): TEstadoFamilia => ({ ...e, siguiente: siguientePaso(e) });
  const datos = records.map((r) => ({ estado: r.estado, datos: rowData(r) }));
  const inicialesDe = (d: (typeof datos)[number]['datos']) =>
    iniciales([d.nombre1, d.nombre2, d.apellido1, d.apellido2].filter(Boolean).join(' '));
  const temporada = await deps.temporada(ciclo.id);
  if (temporada) {
    const unidad = temporada.byNumero.get(numero);
    if (!unidad) {
      return conPaso({
        ...base,
        estado: 'no-participo',
        ninos: datos.map((d) => ({ iniciales: inicialesDe(d.datos), estado: 'no-participo' })),
      });
    }
    return conPaso({
      ...base,
      estado: 'sorteada',
      ninos: unidad.miembros.map((m, i) => ({
        ...ninoSorteado(temporada.estado, numero, i, iniciales(m.nombreCompleto)),
        ...(m.huella ? { huella: m.huella } : {}),
      })),
    });
  }
  // A year the network assigns: the family's place in the network, each child by initials only.
  const red = await estadoEnRed(ctx, ciclo.anio_ingreso, numero);
  if (red) {
    return conPaso({
      ...base,
      estado: 'sorteada',
      ninos: datos.map((d) => ({ iniciales: inicialesDe(d.datos), estado: 'finalizada' as const })),
      red,
    });
  }
  const pendientes = datos.filter((d) => d.estado === 'pendiente');
  const faltan = SECTION_NUMBERS.filter((s) => pendientes.some((d) => sectionMissing(s, d.datos).length > 0));
  return conPaso({
    ...base,
    estado: pendientes.length ? 'pendiente' : 'finalizada',
    faltan: faltan.map((s) => SECTION_TITLES[s]),
    ninos: datos.map((d) => ({
      iniciales: inicialesDe(d.datos),
      estado: d.estado === 'pendiente' ? ('pendiente' as const) : ('finalizada' as const),
    })),
  });
}

/** One child of a drawn number: their offer, their place in the queue, or how their place ended. */
function ninoSorteado(estado: TEstadoPlazas, numero: number, miembro: number, ini: string): TNinoEstado {
  const oferta = estado.ofertas.find((o) => o.numero === numero);
  const suyo = oferta?.miembros.find((m) => m.miembro === miembro);
  if (oferta && suyo && suyo.estado !== 'espera') {
    const estadoNino = suyo.estado === 'ofrecida' ? 'titular' : suyo.estado;
    return {
      iniciales: ini,
      estado: estadoNino,
      lista: suyo.lista,
      ...(estadoNino === 'titular' ? { vence: oferta.vence } : {}),
    };
  }
  for (const lista of ['nenas', 'varones'] as const) {
    const enCola = estado.cola[lista].find((c) => c.numero === numero && c.miembro === miembro);
    if (enCola) {
      return {
        iniciales: ini,
        estado: 'suplente',
        lista,
        posicion: enCola.posicionActual,
        ofertasPendientes: estado.listas[lista].ofrecidas,
      };
    }
  }
  // A suplente who declined before an offer left the queue: their last change says so.
  const ultimo = estado.historial.findLast((c) => c.numero === numero && c.miembro === miembro);
  if (ultimo && ultimo.estado !== 'ofrecida') return { iniciales: ini, estado: ultimo.estado, lista: ultimo.lista };
  return { iniciales: ini, estado: 'no-participo' };
}
