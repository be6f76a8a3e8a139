import { z } from '../zod-es.ts';
import { ZCicloQuery, ZCicloRef } from '../ciclos/ciclo-schema.ts';
import { ZResumenLista } from '../plazas/plazas-schema.ts';

/**
 * GET /api/panel: every aggregate of the director's panel for one cycle in one response.
 * Aggregates only: every signed-in role reads it. Each count carries the list segment it stands for, so the
 * browser links a bar to the list filtered the same way (inscriptos/segmento.ts).
 */
export const ZPanelQuery = z.strictObject({ ciclo: ZCicloQuery });
export type TPanelQuery = z.infer<typeof ZPanelQuery>;

/** One bar: the segment's value (`clave`, as the list filter takes it), its label and its count. */
export const ZPanelConteo = z.object({ clave: z.string(), etiqueta: z.string(), cantidad: z.number().int() });
export type TPanelConteo = z.infer<typeof ZPanelConteo>;

export const ZPanelFuncionario = z.object({
  funcionario: z.string(),
  nombre: z.string(),
  finalizadas: z.number().int(),
  pendientes: z.number().int(),
});

export const ZPanelDia = z.object({
  /** YYYY-MM-DD, in Montevideo. */
  fecha: z.string(),
  cantidad: z.number().int(),
  acumulado: z.number().int(),
});

/**
 * The places after the cycle's finished raffle: per list, as GET /api/plazas gives them (the same
 * roll-up at the same clock). `actual`: the cycle is the current one, whose offers the Plazas screen shows.
 */
export const ZPanelPlazas = z.object({
  actual: z.boolean(),
  listas: z.object({ nenas: ZResumenLista, varones: ZResumenLista }),
});
export type TPanelPlazas = z.infer<typeof ZPanelPlazas>;

export const ZPanel = z.object({
  ciclo: ZCicloRef,
  /** The cycle's places (girls + boys): the line the cumulative enrolments are drawn against. */
  plazas: z.number().int(),
  tarjetas: z.object({
    total: z.number().int(),
    pendientes: z.number().int(),
    finalizadas: z.number().int(),
    condicionales: z.number().int(),
    estratoBajo: z.number().int(),
    /** Share of the total in stratum BAJO, 0–100 with one decimal; 0 when there are no records. */
    porcentajeEstratoBajo: z.number(),
    fueraDeZona: z.number().int(),
  }),
  porDia: z.array(ZPanelDia),
  porEstado: z.array(ZPanelConteo),
  porBarrio: z.array(ZPanelConteo),
  porEstrato: z.array(ZPanelConteo),
  /** A record may be conditional for several reasons: it counts once under each. */
  porMotivo: z.array(ZPanelConteo),
  porSexo: z.array(ZPanelConteo),
  porHermanos: z.array(ZPanelConteo),
  porFuncionario: z.array(ZPanelFuncionario),
  /**
   * After the raffle: places accepted, offered and free per list; null until the cycle's raffle is finished.
   * (`plazas` above is the cycle's total of places, the line of the daily chart.)
   */
  plazasSorteo: ZPanelPlazas.nullable(),
});
export type TPanel = z.infer<typeof ZPanel>;
