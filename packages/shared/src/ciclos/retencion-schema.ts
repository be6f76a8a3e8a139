import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import { INSCRIPTO_FIELDS } from '../inscriptos/fields.ts';

/**
 * Retention (Ley 18.331 art. 8; docs/privacy.md, decision 0017): once a cycle is closed, the records of the
 * children who were not admitted are anonymised after a period (a setting, 12 months by default). What an
 * anonymised record keeps is exactly what the cycle's counts need.
 */

/** What an anonymised record keeps of its form: the counts by barrio and sex stay the same. */
export const CAMPOS_CONSERVADOS = ['barrio', 'sexo'] as const;

/** Labels of every form field anonymisation removes. */
export const CAMPOS_QUE_SE_BORRAN: readonly string[] = Object.freeze(
  INSCRIPTO_FIELDS.filter((f) => !(CAMPOS_CONSERVADOS as readonly string[]).includes(f.name)).map((f) => f.label),
);

export const MESES_RETENCION_POR_DEFECTO = 12;

const rango = 'Meses de conservación: un número entero entre 1 y 120';
export const ZRetencion = z.strictObject({
  meses: z.number({ error: rango }).int({ error: rango }).min(1, { error: rango }).max(120, { error: rango }),
});
export type TRetencion = z.output<typeof ZRetencion>;

export const ZRetencionEstado = ZRetencion.extend({
  actualizadoPor: z.string().nullable(),
  actualizadoEn: z.string().nullable(),
});
export type TRetencionEstado = z.output<typeof ZRetencionEstado>;

const ZConteo = z.record(z.string(), z.number().int());
/** The counts anonymisation keeps equal. */
export const ZAgregados = z.object({ barrio: ZConteo, estrato: ZConteo, sexo: ZConteo, estado: ZConteo });
export type TAgregados = z.output<typeof ZAgregados>;

export const ZVistaPrevia = z.object({
  ciclo: z.object({
    id: z.string(),
    nombre: z.string(),
    estado: z.enum(['abierto', 'cerrado']),
    cerradoEn: z.string().nullable(),
    anonimizadoEn: z.string().nullable(),
  }),
  mesesRetencion: z.number().int(),
  /** YYYY-MM-DD: the closing day plus the retention period; null while the cycle is open. */
  sugeridaDesde: z.string().nullable(),
  /** The period is over: the data should be anonymised now. */
  vencida: z.boolean(),
  total: z.number().int(),
  admitidos: z.number().int(),
  aAnonimizar: z.number().int(),
  yaAnonimizadas: z.number().int(),
  camposQueSeBorran: z.array(z.string()),
  seConserva: z.array(z.string()),
  agregados: ZAgregados,
  /** What the administrator types to confirm: the cycle's name. */
  confirmacion: z.string(),
  /** Why nothing can be anonymised yet (who was admitted is not known): no finished raffle, offers open. */
  bloqueo: z.string().nullable(),
});
export type TVistaPrevia = z.output<typeof ZVistaPrevia>;

export const ZAnonimizarBody = z.strictObject({
  confirmacion: safeText('Confirmación', { error: 'Escribí el nombre del ciclo para confirmar' }).max(100),
});

export const ZAnonimizarResultado = z.object({
  message: z.string(),
  anonimizadas: z.number().int(),
  agregadosAntes: ZAgregados,
  agregadosDespues: ZAgregados,
});
export type TAnonimizarResultado = z.output<typeof ZAnonimizarResultado>;

export const SE_CONSERVA = [
  'Barrio y sexo',
  'Estado, número y fechas de la inscripción',
  'Estrato e inscripción condicional (calculados antes de borrar)',
  'Quién la cargó y el historial de cambios (sin valores)',
];
