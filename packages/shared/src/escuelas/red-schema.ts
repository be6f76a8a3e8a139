import { z } from '../zod-es.ts';
import { ZPanelPlazas } from '../panel/panel-schema.ts';

/*
 * The network at a glance (docs/decisions/0036): GET /api/red/panel, each school's figures as its own panel
 * gives them; GET /api/red/duplicados, children (by CI) with an application in more than one school.
 */

const count = z.number().int().nonnegative();

export const ZRedPanelEscuela = z.object({
  codigo: z.string(),
  nombre: z.string(),
  /** The cycle in force of the school. */
  ciclo: z.object({ id: z.string(), nombre: z.string() }),
  solicitudes: count,
  finalizadas: count,
  pendientes: count,
  plazas: count,
  /** After the school's raffle: places accepted, offered and free per list; null until it is finished. */
  plazasSorteo: ZPanelPlazas.nullable(),
});

export const ZRedPanel = z.object({
  escuelas: z.array(ZRedPanelEscuela),
  totales: z.object({ solicitudes: count, finalizadas: count, pendientes: count, plazas: count }),
});
export type TRedPanel = z.infer<typeof ZRedPanel>;

export const ZRedDuplicado = z.object({
  ci: z.string(),
  escuelas: z.array(
    z.object({ codigo: z.string(), nombre: z.string(), numeroInscripcion: z.number().int().nullable() }),
  ),
});
export const ZRedDuplicados = z.object({ duplicados: z.array(ZRedDuplicado) });
export type TRedDuplicados = z.infer<typeof ZRedDuplicados>;

/** GET /api/duplicados/red: this school's applications whose child also applied to another school. */
export const ZEnOtrasEscuelas = z.object({
  inscripciones: z.array(
    z.object({ numeroInscripcion: z.number().int().nullable(), otrasEscuelas: z.array(z.string()) }),
  ),
});
export type TEnOtrasEscuelas = z.infer<typeof ZEnOtrasEscuelas>;
