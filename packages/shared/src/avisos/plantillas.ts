import { z } from '../zod-es.ts';
import { safeText } from '../text-rule.ts';
import type { AvisoTipo } from './avisos-schema.ts';

/**
 * The texts of the messages to the families (docs/decisions/0029): one template per step, with the defaults here
 * and an administrator's changes stored in Configuración. A template names only what a message may carry: the
 * school, the number, the initials, a date and a link; never a CI, a full name or an address (there is no
 * placeholder for them).
 */

export const PLANTILLAS = [
  'inscripcion',
  'sorteoTitular',
  'sorteoSuplente',
  'oferta',
  'recordatorio',
  'vencimiento',
  'corrimiento',
  'aceptada',
] as const;
export type Plantilla = (typeof PLANTILLAS)[number];

/** The outbox's kind of each template: a titular's result carries its offer and deadline, so it is an offer. */
export const TIPO_DE_PLANTILLA: Readonly<Record<Plantilla, AvisoTipo>> = {
  inscripcion: 'inscripcion',
  sorteoTitular: 'oferta',
  sorteoSuplente: 'sorteo',
  oferta: 'oferta',
  recordatorio: 'recordatorio',
  vencimiento: 'vencimiento',
  corrimiento: 'corrimiento',
  aceptada: 'aceptada',
};

export const PLANTILLA_LABELS: Readonly<Record<Plantilla, string>> = {
  inscripcion: 'Inscripción finalizada',
  sorteoTitular: 'Resultado del sorteo: titular',
  sorteoSuplente: 'Resultado del sorteo: suplente',
  oferta: 'Oferta de un lugar',
  recordatorio: 'Recordatorio (24 horas antes del plazo)',
  vencimiento: 'Oferta vencida',
  corrimiento: 'Avance en la lista de suplentes',
  aceptada: 'Lugar confirmado',
};

export const VARIABLES = ['escuela', 'numero', 'iniciales', 'vence', 'posicion', 'enlace'] as const;
export type Variable = (typeof VARIABLES)[number];
export type Variables = Partial<Record<Variable, string>>;

export const VARIABLE_LABELS: Readonly<Record<Variable, string>> = {
  escuela: 'nombre de la escuela',
  numero: 'número de inscripción',
  iniciales: 'iniciales del niño o niña',
  vence: 'fecha y hora en que vence el plazo',
  posicion: 'lugar en la lista de suplentes',
  enlace: 'enlace a la página del estado de la inscripción',
};

/** Which placeholders each template may use (a suplente's result has no deadline; an offer no position). */
export const VARIABLES_DE: Readonly<Record<Plantilla, readonly Variable[]>> = {
  inscripcion: ['escuela', 'numero', 'iniciales', 'enlace'],
  sorteoTitular: ['escuela', 'numero', 'iniciales', 'vence', 'enlace'],
  sorteoSuplente: ['escuela', 'numero', 'iniciales', 'posicion', 'enlace'],
  oferta: ['escuela', 'numero', 'iniciales', 'vence', 'enlace'],
  recordatorio: ['escuela', 'numero', 'iniciales', 'vence', 'enlace'],
  vencimiento: ['escuela', 'numero', 'iniciales', 'enlace'],
  corrimiento: ['escuela', 'numero', 'iniciales', 'posicion', 'enlace'],
  aceptada: ['escuela', 'numero', 'iniciales', 'enlace'],
};

export interface TextoAviso {
  /** The e-mail's subject. */
  asunto: string;
  /** The e-mail's body and the phone message. */
  texto: string;
}

export const PLANTILLAS_POR_DEFECTO: Readonly<Record<Plantilla, TextoAviso>> = {
  inscripcion: {
    asunto: '{escuela}: inscripción N° {numero} finalizada',
    texto: '{escuela}: la inscripción N° {numero} ({iniciales}) quedó finalizada. Podés ver su estado en {enlace}',
  },
  sorteoTitular: {
    asunto: '{escuela}: resultado del sorteo, N° {numero}',
    texto:
      '{escuela}: en el sorteo, la inscripción N° {numero} ({iniciales}) obtuvo un lugar. Para no perderlo, confirmalo antes del {vence}, en la escuela o desde el enlace. Estado: {enlace}',
  },
  sorteoSuplente: {
    asunto: '{escuela}: resultado del sorteo, N° {numero}',
    texto:
      '{escuela}: en el sorteo, la inscripción N° {numero} ({iniciales}) quedó suplente N° {posicion}. Si se libera un lugar te avisamos. Estado: {enlace}',
  },
  oferta: {
    asunto: '{escuela}: hay un lugar para la inscripción N° {numero}',
    texto:
      '{escuela}: hay un lugar para la inscripción N° {numero} ({iniciales}). Para no perderlo, confirmalo antes del {vence}, en la escuela o desde el enlace. Estado: {enlace}',
  },
  recordatorio: {
    asunto: '{escuela}: el lugar de la inscripción N° {numero} vence mañana',
    texto:
      '{escuela}: recordá que el lugar ofrecido a la inscripción N° {numero} ({iniciales}) vence el {vence}. Si no lo confirmás antes, pasa al siguiente suplente. Estado: {enlace}',
  },
  vencimiento: {
    asunto: '{escuela}: venció el plazo de la inscripción N° {numero}',
    texto:
      '{escuela}: venció el plazo del lugar ofrecido a la inscripción N° {numero} ({iniciales}) sin que se confirmara, y el lugar pasó al siguiente suplente. Si creés que hay un error, consultá en la escuela. Estado: {enlace}',
  },
  corrimiento: {
    asunto: '{escuela}: la inscripción N° {numero} avanzó en la lista de suplentes',
    texto:
      '{escuela}: la inscripción N° {numero} ({iniciales}) avanzó en la lista de suplentes: ahora es suplente N° {posicion}. Estado: {enlace}',
  },
  aceptada: {
    asunto: '{escuela}: lugar confirmado, inscripción N° {numero}',
    texto: '{escuela}: quedó confirmado el lugar de la inscripción N° {numero} ({iniciales}). Estado: {enlace}',
  },
};

