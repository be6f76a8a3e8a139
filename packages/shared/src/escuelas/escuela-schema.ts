import { z } from '../zod-es.ts';
import { ZCodigoEscuela } from './codigo.ts';
import { ZContenidoCampos } from '../configuracion/contenido-schema.ts';

/*
 * The network's schools (docs/decisions/0036): GET/POST/PUT /api/escuelas. A school's name, address, phone
 * and opening hours are its content (Configuración), with the same rules as there.
 */

const identidad = ZContenidoCampos.pick({ escuelaNombre: true, direccion: true, telefono: true, horarios: true });

/** POST /api/escuelas, and PUT /api/escuelas/{id} (the same fields). */
export const ZEscuelaCrear = z.strictObject({ codigo: ZCodigoEscuela, ...identidad.shape });
export type TEscuelaCrear = z.infer<typeof ZEscuelaCrear>;

export const ZEscuela = z.object({
  id: z.number().int(),
  codigo: z.string(),
  escuelaNombre: z.string(),
  direccion: z.string(),
  telefono: z.string(),
  horarios: z.string(),
});
export type TEscuela = z.infer<typeof ZEscuela>;

export const ZEscuelaLista = z.array(ZEscuela);

export const ZEscuelaIdParams = z.strictObject({
  id: z.coerce
    .number({ error: 'El identificador no es válido' })
    .int()
    .positive({ error: 'El identificador no es válido' }),
});

export const ESCUELA_FIELD_LABELS: Record<string, string> = {
  codigo: 'Código',
  escuelaNombre: 'Nombre de la escuela',
  direccion: 'Dirección de la escuela',
  telefono: 'Teléfono',
  horarios: 'Horario de atención',
};
