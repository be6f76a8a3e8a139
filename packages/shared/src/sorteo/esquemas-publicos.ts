import { z } from '../zod-es.ts';
import { ZActaPublica } from './acta-schema.ts';
import { ZParticipantesPublicos } from './api-schema.ts';
import { ZRegistroPublico } from '../plazas/registro-publico.ts';

/**
 * The public formats anyone can implement: the JSON Schema of each public document, made
 * from the same zod schema the server validates with, served without login at
 * `/api/sorteo/esquemas/{nombre}.json` and named by each document's `$schema`.
 */
const ESQUEMAS = {
  'acta-publica': { titulo: 'Acta pública de un sorteo', zod: ZActaPublica },
  'lista-publica': { titulo: 'Lista pública de participantes de un sorteo', zod: ZParticipantesPublicos },
  'registro-publico': {
    titulo: 'Registro público de ofertas y respuestas después de un sorteo',
    zod: ZRegistroPublico,
  },
} as const;

export type TNombreEsquema = keyof typeof ESQUEMAS;
export const NOMBRES_ESQUEMAS = Object.keys(ESQUEMAS) as TNombreEsquema[];

export const esEsquema = (nombre: string): nombre is TNombreEsquema => Object.hasOwn(ESQUEMAS, nombre);

/** The path a document's `$schema` names (relative to the server that published it). */
export const urlEsquema = (nombre: TNombreEsquema): string => `/api/sorteo/esquemas/${nombre}.json`;

/** The JSON Schema (draft 2020-12) of one public document. */
export function esquemaJson(nombre: TNombreEsquema): Record<string, unknown> {
  const { titulo, zod } = ESQUEMAS[nombre];
  return { ...z.toJSONSchema(zod, { target: 'draft-2020-12', io: 'output' }), $id: urlEsquema(nombre), title: titulo };
}