/** Replaces each {variable} with its value; an unknown or missing one is left as written. */
export function completarPlantilla(plantilla: string, vars: Variables): string {
  return plantilla.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = (vars as Record<string, string | undefined>)[name];
    return value === undefined ? whole : value;
  });
}

/** The placeholders of a text that its template may not use (a typo, or one with nothing to put there). */
export function variablesDesconocidas(plantilla: Plantilla, texto: string): string[] {
  const permitidas = new Set<string>(VARIABLES_DE[plantilla]);
  return [...texto.matchAll(/\{(\w*)\}/g)].map((m) => m[1]!).filter((v) => !permitidas.has(v));
}

/** Example values for the preview in Configuración. */
export const EJEMPLO_VARIABLES: Required<Variables> = {
  escuela: 'Escuela N° 1',
  numero: '042',
  iniciales: 'A. P.',
  vence: '12/12/2026 18:00',
  posicion: '3',
  enlace: 'https://inscripciones.escuela.edu.uy/estado?numero=42&codigo=…',
};

export const ASUNTO_MAX = 150;
export const TEXTO_MAX = 600;

const ZTextoAviso = z.strictObject({
  asunto: safeText('Asunto')
    .min(1, { error: 'Asunto: no puede quedar vacío' })
    .max(ASUNTO_MAX, { error: `Asunto: como máximo ${ASUNTO_MAX} caracteres` }),
  texto: safeText('Texto')
    .min(1, { error: 'Texto: no puede quedar vacío' })
    .max(TEXTO_MAX, { error: `Texto: como máximo ${TEXTO_MAX} caracteres` }),
});

/** The texts in force: every template, the administrator's where changed. */
export const ZPlantillasAvisos = z.strictObject(
  Object.fromEntries(PLANTILLAS.map((p) => [p, ZTextoAviso])) as Record<Plantilla, typeof ZTextoAviso>,
);
export type TPlantillasAvisos = z.infer<typeof ZPlantillasAvisos>;

/** GET /api/avisos/textos: the texts in force, the defaults (to restore one) and the version to save against. */
export const ZPlantillasEstado = z.object({
  textos: ZPlantillasAvisos,
  porDefecto: ZPlantillasAvisos,
  version: z.number().int(),
});
export type TPlantillasEstado = z.infer<typeof ZPlantillasEstado>;

/** PUT /api/avisos/textos. */
export const ZPlantillasBody = z
  .strictObject({ textos: ZPlantillasAvisos, version: z.number().int().min(0) })
  .superRefine((body, ctx) => {
    for (const p of PLANTILLAS) {
      for (const campo of ['asunto', 'texto'] as const) {
        const malas = variablesDesconocidas(p, body.textos[p][campo]);
        if (malas.length) {
          ctx.addIssue({
            code: 'custom',
            path: ['textos', p, campo],
            message: `${PLANTILLA_LABELS[p]}: {${malas[0]}} no se puede usar en este aviso (se pueden usar ${VARIABLES_DE[p].map((v) => `{${v}}`).join(', ')})`,
          });
        }
      }
    }
  });
export type TPlantillasBody = z.infer<typeof ZPlantillasBody>;

/** What is stored merged over the defaults: a template saved before a new one existed keeps working. */
export function plantillasVigentes(guardado: unknown): TPlantillasAvisos {
  const base: Record<string, TextoAviso> = { ...PLANTILLAS_POR_DEFECTO };
  if (typeof guardado === 'object' && guardado !== null) {
    for (const p of PLANTILLAS) {
      const parsed = ZTextoAviso.safeParse((guardado as Record<string, unknown>)[p]);
      if (parsed.success) base[p] = parsed.data;
    }
  }
  return base as TPlantillasAvisos;
}
