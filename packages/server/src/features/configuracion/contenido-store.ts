import type { Kysely } from 'kysely';
import {
  contenidoDesdeGuardado,
  contenidoPorDefecto,
  origenesDeMapas,
  type TContenido,
  type TContenidoEstado,
} from '@inscripciones/shared/configuracion/contenido-schema.ts';
import type { SorteoConfig } from '../../lib/config.ts';
import type { DB } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  CLAVE_CONTENIDO,
  findConfiguracion,
  type ConfiguracionRow,
} from '../../data/configuracion/configuracion-repository.ts';
import { findActual, type CicloRow } from '../../data/ciclos/ciclos-repository.ts';
import { contenidoDeCiclo } from '../../data/ciclos/ciclo-contenido.ts';

/**
 * The school's content as this instance last read it (docs/decisions/0011), for the readers that cannot wait
 * for the database: the CSP header of every response and the raffle's settings. Reads return the cached
 * value at once; when it is older than `ttlMs` a refresh starts in the background, so a change saved on
 * another instance (PostgreSQL, several instances) is seen here within a few seconds. A change saved here
 * is seen at once (the service hands the new row over). The API's own GET always reads the database.
 */
export interface ContenidoStore {
  /** The content in force: the stored row, or the data file's defaults with the SORTEO_* variables over them. */
  actual(): TContenido;
  /** The same with its version and who saved it (version 0: nothing stored yet). */
  estado(): TContenidoEstado;
  /** What applies while nothing is stored: the data file's defaults for today plus the environment. */
  inicial(): TContenido;
  /** Remembers a row just read or written (undefined: there is none). Returns its state. */
  recordar(row: ConfiguracionRow | undefined): TContenidoEstado;
  /** Remembers the current cycle just read or written: its lottery texts, year and places apply (0014). */
  recordarCiclo(ciclo: CicloRow): void;
  /** Reads the row now (start-up, tests). */
  refrescar(): Promise<TContenidoEstado>;
  /** CSP frame-src value: the configured maps' origins, or 'none'. */
  frameSrc(): string;
  /** The raffle's settings, live: each read reflects the content in force (see sorteoSettings()). */
  readonly sorteoConfig: Readonly<SorteoConfig>;
}

export interface ContenidoStoreOptions {
  db: Kysely<DB>;
  clock: Clock;
  /** Fields the environment sets (contenidoDeEntorno); they replace the data file's defaults. */
  entorno?: Partial<TContenido>;
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

const CONTENIDO_TTL_MS = 5_000;

/** The SORTEO_* variables that are set (config.sorteo), as content fields. */
export function contenidoDeEntorno(sorteo: Readonly<Partial<SorteoConfig>>): Partial<TContenido> {
  return {
    ...(sorteo.plazasNenas !== undefined ? { plazasNenas: sorteo.plazasNenas } : {}),
    ...(sorteo.plazasVarones !== undefined ? { plazasVarones: sorteo.plazasVarones } : {}),
    ...(sorteo.anio !== undefined ? { anioIngreso: sorteo.anio } : {}),
  };
}

function parseValor(valor: string): unknown {
  try {
    return JSON.parse(valor) as unknown;
  } catch {
    return null;
  }
}

/** A stored row as the API shows it; fields it lacks or that no longer validate come from `inicial`. */
export function estadoDesdeFila(row: ConfiguracionRow | undefined, inicial: TContenido): TContenidoEstado {
  if (!row) return { contenido: inicial, version: 0, actualizadoPor: null, actualizadoEn: null };
  return {
    contenido: contenidoDesdeGuardado(parseValor(row.valor), inicial),
    version: row.version,
    actualizadoPor: row.actualizado_por,
    actualizadoEn: row.actualizado_en,
  };
}

export function createContenidoStore(options: ContenidoStoreOptions): ContenidoStore {
  const { db, clock, entorno = {}, ttlMs = CONTENIDO_TTL_MS, onError = () => undefined } = options;
  // The stored row, parsed once; null while nothing is stored (or not read yet).
  let guardado: TContenidoEstado | null = null;
  let leidoEn = -Infinity;
  let enCurso: Promise<TContenidoEstado> | null = null;
  let ciclo: CicloRow | null = null;

  const inicial = (): TContenido => ({ ...contenidoPorDefecto(clock()), ...entorno });
  // The seasonal fields are the current cycle's, whatever the school's row says.
  const conCiclo = (e: TContenidoEstado): TContenidoEstado =>
    ciclo ? { ...e, contenido: { ...e.contenido, ...contenidoDeCiclo(ciclo) } } : e;

  const recordar = (row: ConfiguracionRow | undefined): TContenidoEstado => {
    const leido = estadoDesdeFila(row, inicial());
    guardado = row ? leido : null;
    leidoEn = performance.now();
    return conCiclo(leido);
  };

  const refrescar = (): Promise<TContenidoEstado> => {
    enCurso ??= Promise.all([findConfiguracion(db, CLAVE_CONTENIDO), findActual(db)])
      .then(([row, actual]) => {
        ciclo = actual;
        return recordar(row);
      })
      .finally(() => {
        enCurso = null;
      });
    return enCurso;
  };

  const estado = (): TContenidoEstado => {
    if (performance.now() - leidoEn > ttlMs && !enCurso) {
      // Keep answering with what we have; a failed read is retried on a later call.
      refrescar().catch(onError);
    }
    return conCiclo(guardado ?? estadoDesdeFila(undefined, inicial()));
  };

  const actual = () => estado().contenido;

  const sorteoConfig: Readonly<SorteoConfig> = Object.freeze({
    get plazasNenas() {
      return actual().plazasNenas;
    },
    get plazasVarones() {
      return actual().plazasVarones;
    },
    get anio() {
      return actual().anioIngreso;
    },
  });

  return {
    actual,
    estado,
    inicial,
    recordar,
    recordarCiclo: (row) => {
      ciclo = row;
    },
    refrescar,
    frameSrc: () => origenesDeMapas(actual()).join(' ') || "'none'",
    sorteoConfig,
  };
}
